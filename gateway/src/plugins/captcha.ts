import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { request as undiciRequest } from 'undici';
import { z } from 'zod';
import type { Config } from '../config';
import { GatewayError } from '../errors';

/** The siteverify answer, as much of it as the decision needs. */
const Verdict = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).optional(),
});

/** An answer larger than this is not a siteverify answer. */
const MAX_ANSWER_BYTES = 64 * 1024;

export type CaptchaCheck = (request: FastifyRequest, token: string | undefined) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks a sign-in's captcha token; null while the captcha is off (no `CAPTCHA_SITE_KEY`). */
    captcha: CaptchaCheck | null;
  }
}

/**
 * The sign-in captcha, verified by the server: with `CAPTCHA_SITE_KEY` set,
 * a password sign-in's token is posted to `CAPTCHA_VERIFY_URL` with
 * `CAPTCHA_SECRET` and the client's address, form-encoded, as reCAPTCHA,
 * hCaptcha and Turnstile all take it, before the upstream sees the sign-in.
 *
 * - no token, or the provider says `success: false`: 400 `captcha`;
 * - the provider cannot be reached, times out (`UPSTREAM_TIMEOUT_MS`), or
 *   answers something that is not a verdict: 502 `captcha_unavailable`, and
 *   no sign-in. It fails closed: a check that lets everybody through while
 *   the provider is away would stop nobody exactly when bots try hardest.
 *
 * Neither the secret nor the token is ever logged.
 */
export const captchaPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    if (!config.CAPTCHA_SITE_KEY) {
      // Off by default (docs/decisions/0010-lockout-per-address-captcha-opt-in.md): said once at start.
      app.log.warn(
        'captcha off (CAPTCHA_SITE_KEY empty): password checks are bounded by the per-address limits and the account lock only',
      );
      app.decorate('captcha', null);
      return;
    }
    const check: CaptchaCheck = async (request, token) => {
      if (!token) throw new GatewayError('captcha');
      const form = new URLSearchParams({
        secret: config.CAPTCHA_SECRET,
        response: token,
        remoteip: request.ip,
      });
      let status: number;
      let text: string;
      try {
        const res = await undiciRequest(config.CAPTCHA_VERIFY_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          headersTimeout: config.UPSTREAM_TIMEOUT_MS,
          bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
        });
        status = res.statusCode;
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of res.body) {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            res.body.destroy();
            break;
          }
          chunks.push(chunk);
        }
        text = Buffer.concat(chunks).toString('utf8');
      } catch (err) {
        throw new GatewayError('captcha_unavailable', undefined, {
          cause: (err as { code?: string } | null)?.code ?? (err as Error | null)?.name,
        });
      }
      let verdict: z.infer<typeof Verdict> | undefined;
      try {
        verdict = Verdict.parse(JSON.parse(text));
      } catch {}
      if (status !== 200 || !verdict) {
        throw new GatewayError('captcha_unavailable', undefined, { status });
      }
      if (!verdict.success) {
        request.log.info({ errors: verdict['error-codes'] ?? [] }, 'captcha refused');
        throw new GatewayError('captcha');
      }
    };
    app.decorate('captcha', check);
  },
  { name: 'captcha' },
);
