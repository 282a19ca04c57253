import type { ClientInferRequest } from '@ts-rest/core';
import { expect, it } from 'vitest';
import type { accountApi } from './index';

type SignInRequest = ClientInferRequest<typeof accountApi.auth.createToken>;

/**
 * skipLibCheck is on because ts-rest's own declarations target zod 3; this proves
 * our contract is still strictly typed: a wrong body does not compile.
 */
it('rejects a wrong body at compile time', () => {
  const good: SignInRequest['body'] = {
    grant_type: 'password',
    username: 'employee@example.be',
    password: 'secret',
  };
  // @ts-expect-error grant_type must be "password"
  const wrongGrant: SignInRequest['body'] = { grant_type: 'magic', username: 'a', password: 'b' };
  // @ts-expect-error password is required
  const noPassword: SignInRequest['body'] = { grant_type: 'password', username: 'a' };
  expect([good, wrongGrant, noPassword]).toHaveLength(3);
});
