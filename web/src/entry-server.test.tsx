// @vitest-environment node
import type { PortalConfig, User } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { render, renderSignedIn } from './entry-server';
import { signedInAs } from './test/session';
import { withRealStack } from './test/stack';

/*
 * The server's drawing of a signed-in page (docs/decisions/0005-server-rendered-entry-pages.md):
 * for whom the gateway draws the dashboard, and that nothing of one visitor is
 * left for the next page it draws.
 */

const stack = withRealStack();

async function read<T>(path: string): Promise<T> {
  const res = await fetch(path, { headers: { 'x-device-id': stack().deviceId } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const configOf = () => read<PortalConfig>('/api/config');
const userOf = async (username: string) => {
  await signedInAs(stack(), username);
  return (await read<{ data: User }>('/api/user')).data;
};

describe('the signed-in dashboard drawn on the server', () => {
  it("is drawn in the account's language, with its user in the page's data", async () => {
    const config = await configOf();
    const page = await renderSignedIn(
      '/user/dashboard',
      config,
      await userOf('employee@example.be'),
    );
    expect(page?.lang).toBe('nl');
    expect(page?.title).toMatch(/^Dashboard/);
    expect(page?.html).toContain('Welkom, Emma');
    expect(JSON.parse(page?.data ?? '{}').user.firstname).toBe('Emma');
    // The next visitor's page holds nothing of hers.
    const next = await render('/login/email', config, 'en');
    expect(next.html).not.toContain('Emma');
    expect(JSON.parse(next.data).user).toBeUndefined();
  });

  it('is left to the browser where the route guard would not show it to this user', async () => {
    const config = await configOf();
    // A weak password first replaces it; a forced second factor is set up first.
    for (const username of ['weak@example.be', 'forced@example.be']) {
      expect(
        await renderSignedIn('/user/dashboard', config, await userOf(username)),
        username,
      ).toBe(null);
    }
  });

  it('is left to the browser for any other page, and for an address with a query', async () => {
    const config = await configOf();
    const user = await userOf('employee@example.be');
    for (const location of ['/profile', '/user/dashboard?redirect_uri=https%3A%2F%2Fexample.org']) {
      expect(await renderSignedIn(location, config, user), location).toBe(null);
    }
  });
});
