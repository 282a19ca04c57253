import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMockUpstream } from '../app';
import { DEMO_PASSWORD } from '../seed';
import { resetStore } from '../store';
import { deviceHeaders, signInAs } from '../test-helpers';

const mock = buildMockUpstream({ region: 'be', portalUrl: 'https://account.example.be' });
const { app, store } = mock;
afterAll(() => app.close());
beforeEach(() => resetStore(store));

const EMPLOYEE = 'employee@example.be';
const DAY_MS = 24 * 3600 * 1000;
const notices = () => store.outbox.filter((m) => m.to === EMPLOYEE && m.code === '');

async function requestDeletion() {
  const headers = deviceHeaders();
  const token = await signInAs(mock, EMPLOYEE, headers);
  const res = await app.inject({
    method: 'POST',
    url: '/user/deletion',
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload: { confirm: true },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { requested_at: string; delete_at: string };
}

const signIn = () =>
  app.inject({
    method: 'POST',
    url: '/token',
    headers: deviceHeaders(),
    payload: { grant_type: 'password', username: EMPLOYEE, password: DEMO_PASSWORD },
  });

describe('a deletion over time', () => {
  it('is e-mailed at the request, again a week before, and then done: the account no longer signs in', async () => {
    const { delete_at } = await requestDeletion();
    expect(notices().map((m) => m.subject)).toContain('Je account wordt verwijderd');
    expect(notices()[notices().length - 1]?.text).toContain('Mijn account behouden');

    store.clock.advance(22 * DAY_MS);
    await signIn();
    expect(notices().map((m) => m.subject)).not.toContain('Je account wordt binnenkort verwijderd');

    store.clock.advance(DAY_MS + 60_000);
    expect((await signIn()).statusCode).toBe(401);
    const reminders = notices().filter(
      (m) => m.subject === 'Je account wordt binnenkort verwijderd',
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text).toContain(new Date(delete_at).getUTCFullYear().toString());

    store.clock.advance(7 * DAY_MS);
    const gone = await signIn();
    expect(gone.statusCode).toBe(400);
    expect(
      [...store.accounts.values()].some((a) => a.email.some((e) => e.value === EMPLOYEE)),
    ).toBe(false);
    expect(store.history.some((e) => e.detail === delete_at)).toBe(false);
  });

  it('asks for a recent second factor before the export and the request', async () => {
    const headers = deviceHeaders();
    const token = await signInAs(mock, EMPLOYEE, headers);
    store.clock.advance(16 * 60_000);
    const auth = { ...headers, authorization: `Bearer ${token}` };
    const exported = await app.inject({ method: 'POST', url: '/user/export', headers: auth });
    expect(exported.statusCode).toBe(403);
    expect(exported.json().code).toBe('sudo_required');
    const requested = await app.inject({
      method: 'POST',
      url: '/user/deletion',
      headers: auth,
      payload: { confirm: true },
    });
    expect(requested.statusCode).toBe(403);
    expect(store.deletions.size).toBe(0);
  });
});
