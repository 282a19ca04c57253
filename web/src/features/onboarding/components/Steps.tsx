import { useTranslation } from 'react-i18next';

const STEPS = ['card', 'terms', 'email', 'phone', 'security', 'password'] as const;
export type Step = (typeof STEPS)[number];

/**
 * Where the user is in the account creation (spec part 4's onboarding order).
 * The first step is the card (LU: activation code) or the invitation code
 * the onboarding started with.
 */
export function Steps({ current, source }: { current: Step; source: 'card' | 'code' }) {
  const { t } = useTranslation();
  const at = STEPS.indexOf(current);
  return (
    <nav aria-label={t('flows.onboarding.steps.label')}>
      <ol className="onboarding-steps">
        {STEPS.map((step, i) => {
          const state = i < at ? 'done' : i === at ? 'current' : 'todo';
          return (
            <li key={step} className={`step-${state}`} aria-current={i === at ? 'step' : undefined}>
              <span aria-hidden="true">{i < at ? '✓' : i + 1}</span>{' '}
              {step === 'card' && source === 'code'
                ? t('flows.onboarding.steps.code')
                : t(`flows.onboarding.steps.${step}`)}
              {state === 'done' && (
                <span className="visually-hidden"> ({t('flows.onboarding.steps.done')})</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
