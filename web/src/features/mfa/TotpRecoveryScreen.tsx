import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Actions } from '../../components/Actions';
import { RecoveryKeys } from '../../components/RecoveryKeys';
import { useRegenerateRecoveryKeys } from '../../lib/mfa-methods';
import { href } from '../../lib/routes';
import { goToTarget } from '../../lib/target';

/**
 * After a recovery-key sign-in (docs/product.md parts 2 and 4): the count of unused keys
 * (`x`) with the choice to reset the authenticator app or skip; with none
 * left, regenerating the keys (shown once).
 */
export default function TotpRecoveryScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const left = Number(params.get('x') ?? '0');
  const target = params.get('target');
  const regenerate = useRegenerateRecoveryKeys();
  const keys = regenerate.data?.body.recovery_keys ?? null;

  const resetHref = href('setup-mfa.totp', {
    reset: 'true',
    ...(target ? { redirect: target } : {}),
  });

  return (
    <section className="card narrow" aria-labelledby="totp-recovery-title">
      <h1 id="totp-recovery-title">{t('mfa.totpRecovery.title')}</h1>
      {keys ? (
        <>
          <RecoveryKeys keys={keys} />
          <button type="button" className="button" onClick={() => goToTarget(target, navigate)}>
            {t('mfa.totpRecovery.done')}
          </button>
        </>
      ) : left > 0 ? (
        <>
          <p className="notice notice-info">{t('mfa.totpRecovery.left', { count: left })}</p>
          <p>{t('mfa.totpRecovery.resetText')}</p>
          <Actions
            primary={{ label: t('mfa.totpRecovery.reset'), to: resetHref }}
            secondary={{
              label: t('mfa.totpRecovery.skip'),
              onPress: () => goToTarget(target, navigate),
            }}
          />
        </>
      ) : (
        <>
          <p className="notice notice-warning">{t('mfa.totpRecovery.none')}</p>
          <p>{t('mfa.totpRecovery.regenerateText')}</p>
          <Actions
            error={regenerate.isError && t('common.errors.generic')}
            busy={regenerate.isPending}
            primary={{
              label: t('mfa.totpRecovery.regenerate'),
              onPress: () => regenerate.mutate(),
            }}
            secondary={{ label: t('mfa.totpRecovery.reset'), to: resetHref }}
          />
        </>
      )}
    </section>
  );
}
