import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../lib/api';
import { renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import { browserWebAuthn, browserWebAuthnResets } from '../../test/webauthn';
import DashboardScreen from './DashboardScreen';

const stack = withRealStack();
const routes = [{ path: '/user/dashboard', element: <DashboardScreen /> }];

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

/** A browser with WebAuthn whose `getClientCapabilities()` answers `conditionalCreate` as given. */
function browserWithPasskeys(conditionalCreate: boolean) {
  browserWebAuthn({ getClientCapabilities: async () => ({ conditionalCreate }) });
}
browserWebAuthnResets();

const offerTitle = 'Log in faster next time with a passkey';

describe('the passkey offer on the dashboard', () => {
  it('offers a passkey after a password sign-in; "Not now" is not asked again on this device', async () => {
    browserWithPasskeys(false);
    // An account without a second factor: this browser keeps one device key throughout.
    await signedInAs(stack(), 'customer@example.be');
    const first = await renderScreen('/user/dashboard', routes);
    const offer = await screen.findByRole('region', { name: offerTitle }, { timeout: 10_000 });
    expect(offer).toHaveTextContent('instead of typing your password');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: offerTitle })).toBeNull());
    first.unmount();

    // Signed in again on the same device: the dashboard offers nothing.
    await signedInAs(stack(), 'customer@example.be');
    await renderScreen('/user/dashboard', routes);
    await screen.findByRole('heading', { name: /Welcome/ });
    await screen.findByRole('region', { name: 'Security checkup' });
    const res = await api.passkeys.getPasskeyOffer();
    expect(res.body).toEqual({ offer: false });
    expect(screen.queryByRole('region', { name: offerTitle })).toBeNull();
  });

  it('shows no card where the browser makes the passkey itself (conditional create)', async () => {
    browserWithPasskeys(true);
    await signedInAs(stack(), 'customer@example.be');
    await renderScreen('/user/dashboard', routes);
    await screen.findByRole('region', { name: 'Security checkup' });
    expect(screen.queryByRole('region', { name: offerTitle })).toBeNull();
  });

  it('shows nothing in a browser without passkeys', async () => {
    await signedInAs(stack(), 'customer@example.be');
    await renderScreen('/user/dashboard', routes);
    await screen.findByRole('region', { name: 'Security checkup' });
    expect(screen.queryByRole('button', { name: 'Create a passkey' })).toBeNull();
  });
});
