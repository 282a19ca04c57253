import { createHash } from 'node:crypto';
import type { MessageBody } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { pwnedPassword } from 'hibp';
import { BREACHED_PASSWORDS } from './breached-passwords';

/**
 * The breached-password check of every new password (docs/flows.md,
 * Recovery, step 3; docs/threat-model.md, 7. Onboarding completion), by the
 * k-anonymity range scheme of Have I Been Pwned's Pwned Passwords API:
 * the SHA-1 of the password in upper-case hex, only its first five
 * characters sent (`GET <BREACHED_PASSWORDS_URL>/range/<prefix>`), the answer
 * lines `SUFFIX:COUNT` compared here. The `hibp` library does the hashing,
 * the request and the parsing.
 */

export const BREACHED: { status: 422; body: MessageBody } = {
  status: 422,
  body: {
    code: 'password_breached',
    message:
      'This password appears in known data breaches, so others may try it. Please choose another one.',
  },
};

/** A range lookup that does not answer in this time counts as unreachable. */
const RANGE_TIMEOUT_MS = 3000;

const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex').toUpperCase();

/** The bundled list by hash prefix: what the mock's own range endpoint answers. */
const byPrefix = new Map<string, string[]>();
for (const password of BREACHED_PASSWORDS) {
  const hash = sha1(password);
  const prefix = hash.slice(0, 5);
  byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), hash.slice(5)]);
}

/**
 * The range answer for a five-character prefix (upper-case hex), as Pwned
 * Passwords gives it: one `SUFFIX:COUNT` line per listed hash, CRLF between.
 * The bundled list has no counts: each entry answers 1.
 */
export function rangeAnswer(prefix: string): string {
  return (byPrefix.get(prefix.toUpperCase()) ?? []).map((suffix) => `${suffix}:1`).join('\r\n');
}

export const isRangePrefix = (prefix: string) => /^[0-9A-Fa-f]{5}$/.test(prefix);

export interface PasswordCheck {
  /**
   * True when the password appears in known breaches. An unreachable range
   * endpoint fails open (false, with a log line): an outage of the breach
   * list must not stop every password change and reset.
   */
  isBreached(password: string): Promise<boolean>;
}

/**
 * The check against `url` (a Pwned Passwords range API base: the real
 * `https://api.pwnedpasswords.com`, or the mock's own `/pwned-passwords`);
 * without a URL, against the bundled list's range answers in process.
 */
export function passwordCheck(url: string | null, log: FastifyBaseLogger): PasswordCheck {
  return {
    async isBreached(password) {
      if (url === null) {
        const hash = sha1(password);
        return rangeAnswer(hash.slice(0, 5))
          .split('\r\n')
          .some((line) => line.split(':')[0] === hash.slice(5));
      }
      try {
        const count = await pwnedPassword(password, {
          baseUrl: url,
          timeoutMs: RANGE_TIMEOUT_MS,
          addPadding: true,
          userAgent: 'portal-mock-upstream',
        });
        return count > 0;
      } catch (err) {
        // Never the password or its hash: only that the lookup failed.
        log.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'breached-password range lookup failed: password accepted unchecked',
        );
        return false;
      }
    },
  };
}
