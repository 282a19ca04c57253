import { describe, expect, it } from 'vitest';
import { apiHeaders, passwordSignIn, testStack } from '../test-helpers';

const stack = testStack({ scope: 'file' });

describe('maintenance mode', () => {
  it('answers every /api call with 503 maintenance, except the config that says so', async () => {
    const s = await testStack({ config: { MAINTENANCE: true } });
    const user = await s.gateway.inject({
      url: '/api/user',
      headers: apiHeaders('be.localhost:3000'),
    });
    expect(user.statusCode).toBe(503);
    expect(user.json()).toEqual({
      code: 'maintenance',
      message: 'Login is unavailable for maintenance. Please try again later.',
    });
    const signIn = await passwordSignIn(s, 'employee@example.be');
    expect(signIn.statusCode).toBe(503);
    expect(signIn.cookies).toHaveLength(0);

    const config = await s.gateway.inject({
      url: '/api/config',
      headers: apiHeaders('lu.localhost:3000'),
    });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({ maintenance: true, variant: 'lu' });
    // The probes and the favicon stay up.
    expect((await s.gateway.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await s.gateway.inject({ url: '/favicon.ico' })).statusCode).toBe(200);
  });

  it('says maintenance: false otherwise', async () => {
    const config = await stack.gateway.inject({ url: '/api/config' });
    expect(config.json().maintenance).toBe(false);
  });
});
