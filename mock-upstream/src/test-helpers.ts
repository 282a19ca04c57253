import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { MockApp } from './app';
import { DEMO_PASSWORD } from './seed';

/** Headers of a portal request as the gateway forwards them. */
export function deviceHeaders(deviceId: string = randomUUID()) {
  return {
    'x-device-id': deviceId,
    'user-agent':
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    'x-forwarded-for': '127.0.0.1',
  };
}

/** `POST /token` with `fields` form-encoded, as OAuth clients send it. */
export function tokenForm(mock: MockApp, fields: Record<string, string>) {
  return mock.app.inject({
    method: 'POST',
    url: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The newest code the dev outbox holds for `to`. */
export function lastCode(mock: MockApp, to: string): string {
  const message = mock.store.outbox.findLast((m) => m.to === to && m.code !== '');
  if (!message) throw new Error(`no code was sent to ${to}`);
  return message.code;
}

/**
 * Signs `username` in with the demo password, finishing MFA with the e-mail
 * (else SMS) code of the outbox when asked, and returns the bearer token.
 */
export async function signInAs(
  mock: MockApp,
  username: string,
  headers: Record<string, string> = deviceHeaders(),
): Promise<string> {
  const res = await mock.app.inject({
    method: 'POST',
    url: '/token',
    headers,
    payload: { grant_type: 'password', username, password: DEMO_PASSWORD },
  } satisfies InjectOptions);
  if (res.statusCode === 200) return res.json().access_token;
  if (res.statusCode !== 401) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const { payload, methods } = res.json().mfa as {
    payload: string;
    methods: { id: number; method: string }[];
  };
  const method =
    methods.find((m) => m.method === 'email') ?? methods.find((m) => m.method === 'sms');
  if (!method) throw new Error(`${username} has no e-mail or SMS method`);
  await mock.app.inject({
    url: `/mfa/sudo?payload=${encodeURIComponent(payload)}&mfaId=${method.id}`,
    headers,
  });
  const to = mock.store.mfaMethods.get(method.id)?.target ?? '';
  const done = await mock.app.inject({
    method: 'POST',
    url: '/mfa/sudo',
    headers,
    payload: { payload, code: lastCode(mock, to) },
  });
  if (done.statusCode !== 200) throw new Error(`MFA failed: ${done.statusCode} ${done.body}`);
  return done.json().access_token;
}
