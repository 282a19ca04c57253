import { accountApi, portalApi } from '@portal/contract';
import { TsRestResponseValidationError } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { bodySchemaOf, check, checkedAnswer } from './answers';

const signIn = portalApi.auth.createToken;
const getUser = portalApi.profile.getUser;

describe('answers sent to the browser are checked against the portal contract', () => {
  it('strips what the contract does not declare: a token never reaches the browser', () => {
    const answer = checkedAnswer(signIn, {
      status: 200,
      body: { signed_in: true, weak: false, access_token: 'x'.repeat(43) },
    });
    expect(answer.body).toEqual({ signed_in: true, weak: false });
  });

  it('refuses an answer of the wrong shape', () => {
    expect(() => checkedAnswer(signIn, { status: 200, body: { signed_in: 'yes' } })).toThrow(
      TsRestResponseValidationError,
    );
  });

  it('passes on a body already checked against the same schema, as it is', () => {
    const schema = bodySchemaOf(accountApi.profile.getUser, 200);
    expect(schema).toBe(bodySchemaOf(getUser, 200));
    const upstream = check(schema as NonNullable<typeof schema>, { data: userData() });
    const answer = { status: 200, body: upstream.value };
    expect(checkedAnswer(getUser, answer)).toBe(answer);
  });

  it('checks again a body checked against another schema', () => {
    const account = accountApi.auth.createToken;
    const schema = bodySchemaOf(account, 200);
    const token = { access_token: 'x'.repeat(43), token_type: 'Bearer', expires_in: 60 };
    const upstream = check(schema as NonNullable<typeof schema>, token);
    expect(upstream.issues).toBeUndefined();
    // The sign-in's portal answer is another schema: the token's body does not fit it.
    expect(() => checkedAnswer(signIn, { status: 200, body: upstream.value })).toThrow(
      TsRestResponseValidationError,
    );
  });

  it('leaves a status without a declared body alone', () => {
    const answer = { status: 204, body: undefined };
    expect(checkedAnswer(portalApi.auth.deleteToken, answer)).toBe(answer);
  });
});

function userData() {
  return {
    id: 1,
    user_id: 1001,
    customer_user_id: null,
    fridom_user_id: null,
    email: [{ id: 2, value: 'employee@example.be', default: true, verified: true, mfa: true }],
    phone: [],
    totpRecovery: [],
    firstname: 'Emma',
    lastname: 'Peeters',
    birthdate: '1985-07-31',
    gender: 'female',
    language: 'nl',
    password_status: 0,
    last_password_change: '2026-08-25T11:05:00.611Z',
    mfa_forced: false,
    mfa_customer: false,
    has_sso: false,
    sso_only: false,
    iban: 'BE68539007547034',
    iban_country: 'BE',
    sso_email: null,
  };
}
