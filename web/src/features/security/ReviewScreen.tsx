import type { MfaMethod, Passkey } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import '../../components/self-service.css';
import { useConfirmedAction } from '../../components/ConfirmedAction';
import { OutcomeNotice } from '../../components/OutcomeNotice';
import { useStepUpInPlace } from '../../components/StepUp';
import { queryKeys } from '../../lib/api';
import { useFormat } from '../../lib/format';
import { useMfaMethods, visibleMethods } from '../../lib/mfa-methods';
import { checkTarget, dashboardTarget, leaveTo } from '../../lib/target';
import { usePasskeys } from '../../lib/webauthn';
import { useConfirmReview, useRemovePasskey } from './api/lockdown';
import { useDeleteMethod } from './api/methods';
import { MethodLabel } from './components/MethodLabel';

/**
 * The sign-in after a lockdown (docs/flows.md, "Lock my account"): the
 * passkeys and second factors, each with Remove, and "Looks right". Someone
 * who knew the password may have added one; whatever is left after this
 * screen is what the owner chose to keep.
 */
export default function ReviewScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const stepUp = useStepUpInPlace();
  const passkeys = usePasskeys();
  const methods = useMfaMethods();
  const removePasskey = useRemovePasskey(stepUp.run);
  const removeMethod = useDeleteMethod(stepUp.run);
  const confirm = useConfirmReview();
  const methodName = (m: MfaMethod) =>
    [t(`account.mfa.kind.${m.method}`), m.target].filter(Boolean).join(' · ');
  const askPasskey = useConfirmedAction(removePasskey, (p: Passkey) => ({
    title: t('lockdown.review.removeTitle', { name: p.name }),
    text: t('lockdown.review.removeText'),
    confirmLabel: t('lockdown.review.remove'),
  }));
  const askMethod = useConfirmedAction(removeMethod, (m: MfaMethod) => ({
    title: t('lockdown.review.removeTitle', { name: methodName(m) }),
    text: t('lockdown.review.removeText'),
    confirmLabel: t('lockdown.review.remove'),
  }));
  const keyList = passkeys.data?.status === 200 ? passkeys.data.body.passkeys : [];
  const methodList = methods.data?.status === 200 ? visibleMethods(methods.data.body) : [];

  const outcome = removePasskey.isError
    ? {
        tone: 'error' as const,
        text: t('lockdown.review.removeFailed', { name: removePasskey.variables?.name }),
      }
    : removeMethod.isError
      ? {
          tone: 'error' as const,
          text: t('lockdown.review.removeFailed', {
            name: removeMethod.variables && methodName(removeMethod.variables),
          }),
        }
      : removePasskey.isSuccess && removePasskey.data
        ? {
            tone: 'success' as const,
            text: t('lockdown.review.removed', { name: removePasskey.variables.name }),
          }
        : removeMethod.isSuccess && removeMethod.data
          ? {
              tone: 'success' as const,
              text: t('lockdown.review.removed', { name: methodName(removeMethod.variables) }),
            }
          : confirm.isError
            ? { tone: 'error' as const, text: t('lockdown.review.confirmFailed') }
            : null;

  const looksRight = () =>
    confirm.mutate(undefined, {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: queryKeys.user });
        // Where the sign-in was going, as the gateway checks it; else the dashboard.
        leaveTo((await checkTarget(params.get('redirect'))) ?? dashboardTarget(), navigate);
      },
    });

  return (
    <section aria-labelledby="review-title">
      <h1 id="review-title">{t('lockdown.review.title')}</h1>
      <p>{t('lockdown.review.intro')}</p>
      <OutcomeNotice outcome={outcome} />

      <section className="panel" aria-labelledby="review-passkeys-title">
        <h2 id="review-passkeys-title">{t('lockdown.review.passkeys')}</h2>
        {keyList.length === 0 ? (
          <p>{t('lockdown.review.noPasskeys')}</p>
        ) : (
          <ul className="rows" aria-label={t('lockdown.review.passkeys')}>
            {keyList.map((p) => (
              <li key={p.id}>
                <div className="row-main">
                  <strong>{p.name}</strong>
                  <span className="muted">
                    {' '}
                    · {t('lockdown.review.created', { date: format.date(p.created_at) })}
                  </span>
                </div>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={t('lockdown.review.removeNamed', { name: p.name })}
                  onClick={() => askPasskey.ask(p)}
                >
                  {t('lockdown.review.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="panel" aria-labelledby="review-methods-title">
        <h2 id="review-methods-title">{t('lockdown.review.methods')}</h2>
        {methodList.length === 0 ? (
          <p>{t('lockdown.review.noMethods')}</p>
        ) : (
          <ul className="rows" aria-label={t('lockdown.review.methods')}>
            {methodList.map((m) => (
              <li key={m.id}>
                <div className="row-main">
                  <MethodLabel method={m} />
                </div>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={t('lockdown.review.removeNamed', { name: methodName(m) })}
                  onClick={() => askMethod.ask(m)}
                >
                  {t('lockdown.review.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <button
        type="button"
        className="button"
        onClick={looksRight}
        aria-disabled={confirm.isPending || undefined}
      >
        {t('lockdown.review.looksRight')}
      </button>
      {askPasskey.dialog}
      {askMethod.dialog}
      {stepUp.dialog}
    </section>
  );
}
