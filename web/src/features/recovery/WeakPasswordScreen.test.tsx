import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { leave } from '../../lib/sign-in-flow';
import { renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import WeakPasswordScreen from './WeakPasswordScreen';

const stack = withRealStack();
const routes = [{ path: '/weak-password', element: <WeakPasswordScreen /> }];

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

describe('weak password (the sign-in goes on where the gateway says)', () => {
  it('says why, and once the new password is saved goes straight on to the checked target', async () => {
    await signedInAs(stack(), 'weak@example.be');
    const left = vi.spyOn(leave, 'to').mockImplementation(() => {});
    onTestFinished(() => left.mockRestore());
    const user = userEvent.setup();
    await renderScreen('/weak-password?verified=true&target=%2Fsecurity', routes);
    // Its password_status is 1: found in a data breach, not "no longer meets our rules".
    expect(
      await screen.findByText(/Your current password appears in a list of passwords exposed/),
    ).toBeVisible();
    expect(screen.queryByText(/no longer meets our password rules/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'A-much-Stronger-2026!');
    await user.type(screen.getByLabelText('Repeat the new password'), 'A-much-Stronger-2026!');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    // No "Password changed → Continue" stop: the page the gateway decided, at once.
    await vi.waitFor(() => expect(left).toHaveBeenCalledWith('/security'));
    expect(screen.queryByText('Password changed')).not.toBeInTheDocument();
  });

  it('says the password no longer meets the rules when that is the reason (password_status 2)', async () => {
    for (const account of stack().be.store.accounts.values()) {
      if (account.email.some((row) => row.value === 'weak@example.be')) account.password_status = 2;
    }
    await signedInAs(stack(), 'weak@example.be');
    await renderScreen('/weak-password?verified=true', routes);
    expect(
      await screen.findByText(/Your current password no longer meets our password rules\./),
    ).toBeVisible();
    expect(screen.queryByText(/data breaches/)).not.toBeInTheDocument();
  });

  it('never leaves for another host named as the target: the dashboard', async () => {
    await signedInAs(stack(), 'weak@example.be');
    const left = vi.spyOn(leave, 'to').mockImplementation(() => {});
    onTestFinished(() => left.mockRestore());
    const user = userEvent.setup();
    const target = encodeURIComponent('/.//127.0.0.1:3399/x');
    await renderScreen(`/weak-password?verified=true&target=${target}`, routes);
    await user.type(await screen.findByLabelText('New password'), 'A-much-Stronger-2026!');
    await user.type(screen.getByLabelText('Repeat the new password'), 'A-much-Stronger-2026!');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await vi.waitFor(() => expect(left).toHaveBeenCalledWith('/user/dashboard'));
  });
});
