import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import MfaCodeScreen from '../features/mfa/MfaCodeScreen';
import MfaMethodsScreen from '../features/mfa/MfaMethodsScreen';
import { api } from '../lib/api';
import { leave } from '../lib/sign-in-flow';
import { renderScreen } from '../test/render';
import { signedInAs } from '../test/session';
import { withRealStack } from '../test/stack';
import { RequireSudo } from './guards';

/*
 * The step-up (docs/flows.md, "Step-up") as the guard starts it: the
 * gateway's flow, its code screen first, against the real gateway and mock.
 */

const stack = withRealStack();

const routes = [
  { path: '/mfa/methods', element: <MfaMethodsScreen /> },
  { path: '/mfa', element: <MfaCodeScreen /> },
];

/** The newest code the mock sent to `to`. */
function lastCode(to: string): string {
  const message = [...stack().be.store.outbox].reverse().find((m) => m.to === to);
  if (!message) throw new Error(`no code for ${to}`);
  return message.code;
}

/** Where the step-up leaves for once it is complete (the gateway draws that page). */
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  const spy = vi.spyOn(leave, 'to').mockImplementation(() => {});
  return () => spy.mockRestore();
});

/** A sensitive page behind the guard's step-up (`RequireSudo`), the recent check lapsed. */
async function stepUpAt(path: string) {
  await signedInAs(stack(), 'employee@example.be');
  stack().be.store.sudoUntil.clear();
  const user = userEvent.setup();
  await renderScreen(path, [
    ...routes,
    {
      path: '/security/edit-password',
      element: (
        <RequireSudo>
          <p>edit password reached</p>
        </RequireSudo>
      ),
    },
  ]);
  return user;
}

describe('step-up: the gateway’s flow, its code screen first', () => {
  it('sends the primary method’s code at once and leaves for the page once it is right', async () => {
    const user = await stepUpAt('/security/edit-password');
    // The primary method's code went out at once: its screen, no list first.
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    expect(screen.queryByText('edit password reached')).not.toBeInTheDocument();
    // No trusted-device choice on a step-up; Cancel goes back to the page it belongs to.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/security');
    // Nothing of the check in the browser's storage.
    expect(sessionStorage.length).toBe(0);
    await user.type(screen.getByLabelText('Verification code'), lastCode('employee@example.be'));
    await waitFor(() => expect(leave.to).toHaveBeenCalledWith('/security/edit-password'));
  });

  it('"Use another method" lists the user’s methods; one picked sends its code', async () => {
    const user = await stepUpAt('/security/edit-password');
    await user.click(await screen.findByRole('link', { name: 'Use another method' }));
    await user.click(await screen.findByRole('button', { name: /^Text message/ }));
    expect(await screen.findByRole('heading', { name: 'Check your phone' })).toBeVisible();
    await user.type(screen.getByLabelText('Verification code'), lastCode('+32470000001'));
    await waitFor(() => expect(leave.to).toHaveBeenCalledWith('/security/edit-password'));
  });
});

/** The spellings of issue 40 that a raw-string check let through as `//127.0.0.1:3399/x`. */
const HOSTILE = ['/.//127.0.0.1:3399/x', '/%2e//127.0.0.1:3399/x', '/a/..//127.0.0.1:3399/x'];

describe('step-up: Cancel leads where the gateway checked the target to lead', () => {
  it.each(HOSTILE)('to the dashboard for %j, never another host', async (target) => {
    await signedInAs(stack(), 'employee@example.be');
    stack().be.store.sudoUntil.clear();
    const started = await api.stepUp.start({ body: { target } });
    expect(started.status).toBe(200);
    await renderScreen('/mfa', routes);
    const cancel = await screen.findByRole('link', { name: 'Cancel' });
    expect(cancel).toHaveAttribute('href', '/user/dashboard');
    expect(document.querySelector('a[href*="127.0.0.1:3399"]')).toBeNull();
  });
});
