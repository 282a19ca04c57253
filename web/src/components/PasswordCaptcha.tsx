import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getConfig } from '../lib/config';
import { errorText, type PortalError } from '../lib/errors';
import type { CaptchaHandle } from './Captcha';

const Captcha = lazy(() => import('./Captcha').then((m) => ({ default: m.Captcha })));

/** The gateway's answers about the captcha itself, said at the captcha. */
export const isCaptchaFailure = (failure: PortalError) =>
  failure.code === 'captcha' || failure.code === 'captcha_unavailable';

export interface PasswordCaptcha {
  /** The widget, while the captcha is on (the variant's config has a site key); else null. */
  element: ReactNode;
  /**
   * What the call sends along: `{ captcha }` with the provider's token, `{}`
   * while the captcha is off, or null when the captcha's own check blocks the
   * call (its message is then shown at the captcha).
   */
  fields(): { captcha?: string } | null;
  /** After a refused call: a new token next time; true when the refusal was the captcha's (said there). */
  refused(failure: PortalError): boolean;
}

/**
 * The captcha of a call that checks a password outside the sign-in (the
 * password change, the merge's password proof): asked where the sign-in
 * asks for it, as the gateway does (docs/security.md, "Sign-in lockout").
 */
export function usePasswordCaptcha(): PasswordCaptcha {
  const { t } = useTranslation();
  const siteKey = getConfig().features.captchaSiteKey;
  const handle = useRef<CaptchaHandle>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    element: siteKey ? (
      <Suspense fallback={null}>
        <Captcha ref={handle} siteKey={siteKey} error={error} />
      </Suspense>
    ) : null,
    fields() {
      setError(null);
      if (!siteKey) return {};
      const check = handle.current?.check() ?? t('signin.captcha.errors.notLoaded');
      if (check) {
        setError(check);
        return null;
      }
      const token = handle.current?.token();
      return token ? { captcha: token } : {};
    },
    refused(failure) {
      handle.current?.reset();
      if (!isCaptchaFailure(failure)) return false;
      setError(errorText(t, failure));
      return true;
    },
  };
}
