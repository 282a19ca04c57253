import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The provider's browser API, as much of it as the portal uses (reCAPTCHA, explicit render). */
interface CaptchaApi {
  render(element: HTMLElement, options: { sitekey: string }): number;
  getResponse(widget: number): string;
  reset(widget: number): void;
}
declare global {
  interface Window {
    grecaptcha?: CaptchaApi;
    portalCaptchaLoaded?: () => void;
  }
}

/** docs/product.md part 8's captcha errors. */
export type CaptchaFailure = 'server' | 'window' | 'notLoaded' | 'element' | 'script';

const SCRIPT_ID = 'portal-captcha';

/** Loads the provider's script once, in explicit render mode, in the page's language. */
function loadScript(language: string): Promise<CaptchaApi> {
  if (typeof window === 'undefined') return Promise.reject<CaptchaApi>('server');
  if (window.grecaptcha) return Promise.resolve(window.grecaptcha);
  return new Promise((resolve, reject) => {
    window.portalCaptchaLoaded = () =>
      window.grecaptcha ? resolve(window.grecaptcha) : reject('window');
    if (document.getElementById(SCRIPT_ID)) return;
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.async = true;
    script.src = `https://www.google.com/recaptcha/api.js?onload=portalCaptchaLoaded&render=explicit&hl=${encodeURIComponent(language)}`;
    script.onerror = () => reject('script');
    document.head.appendChild(script);
  });
}

export interface CaptchaHandle {
  /** The message that blocks the sign-in, or null when the check is passed. */
  check(): string | null;
  /** The provider's token for this sign-in (the gateway verifies it), once the check is passed. */
  token(): string | null;
  reset(): void;
}

/**
 * The optional sign-in captcha (docs/product.md part 7): on only when the variant's
 * config carries a site key; rendered explicitly into its own element.
 */
export function Captcha({
  siteKey,
  error,
  ref,
}: {
  siteKey: string;
  error: string | null;
  ref: Ref<CaptchaHandle>;
}) {
  const { t, i18n } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: CaptchaApi; id: number } | null>(null);
  const [failure, setFailure] = useState<CaptchaFailure | null>(null);

  useEffect(() => {
    let live = true;
    loadScript(i18n.language.split('_')[0] ?? 'en')
      .then((captcha) => {
        if (!live || widget.current) return;
        if (!element.current) return setFailure('element');
        widget.current = {
          api: captcha,
          id: captcha.render(element.current, { sitekey: siteKey }),
        };
      })
      .catch((reason: CaptchaFailure) => live && setFailure(reason));
    return () => {
      live = false;
    };
  }, [siteKey, i18n.language]);

  useImperativeHandle(ref, () => ({
    check() {
      if (failure) return t(`signin.captcha.errors.${failure}`);
      if (!widget.current) return t('signin.captcha.errors.notLoaded');
      return widget.current.api.getResponse(widget.current.id)
        ? null
        : t('signin.captcha.required');
    },
    token() {
      return widget.current ? widget.current.api.getResponse(widget.current.id) || null : null;
    },
    reset() {
      widget.current?.api.reset(widget.current.id);
    },
  }));

  const message = failure ? t(`signin.captcha.errors.${failure}`) : error;
  return (
    <fieldset className="field captcha">
      <legend className="visually-hidden">{t('signin.captcha.label')}</legend>
      <div ref={element} />
      {message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
    </fieldset>
  );
}
