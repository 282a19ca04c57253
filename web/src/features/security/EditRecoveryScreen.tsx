import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/Modal';
import { RecoveryKeys } from '../../components/RecoveryKeys';
import { useStepUpInPlace } from '../../components/StepUp';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { clearFailure } from '../../lib/api';
import { type ErrorTexts, errorOf, errorText } from '../../lib/errors';
import {
  unusedRecoveryKeys,
  useMfaMethods,
  useRegenerateRecoveryKeys,
} from '../../lib/mfa-methods';
import { useCurrentUser } from '../../lib/session';
import { useStepFocus } from '../../lib/step-focus';

const REGENERATE_TEXTS = { fallback: 'account.recovery.failed' } as const satisfies ErrorTexts;

export default function EditRecoveryScreen() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const stepUp = useStepUpInPlace();
  const [asking, setAsking] = useState(false);
  const regenerate = useRegenerateRecoveryKeys(stepUp.run);
  const keys = regenerate.data?.body.recovery_keys ?? null;
  const problem = regenerate.error ? errorOf(regenerate.error, REGENERATE_TEXTS) : null;
  // 409: recovery keys come with an authenticator app.
  const needsTotp = problem?.kind === 'conflict';

  const methods = useMfaMethods();
  // The new keys shown: the cursor to their heading (docs/focus.md).
  const section = useRef<HTMLElement>(null);
  useStepFocus(keys !== null, () => (keys ? section.current?.querySelector('h2') : null));

  if (!user || methods.isPending) return null;
  const left = unusedRecoveryKeys(user);
  const hasTotp =
    methods.data?.status === 200 && methods.data.body.some((m) => m.id > 0 && m.method === 'totp');

  return (
    <section ref={section} aria-labelledby="recovery-title">
      <h1 id="recovery-title">{t('account.recovery.title')}</h1>
      <div className="panel">
        <p>{t('account.recovery.intro')}</p>
        {!keys && !hasTotp ? (
          <div className="notice notice-info">
            <p>{t('account.recovery.needsTotp')}</p>
            <p>
              <Link to={href('setup-mfa.totp')}>{t('account.recovery.setUpTotp')}</Link>
            </p>
          </div>
        ) : keys ? (
          <>
            <h2>{t('account.recovery.newKeys')}</h2>
            <RecoveryKeys keys={keys} />
            <div className="actions">
              <Link className="button" to={href('security')}>
                {t('account.common.done')}
              </Link>
            </div>
          </>
        ) : (
          <>
            <p>
              <strong>{t('account.recovery.left', { count: left })}</strong>
            </p>
            {left === 0 && (
              <p className="notice notice-warning">{t('account.recovery.noneLeft')}</p>
            )}
            {problem && !needsTotp && (
              <p className="notice notice-error" role="alert">
                {errorText(t, problem)}
              </p>
            )}
            {needsTotp && (
              <div className="notice notice-error" role="alert">
                <p>{t('account.recovery.needsTotp')}</p>
                <p>
                  <Link to={href('setup-mfa.totp')}>{t('account.recovery.setUpTotp')}</Link>
                </p>
              </div>
            )}
            <button
              type="button"
              className="button"
              onClick={() => {
                clearFailure(regenerate);
                setAsking(true);
              }}
            >
              {t('account.recovery.regenerate')}
            </button>
          </>
        )}
      </div>
      {asking && (
        <ConfirmDialog
          title={t('account.recovery.regenerateTitle')}
          text={t('account.recovery.regenerateWarning')}
          confirmLabel={t('account.recovery.regenerate')}
          cancelLabel={t('account.common.cancel')}
          busy={regenerate.isPending}
          onConfirm={() => {
            setAsking(false);
            regenerate.mutate();
          }}
          onCancel={() => setAsking(false)}
        />
      )}
      {stepUp.dialog}
    </section>
  );
}
