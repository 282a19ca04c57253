import type { AuthorizationCodeGrant, CodeTokenAnswer, ErrorBody } from '@portal/contract';
import type { Store } from '../store';

export type CodeExchangeResult =
  | { status: 200; body: CodeTokenAnswer }
  | { status: 400 | 401; body: ErrorBody };

/** The authorization-code grant of `POST /token` (called by the token route). */
export function exchangeAuthorizationCode(
  _store: Store,
  _grant: AuthorizationCodeGrant,
): CodeExchangeResult {
  return {
    status: 400,
    body: { code: 'invalid_grant', message: 'The authorization code is invalid or expired.' },
  };
}
