import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import EditRecoveryScreen from './EditRecoveryScreen';

const stack = withRealStack();
const routes = [{ path: '/security/edit-recovery', element: <EditRecoveryScreen /> }];

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

describe('recovery keys', () => {
  it('counts the unused keys and, after a warning, shows 10 new ones once', async () => {
    await signedInAs(stack(), 'totp@example.be');
    await renderScreen('/security/edit-recovery', routes);
    const user = userEvent.setup();
    expect(await screen.findByText('10 unused recovery keys')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Generate new keys' }));
    const dialog = screen.getByRole('dialog', { name: 'Generate new recovery keys?' });
    expect(dialog).toHaveTextContent('Your old recovery keys will stop working at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Generate new keys' }));

    const keys = await screen.findByRole('list', { name: 'Recovery keys' });
    expect(within(keys).getAllByRole('listitem')).toHaveLength(10);
    expect(keys).not.toHaveTextContent('RECOVERY01');
    const download = screen.getByRole('link', { name: 'Download as a text file' });
    expect(download).toHaveAttribute('download', 'recovery-keys.txt');
    const text = decodeURIComponent(download.getAttribute('href')?.split(',')[1] ?? '');
    expect(text).toContain(within(keys).getAllByRole('listitem')[0]?.textContent ?? '?');
  });

  it('points a user without an authenticator app to setting one up', async () => {
    await signedInAs(stack());
    await renderScreen('/security/edit-recovery', routes);
    expect(
      await screen.findByText(
        'Recovery keys belong to an authenticator app, and you have none yet.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Set up an authenticator app' })).toBeVisible();
  });
});
