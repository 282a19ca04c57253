import type { SetupStarted } from '@portal/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CodeEntry } from '../../components/form';
import { RecoveryKeys } from '../../components/RecoveryKeys';
import { useStepUpInPlace } from '../../components/StepUp';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { type ErrorTexts, errorOf, errorText, type PortalError } from '../../lib/errors';
import { useActivateMethod, useSetupMethod } from '../../lib/mfa-methods';
import { useStepFocus } from '../../lib/step-focus';
import { TotpKey } from './components/TotpKey';

type Stage =
  | { kind: 'starting' }
  | { kind: 'scan'; setup: SetupStarted }
  | { kind: 'keys'; keys: string[] }
  | { kind: 'exists' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: PortalError };

/** A setup that did not start, unless the answer says more. */
const SETUP_TEXTS = { fallback: 'account.setup.totp.failed' } as const satisfies ErrorTexts;

/**
 * Authenticator app (docs/product.md part 4): scan the QR code or type the secret,
 * confirm a 6-digit code, then the recovery keys are shown once. `?reset=1`
 * (from the TOTP recovery screen) replaces the current authenticator app.
 */
export default function TotpScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const stepUp = useStepUpInPlace();
  const setup = useSetupMethod(stepUp.run);
  const activate = useActivateMethod();
  // From the TOTP recovery screen: where the interrupted sign-in was going.
  const redirect = params.get('redirect') ? { redirect: params.get('redirect') ?? '' } : undefined;
  const stage = stageOf(setup, activate.data ? (activate.data.body.recovery_keys ?? []) : null);

  /** Starts the setup: a new secret (`reset`: in place of the current app's). */
  const { mutate } = setup;
  const start = useCallback(
    (reset: boolean) => mutate({ method: 'totp', ...(reset ? { reset } : {}) }),
    [mutate],
  );

  // The keys shown: the cursor to their heading (the code field is gone); the steps
  // shown: the page's heading, at its top; a setup that stopped: the button that
  // goes on (docs/focus.md).
  const section = useRef<HTMLElement>(null);
  useStepFocus(stage.kind, () =>
    stage.kind === 'keys'
      ? section.current?.querySelector('h2')
      : stage.kind === 'scan'
        ? section.current?.querySelector('h1')
        : section.current?.querySelector<HTMLElement>('.notice .button'),
  );

  const started = useRef(false);
  useEffect(() => {
    // Once, also under StrictMode's double effects: each start makes a new secret.
    if (started.current) return;
    started.current = true;
    start(params.get('reset') === '1' || params.get('reset') === 'true');
  }, [start, params]);

  return (
    <section ref={section} className="card narrow" aria-labelledby="totp-title">
      <h1 id="totp-title">{t('account.setup.totp.title')}</h1>
      {stage.kind === 'starting' && <p role="status">{t('account.common.loading')}</p>}
      {stage.kind === 'scan' && (
        <>
          <ol className="steps">
            <li>{t('account.setup.totp.install')}</li>
            <li>{t('account.setup.totp.scan')}</li>
          </ol>
          <TotpKey uri={stage.setup.otpauth_uri ?? ''} secret={stage.setup.secret ?? ''} />
          <CodeEntry
            label={t('account.setup.totp.code')}
            intro={t('account.setup.totp.enterCode')}
            length={6}
            // The screen opens at its top: the heading, the steps and the app link before the code.
            autoFocus={false}
            mutation={activate}
            onSubmit={(code) => activate.mutate({ payload: stage.setup.payload, code })}
            onCancel={() => navigate(href('setup-mfa.selection'))}
          />
        </>
      )}
      {stage.kind === 'keys' && (
        <>
          <p className="notice notice-success">{t('account.setup.totp.confirmed')}</p>
          <h2>{t('account.recovery.newKeys')}</h2>
          <p>{t('account.setup.totp.keysIntro')}</p>
          <RecoveryKeys keys={stage.keys} />
          <div className="actions">
            <Link className="button" to={href('setup-totp.success', redirect)} replace>
              {t('account.setup.totp.keysSaved')}
            </Link>
          </div>
        </>
      )}
      {stage.kind === 'exists' && (
        <div className="notice notice-warning">
          <p>{t('account.setup.totp.exists')}</p>
          <div className="actions">
            <button type="button" className="button" onClick={() => void start(true)}>
              {t('account.setup.totp.replace')}
            </button>
            <Link to={href('security.mfa-edit')}>{t('account.setup.totp.keep')}</Link>
          </div>
        </div>
      )}
      {(stage.kind === 'failed' || stage.kind === 'cancelled') && (
        <div role="alert" className="notice notice-error">
          <p>
            {stage.kind === 'failed'
              ? errorText(t, stage.error)
              : t('account.setup.totp.cancelled')}
          </p>
          <button type="button" className="button" onClick={() => void start(false)}>
            {t('account.common.tryAgain')}
          </button>
        </div>
      )}
      {stepUp.dialog}
    </section>
  );
}

/** Where the setup stands, from its two calls: the start (`setup`) and the confirmation. */
function stageOf(setup: ReturnType<typeof useSetupMethod>, keys: string[] | null): Stage {
  if (keys) return { kind: 'keys', keys };
  if (setup.isError) {
    const error = errorOf(setup.error, SETUP_TEXTS);
    // 409: an authenticator app is there already; offer to replace it.
    return error.kind === 'conflict' ? { kind: 'exists' } : { kind: 'failed', error };
  }
  if (!setup.isSuccess) return { kind: 'starting' };
  if (!setup.data) return { kind: 'cancelled' };
  const started = setup.data.body;
  if (started.otpauth_uri && started.secret) return { kind: 'scan', setup: started };
  return { kind: 'failed', error: errorOf(null, SETUP_TEXTS) };
}
