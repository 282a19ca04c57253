import { newDeviceCookie, signIn } from '@portal/gateway/test-helpers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import TrustedDevicesScreen from './TrustedDevicesScreen';

const stack = withRealStack();
const routes = [{ path: '/security/trusted-devices', element: <TrustedDevicesScreen /> }];

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

/** Trusts another device, then this page's, and signs the page in. */
async function twoTrustedDevices() {
  const mine = stack().deviceCookie;
  stack().deviceCookie = newDeviceCookie();
  await signIn(stack(), 'employee@example.be', '127.0.0.1', { trustDevice: true });
  stack().deviceCookie = mine;
  await signIn(stack(), 'employee@example.be', '127.0.0.1', { trustDevice: true });
  await signedInAs(stack());
}

describe('trusted devices', () => {
  it('lists each trusted device with where and when, and stops trusting one after confirming', async () => {
    await twoTrustedDevices();
    await renderScreen('/security/trusted-devices', routes);
    const user = userEvent.setup({ delay: null });

    const list = await screen.findByRole('list', { name: 'Trusted devices' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const mine = rows.filter((r) => within(r).queryByText('This device'));
    expect(mine).toHaveLength(1);
    for (const row of rows) {
      expect(within(row).getByText(/^Trusted since .+ · last used .+/)).toBeVisible();
      expect(within(row).getByText(/Brussels, Belgium$/)).toBeVisible();
    }

    const other = rows.find((r) => !within(r).queryByText('This device')) as HTMLElement;
    await user.click(within(other).getByRole('button', { name: /^Stop trusting / }));
    const dialog = screen.getByRole('dialog', { name: 'Stop trusting this device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await user.click(within(other).getByRole('button', { name: /^Stop trusting / }));
    const again = screen.getByRole('dialog', { name: 'Stop trusting this device?' });
    await user.click(within(again).getByRole('button', { name: 'Stop trusting' }));
    expect(await screen.findByText(/is no longer trusted\.$/)).toBeVisible();
    await expect
      .poll(() =>
        within(screen.getByRole('list', { name: 'Trusted devices' })).getAllByRole('listitem'),
      )
      .toHaveLength(1);
    expect(screen.getByText('This device')).toBeVisible();
  }, 20_000);

  it('stops trusting every device at once', async () => {
    await twoTrustedDevices();
    await renderScreen('/security/trusted-devices', routes);
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Trusted devices' });
    await user.click(screen.getByRole('button', { name: 'Stop trusting all devices' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop trusting all devices?' });
    expect(within(dialog).getByText(/each of these 2 devices/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Stop trusting all devices' }));
    expect(await screen.findByText('No device is trusted any more.')).toBeVisible();
    expect(await screen.findByText(/^No device skips the verification code\./)).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Trusted devices' })).toBeNull();
  }, 20_000);
});
