import { randomUUID } from 'node:crypto';
import { buildMockUpstream, type MockApp } from '@portal/mock-upstream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from './app';
import { type Config, testConfig } from './config';

export const DEMO_PASSWORD = 'Portal-Demo-2026!';

export interface TestStack {
  gateway: FastifyInstance;
  be: MockApp;
  lu: MockApp;
  deviceId: string;
  close(): Promise<void>;
}

/** A gateway wired to two real mock upstreams listening on port 0 in this process. */
export async function startStack(overrides: Partial<Config> = {}): Promise<TestStack> {
  const be = buildMockUpstream({ region: 'be' });
  const lu = buildMockUpstream({ region: 'lu' });
  const beUrl = await be.app.listen({ port: 0, host: '127.0.0.1' });
  const luUrl = await lu.app.listen({ port: 0, host: '127.0.0.1' });
  const gateway = await buildApp(
    testConfig({ UPSTREAM_BE_URL: beUrl, UPSTREAM_LU_URL: luUrl, ...overrides }),
  );
  return {
    gateway,
    be,
    lu,
    deviceId: randomUUID(),
    close: async () => {
      await gateway.close();
      await be.app.close();
      await lu.app.close();
    },
  };
}

/** Headers the web app sends on every state-changing call. */
export function browserHeaders(stack: TestStack, host = 'be.localhost:3000') {
  return { host, 'x-device-id': stack.deviceId, 'content-type': 'application/json' };
}

export async function signIn(
  stack: TestStack,
  username = 'employee@example.be',
  host = 'be.localhost:3000',
): Promise<string> {
  const res = await stack.gateway.inject({
    method: 'POST',
    url: '/api/token',
    headers: browserHeaders(stack, host),
    payload: { grant_type: 'password', username, password: DEMO_PASSWORD },
  } satisfies InjectOptions);
  const cookie = res.cookies.find((c) => c.name === 'access_token');
  if (res.statusCode !== 200 || !cookie)
    throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookie.value;
}
