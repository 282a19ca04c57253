import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusStep } from '../lib/step-focus';

/** docs/product.md part 9: the first resend waits 15 seconds, every later one 30. */
export const RESEND_FIRST_S = 15;
export const RESEND_AGAIN_S = 30;

/**
 * "Send a new code" with its countdown (docs/product.md part 4): disabled for 15 s after
 * the first code, then 30 s after each resend. `onResend` answers whether a
 * new code went out (the countdown restarts only then); a throw counts as no.
 * Once one went out, the cursor goes back to `codeField`: every screen with a
 * code field follows the same rule (docs/architecture.md, "Focus").
 */
export function ResendCode({
  onResend,
  codeField,
  label,
  submitName,
}: {
  onResend: () => Promise<boolean>;
  /**
   * On a drawn page whose form works without script: the button sends the
   * form with this field (the gateway sends the new code); with the script,
   * `onResend` does it.
   */
  submitName?: string;
  /** The code field the new code goes into. */
  codeField: RefObject<HTMLInputElement | null>;
  /** The link's text; "Send a new code" by default. */
  label?: string;
}) {
  const { t } = useTranslation();
  // The moment the next code may be asked for: counted from the clock, not from ticks.
  const [until, setUntil] = useState(() => Date.now() + RESEND_FIRST_S * 1000);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const left = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);

  const resend = async () => {
    setBusy(true);
    setSent(false);
    // A request that fails outright (network down) sent no code, like a refused one.
    const wentOut = await onResend().catch(() => false);
    setBusy(false);
    if (wentOut) {
      setSent(true);
      setUntil(Date.now() + RESEND_AGAIN_S * 1000);
      setNow(Date.now());
      focusStep(() => codeField.current);
    }
  };

  return (
    <div className="resend">
      <button
        className="link-button"
        // aria-disabled, not disabled: a disabled button drops the focus to <body> right
        // after it was used; this one keeps it, and the status below says the code went.
        type={submitName ? 'submit' : 'button'}
        name={submitName}
        value={submitName ? '1' : undefined}
        formNoValidate={submitName ? true : undefined}
        onClick={(event) => {
          event.preventDefault();
          if (left === 0 && !busy) void resend();
        }}
        aria-disabled={left > 0 || busy}
        aria-describedby={left > 0 ? 'resend-countdown' : undefined}
      >
        {label ?? t('forms.code.resend')}
      </button>
      {left > 0 && (
        <span id="resend-countdown" className="hint">
          {t('forms.code.resendIn', { count: left })}
        </span>
      )}
      <p role="status" className="hint">
        {sent ? t('forms.code.resent') : ''}
      </p>
    </div>
  );
}
