import { RecoveryField } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { DrawExtras } from '../render/entry-server';
import { readRecovery, readUsernames, recoveryView } from './recovery';

/*
 * The recovery journeys' pages as the pages scope draws and takes them
 * (`plugins/web.ts`): what each step page is drawn with (its flow's view),
 * and each page's form as the portal call it is (`flows/forms.ts`).
 */

/** The reset's step pages and the forgot-username answer, drawn from the visitor's flow. */
export async function recoveryExtras(
  request: FastifyRequest,
  path: string,
): Promise<Pick<DrawExtras, 'recovery' | 'usernames'>> {
  if (path === '/forgot-password-sent' || path === '/reset-password') {
    const flow = await readRecovery(request);
    return { recovery: flow && recoveryView(flow) };
  }
  if (path === '/forgot-username-response') return { usernames: await readUsernames(request) };
  return {};
}

/** The fields a recovery page's refusal may be said at (`RecoveryRefusal`). */
const RECOVERY_FIELDS: ReadonlySet<string> = new Set(RecoveryField.options);

/** A provider's captcha token, as its widget puts it into the form. */
const captchaOf = (form: Record<string, string>) =>
  form['g-recaptcha-response'] || form['cf-turnstile-response'] || undefined;

/**
 * Each recovery page's form: the portal call it is, what it sends, and what
 * was typed that the page shows again if it is refused (never a password or
 * a code). Null: not a recovery page.
 */
export function recoveryFormStep(
  path: string,
  form: Record<string, string>,
  query: URLSearchParams,
): {
  call: string;
  body: Record<string, unknown>;
  typed?: Record<string, string>;
  fields: ReadonlySet<string>;
} | null {
  switch (path) {
    case '/forgot-password/email':
    case '/forgot-password/phone': {
      const target = query.get('target');
      const login = form.username ?? '';
      const captcha = captchaOf(form);
      return {
        call: '/api/recovery/start',
        body: {
          by: path.endsWith('email') ? 'email' : 'phone',
          login,
          ...(captcha ? { captcha } : {}),
          ...(target ? { target } : {}),
        },
        typed: { username: login },
        fields: RECOVERY_FIELDS,
      };
    }
    case '/forgot-password-sent': {
      if (form.technology === 'email' || form.technology === 'sms') {
        return {
          call: '/api/recovery/resend',
          body: { technology: form.technology },
          fields: RECOVERY_FIELDS,
        };
      }
      if (form.resend) return { call: '/api/recovery/resend', body: {}, fields: RECOVERY_FIELDS };
      return {
        call: '/api/recovery/code',
        body: { code: form.code ?? '' },
        fields: RECOVERY_FIELDS,
      };
    }
    case '/reset-password':
      return {
        call: '/api/recovery/password',
        body: { password: form.password ?? '' },
        fields: RECOVERY_FIELDS,
      };
    case '/forgot-username': {
      const by = form.by === 'nrn' ? 'nrn' : 'card';
      const number = form.number ?? '';
      return {
        call: '/api/forgot-username',
        body: { by, number },
        typed: { by, number },
        fields: RECOVERY_FIELDS,
      };
    }
    default:
      return null;
  }
}
