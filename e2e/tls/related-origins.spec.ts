import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { chromiumLaunch } from '../chromium';
import { addVirtualAuthenticator } from '../fixtures/authenticator';
import { portalCall } from '../fixtures/portal';
import { DEMO_PASSWORD } from '../fixtures/stack';
import { startTlsStack, type TlsStack } from '../fixtures/tls-stack';

/**
 * One passkey for both variants (docs/operations.md, "One passkey for both
 * variants"), over HTTPS as in production: Debian's nginx terminates TLS with
 * a certificate made here, which Chromium trusts by its key; the host names
 * resolve to nginx's loopback address. WEBAUTHN_RP_ID is the Belgian domain
 * and the Luxembourg origin is related: a passkey made on the Belgian origin
 * signs in on the Luxembourg one, through Chromium's virtual authenticator.
 */

const RP_ID = 'portal-be.test';
const BE = 'https://account.portal-be.test';
const LU = 'https://account.portal-lu.test';
const USER = 'employee@example.be';

let stack: TlsStack;
let browser: Browser;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startTlsStack([RP_ID, new URL(BE).hostname, new URL(LU).hostname], {
    PUBLIC_ORIGIN_BE: `${BE},https://${RP_ID}`,
    PUBLIC_ORIGIN_LU: LU,
    WEBAUTHN_RP_ID: RP_ID,
    WEBAUTHN_RELATED_ORIGINS: LU,
  });
  const map = [RP_ID, new URL(BE).hostname, new URL(LU).hostname]
    .map((host) => `MAP ${host} ${stack.address}`)
    .join(', ');
  browser = await chromium.launch(
    chromiumLaunch([
      `--host-resolver-rules=${map}`,
      `--ignore-certificate-errors-spki-list=${stack.spkiHash}`,
    ]),
  );
});

test.afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** Password and the e-mail code from the mock's outbox, through the sign-in flow's JSON steps from the page. */
async function signInByPassword(page: Page) {
  const first = await portalCall(page, '/api/sign-in/password', {
    method: 'POST',
    body: { username: USER, password: DEMO_PASSWORD },
  });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const view = first.body?.view as {
    methods: { id: number; method: string }[];
    check: { method: string } | null;
  };
  if (view.check?.method !== 'email') {
    const email = view.methods.find((m) => m.method === 'email');
    const started = await portalCall(page, '/api/sign-in/method', {
      method: 'POST',
      body: { mfaId: email?.id },
    });
    expect(started.status).toBe(200);
  }
  const outbox = await fetch(`${stack.mockUrl}/__dev/outbox?to=${encodeURIComponent(USER)}`);
  const { messages } = (await outbox.json()) as { messages: { code: string }[] };
  const done = await portalCall(page, '/api/sign-in/code', {
    method: 'POST',
    body: { code: messages.find((m) => m.code)?.code, trust: false },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}

test('a passkey made on the Belgian origin signs in on the Luxembourg origin', async () => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  const { credentials } = await addVirtualAuthenticator(page);

  // The related-origins document, on the relying-party id's own origin only.
  const doc = await page.goto(`https://${RP_ID}/.well-known/webauthn`);
  expect(doc?.status()).toBe(200);
  expect(doc?.headers()['content-type']).toBe('application/json; charset=utf-8');
  expect(await doc?.json()).toEqual({ origins: [LU] });
  expect((await page.goto(`${LU}/.well-known/webauthn`))?.status()).toBe(404);

  // Belgium: sign in by password and code, then make a passkey (rp.id the Belgian domain).
  await page.goto(`${BE}/robots.txt`);
  expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
  await signInByPassword(page);
  const start = await portalCall(page, '/api/passkeys/registration/options', {
    method: 'POST',
    body: {},
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const creation = start.body?.options as { rp: { id: string } };
  expect(creation.rp.id).toBe(RP_ID);
  const made = await page.evaluate(async (options) => {
    const P = PublicKeyCredential as unknown as {
      parseCreationOptionsFromJSON(o: unknown): PublicKeyCredentialCreationOptions;
    };
    const credential = (await navigator.credentials.create({
      publicKey: P.parseCreationOptionsFromJSON(options),
    })) as PublicKeyCredential;
    return credential.toJSON();
  }, creation);
  const added = await portalCall(page, '/api/passkeys/registration', {
    method: 'POST',
    body: { payload: start.body?.payload, name: 'Chromium', credential: made },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  expect(await credentials()).toHaveLength(1);

  // Luxembourg: not signed in; the passkey of the Belgian origin signs in.
  await page.goto(`${LU}/robots.txt`);
  expect((await portalCall(page, '/api/passkeys')).status).toBe(401);
  const options = await portalCall(page, '/api/passkeys/authentication/options', {
    method: 'POST',
    body: { purpose: 'login' },
  });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const request = options.body?.options as { rpId: string };
  expect(request.rpId).toBe(RP_ID);
  const assertion = await page.evaluate(async (options) => {
    const P = PublicKeyCredential as unknown as {
      parseRequestOptionsFromJSON(o: unknown): PublicKeyCredentialRequestOptions;
    };
    try {
      const credential = (await navigator.credentials.get({
        publicKey: P.parseRequestOptionsFromJSON(options),
      })) as PublicKeyCredential;
      return { ok: true as const, credential: credential.toJSON() };
    } catch (err) {
      return { ok: false as const, error: `${(err as Error).name}: ${(err as Error).message}` };
    }
  }, request);
  expect(assertion.ok ? 'signed' : assertion.error).toBe('signed');
  const signedIn = await portalCall(page, '/api/passkeys/authentication', {
    method: 'POST',
    body: { payload: options.body?.payload, credential: assertion.ok && assertion.credential },
  });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  expect(signedIn.body).toEqual({ signed_in: true, weak: false, next: '/user/dashboard' });
  // The Luxembourg session is real: its passkeys list answers, with the Belgian-made one.
  const list = await portalCall(page, '/api/passkeys');
  expect(list.status).toBe(200);
  expect(((list.body ?? {}).passkeys as { name: string }[]).map((p) => p.name)).toEqual([
    'Chromium',
  ]);
  await page.close();
});
