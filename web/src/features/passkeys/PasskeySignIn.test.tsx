import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { withRealStack } from '../../test/stack';
import { browserWebAuthn, browserWebAuthnResets } from '../../test/webauthn';
import LoginScreen from '../auth/LoginScreen';
import PasskeySignIn from './PasskeySignIn';

withRealStack();
browserWebAuthnResets();
afterEach(() => {
  Reflect.deleteProperty(navigator, 'credentials');
});

// The e-mail page as the router gives it: the passkey sign-in under the form, autofill on.
const routes = [
  {
    path: '/login/email',
    element: <LoginScreen kind="email" passkey={<PasskeySignIn autofill />} />,
  },
];

/**
 * A browser that says it has passkey autofill but has no passkey provider
 * (a partner app's web view, a headless browser): it turns every request
 * for a discoverable passkey down at once, as Chromium's headless shell does.
 */
function browserWithoutPasskeyProvider() {
  browserWebAuthn({ isConditionalMediationAvailable: async () => true });
  const get = vi.fn(async () => {
    throw new DOMException(
      "Resident credentials or empty 'allowCredentials' lists are not supported at this time.",
      'NotSupportedError',
    );
  });
  Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
  return get;
}

describe('passkeys on the sign-in page', () => {
  it('says nothing when the browser turns the autofill request down: the person asked for nothing', async () => {
    const get = browserWithoutPasskeyProvider();
    await renderScreen('/login/email', routes);
    await waitFor(() => expect(get.mock.settledResults[0]?.type).toBe('rejected'));
    // What follows the refusal runs in microtasks: after one task, all of it has.
    await new Promise((next) => setTimeout(next, 0));
    // The request the page made on its own came back refused: no error, the button stays.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeEnabled();
  });

  it('says why when the person pressed "Use a passkey" and the browser refused', async () => {
    const get = browserWithoutPasskeyProvider();
    await renderScreen('/login/email', routes);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong with the passkey. Please try again later.',
    );
  });
});
