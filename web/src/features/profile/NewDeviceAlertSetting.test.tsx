import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import { NewDeviceAlertSetting } from './components/NewDeviceAlertSetting';

const stack = withRealStack();
const routes = [{ path: '/profile', element: <NewDeviceAlertSetting /> }];

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

describe('new-device sign-in alert setting', () => {
  it('is on by default, and switching it off is saved upstream', async () => {
    const token = await signedInAs(stack());
    await renderScreen('/profile', routes);
    const user = userEvent.setup({ delay: null });
    const box = await screen.findByRole('switch', {
      name: 'E-mail me when someone logs in from a new device',
    });
    await expect.poll(() => (box as HTMLInputElement).disabled).toBe(false);
    expect(box).toBeChecked();

    await user.click(box);
    expect(await screen.findByText('Your choice has been saved.')).toBeVisible();
    expect(box).not.toBeChecked();
    const saved = await stack().gateway.inject({
      url: '/api/user/notifications',
      headers: {
        host: '127.0.0.1',
        cookie: `access_token=${token}`,
        'x-device-id': crypto.randomUUID(),
      },
    });
    expect(saved.json()).toEqual({ new_device_sign_in: false });
  }, 20_000);
});
