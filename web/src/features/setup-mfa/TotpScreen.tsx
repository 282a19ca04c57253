import type { SetupStarted } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CODE_TEXTS, CodeForm } from '../../components/CodeForm';
import { RecoveryKeys } from '../../components/RecoveryKeys';
import { useStepUpInPlace } from '../../components/StepUp';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { queryKeys } from '../../lib/api';
import { type ErrorTexts, errorOf, errorText, type PortalError } from '../../lib/errors';
import { tsr } from '../../lib/tsr';
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
 * Authenticator app (spec part 4): scan the QR code or type the secret,
 * confirm a 6-digit code, then the recovery keys are shown once. `?reset=1`
 * (from the TOTP recovery screen) replaces the current authenticator app.
 */
export default function TotpScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const stepUp = useStepUpInPlace();
  const { run } = stepUp;
  const [stage, setStage] = useState<Stage>({ kind: 'starting' });
  // From the TOTP recovery screen: where the interrupted sign-in was going.
  const redirect = params.get('redirect') ? { redirect: params.get('redirect') ?? '' } : undefined;

  const start = useCallback(
    async (reset: boolean) => {
      setStage({ kind: 'starting' });
      try {
        const res = await run(() =>
          tsr.mfa.setupMethod.mutate({ body: { method: 'totp', ...(reset ? { reset } : {}) } }),
        );
        if (!res) return setStage({ kind: 'cancelled' });
        if (res.status === 200) {
          if (res.body.otpauth_uri && res.body.secret) setStage({ kind: 'scan', setup: res.body });
          else setStage({ kind: 'failed', error: errorOf(null, SETUP_TEXTS) });
          return;
        }
        const error = errorOf(res, SETUP_TEXTS);
        // 409: an authenticator app is there already; offer to replace it.
        setStage(error.kind === 'conflict' ? { kind: 'exists' } : { kind: 'failed', error });
      } catch (thrown) {
        setStage({ kind: 'failed', error: errorOf(thrown, SETUP_TEXTS) });
      }
    },
    [run],
  );

  const started = useRef(false);
  useEffect(() => {
    // Once, also under StrictMode's double effects: each start makes a new secret.
    if (started.current) return;
    started.current = true;
    void start(params.get('reset') === '1' || params.get('reset') === 'true');
  }, [start, params]);

  return (
    <section className="card narrow" aria-labelledby="totp-title">
      <h1 id="totp-title">{t('account.setup.totp.title')}</h1>
      {stage.kind === 'starting' && <p role="status">{t('account.common.loading')}</p>}
      {stage.kind === 'scan' && (
        <>
          <ol className="steps">
            <li>{t('account.setup.totp.install')}</li>
            <li>{t('account.setup.totp.scan')}</li>
          </ol>
          <TotpKey uri={stage.setup.otpauth_uri ?? ''} secret={stage.setup.secret ?? ''} />
          <CodeForm
            label={t('account.setup.totp.code')}
            intro={t('account.setup.totp.enterCode')}
            length={6}
            onConfirm={async (code) => {
              const res = await tsr.mfa.activate.mutate({
                body: { payload: stage.setup.payload, code },
              });
              if (res.status === 200) {
                await Promise.all([
                  queryClient.invalidateQueries({ queryKey: queryKeys.mfaMethods }),
                  queryClient.invalidateQueries({ queryKey: queryKeys.user }),
                ]);
                setStage({ kind: 'keys', keys: res.body.recovery_keys ?? [] });
                return null;
              }
              return errorText(t, errorOf(res, CODE_TEXTS));
            }}
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
          <Link className="button" to={href('setup-totp.success', redirect)} replace>
            {t('account.setup.totp.keysSaved')}
          </Link>
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
