import { describe, expect, it } from 'vitest';
import { buildMockUpstream } from './app';
import { deviceHeaders } from './test-helpers';

describe('the log of the account API', () => {
  it('never writes an MFA payload, an identity-provider state, a code or a token', async () => {
    const lines: string[] = [];
    const mock = buildMockUpstream({
      region: 'be',
      logger: true,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    const secrets = {
      payload: 'payload-SECRET-aaaaaaaaaaaaaaaaaaaa',
      state: 'state-SECRET-bbbbbbbbbbbbbbbbbbbbbbbb',
      code: 'code-SECRET-cccccccc',
      token: 'token-SECRET-dddddddddddddddd',
    };
    const headers = deviceHeaders();
    await mock.app.inject({ url: `/mfa/sudo?payload=${secrets.payload}&mfaId=1`, headers });
    await mock.app.inject({
      url: `/sso/microsoft/callback?code=${secrets.code}&state=${secrets.state}`,
      headers,
    });
    await mock.app.inject({ url: `/mfa/status?access_token=${secrets.token}`, headers });
    await mock.app.close();
    const log = lines.join('');
    expect(log).toContain('/mfa/sudo?');
    expect(log).toContain('payload=%5Bredacted%5D');
    for (const secret of Object.values(secrets)) expect(log).not.toContain(secret);
  });
});
