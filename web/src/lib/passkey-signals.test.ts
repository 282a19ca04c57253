import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInAs } from '../test/session';
import { withRealStack } from '../test/stack';
import { browserWebAuthn, browserWebAuthnResets } from '../test/webauthn';
import { api } from './api';
import {
  signalAcceptedCredentials,
  signalUnknownCredential,
  supportsConditionalCreate,
} from './passkey-signals';
import { signalPasskeys } from './webauthn';

const stack = withRealStack();

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

/**
 * The browser's Signal API as Chrome 132+ and Safari 26 have it, recording
 * what the page tells the password manager (jsdom has no WebAuthn; the
 * account API and gateway the lists come from are the real ones).
 */
function browserWithSignals() {
  const told = {
    signalAllAcceptedCredentials: vi.fn(async (_: object) => {}),
    signalCurrentUserDetails: vi.fn(async (_: object) => {}),
    signalUnknownCredential: vi.fn(async (_: object) => {}),
  };
  browserWebAuthn(told);
  return told;
}
browserWebAuthnResets();

/** Two passkeys of the account, as the account API keeps them. */
function givePasskeys(login: string, ids: string[]) {
  const store = stack().be.store;
  const account = [...store.accounts.values()].find((a) => a.email.some((e) => e.value === login));
  if (!account) throw new Error(`no demo account ${login}`);
  for (const id of ids) {
    store.passkeys.set(id, {
      id,
      accountId: account.id,
      rpId: '127.0.0.1',
      publicKey: new Uint8Array(),
      counter: 0,
      transports: ['internal'],
      name: id,
      aaguid: null,
      backedUp: true,
      createdAt: store.clock.now(),
      lastUsedAt: null,
    });
  }
}

describe('the Signal API', () => {
  it('tells the password manager every passkey the account still accepts', async () => {
    const told = browserWithSignals();
    await signedInAs(stack(), 'employee@example.be');
    givePasskeys('employee@example.be', ['cGFzc2tleS1vbmU', 'cGFzc2tleS10d28']);
    await signalPasskeys('accepted');
    const list = await api.passkeys.listPasskeys();
    if (list.status !== 200) throw new Error('no list');
    expect(told.signalAllAcceptedCredentials).toHaveBeenCalledWith({
      rpId: list.body.rp_id,
      userId: list.body.user.id,
      allAcceptedCredentialIds: expect.arrayContaining(['cGFzc2tleS1vbmU', 'cGFzc2tleS10d28']),
    });
    expect(told.signalAllAcceptedCredentials.mock.calls[0]?.[0]).toMatchObject({
      allAcceptedCredentialIds: { length: 2 },
    });
  });

  it('tells it an empty list once the last passkey is gone (it hides them all)', async () => {
    const told = browserWithSignals();
    await signedInAs(stack(), 'employee@example.be');
    await signalPasskeys('accepted');
    expect(told.signalAllAcceptedCredentials).toHaveBeenCalledWith(
      expect.objectContaining({ allAcceptedCredentialIds: [] }),
    );
  });

  it("tells it the person's new name after a profile change, when there are passkeys", async () => {
    const told = browserWithSignals();
    await signedInAs(stack(), 'employee@example.be');
    await signalPasskeys('details');
    expect(told.signalCurrentUserDetails).not.toHaveBeenCalled();

    givePasskeys('employee@example.be', ['cGFzc2tleS1vbmU']);
    await api.profile.updateUser({ body: { firstname: 'Emmy', lastname: 'Janssens' } });
    await signalPasskeys('details');
    expect(told.signalCurrentUserDetails).toHaveBeenCalledWith({
      rpId: expect.any(String),
      userId: expect.any(String),
      name: 'employee@example.be',
      displayName: 'Emmy Janssens',
    });
  });

  it('tells it a passkey the account API does not know', async () => {
    const told = browserWithSignals();
    expect(await signalUnknownCredential('be.localhost', 'dW5rbm93bg')).toBe(true);
    expect(told.signalUnknownCredential).toHaveBeenCalledWith({
      rpId: 'be.localhost',
      credentialId: 'dW5rbm93bg',
    });
  });

  it('does nothing, and throws nothing, in a browser without it or refusing it', async () => {
    const account = { rp_id: 'be.localhost', user: { id: 'dQ', name: 'a', display_name: 'A' } };
    expect(await signalAcceptedCredentials({ ...account, passkeys: [] })).toBe(false);
    expect(await signalUnknownCredential('be.localhost', 'dW5rbm93bg')).toBe(false);
    const told = browserWithSignals();
    told.signalUnknownCredential.mockRejectedValueOnce(new DOMException('', 'SecurityError'));
    expect(await signalUnknownCredential('example.com', 'dW5rbm93bg')).toBe(false);
  });
});

describe('conditional create', () => {
  it('is used where getClientCapabilities() says so, and nowhere else', async () => {
    expect(await supportsConditionalCreate()).toBe(false);
    const PublicKeyCredential = browserWebAuthn({
      getClientCapabilities: async () => ({ conditionalCreate: true }),
    });
    expect(await supportsConditionalCreate()).toBe(true);
    PublicKeyCredential.getClientCapabilities = async () => ({ conditionalCreate: false });
    expect(await supportsConditionalCreate()).toBe(false);
  });
});
