import { useTranslation } from 'react-i18next';

/** The steps of the account creation, in the order its screens come (docs/flows.md#onboarding). */
const STEPS = ['card', 'terms', 'details', 'email', 'phone', 'security', 'password'] as const;
export type Step = (typeof STEPS)[number];

/**
 * Where the user is in the account creation: "Step 3 of 7 · Your details"
 * as text, over a thin bar. The name is what the screen asks for; the first
 * step is the card (LU: activation code) or the invitation code the
 * onboarding started with. The bar is a native `progress` (a progressbar
 * with its value and maximum, named by the same text), so nothing needs an
 * inline style.
 */
export function Steps({ current, source }: { current: Step; source: 'card' | 'code' }) {
  const { t } = useTranslation();
  const step = STEPS.indexOf(current) + 1;
  const total = STEPS.length;
  const name =
    current === 'card' && source === 'code'
      ? t('flows.onboarding.steps.code')
      : t(`flows.onboarding.steps.${current}`);
  return (
    <div className="onboarding-progress">
      <p className="onboarding-progress-text">
        <span className="onboarding-progress-count">
          {t('flows.onboarding.steps.count', { step, total })}
        </span>{' '}
        <span aria-hidden="true">·</span> <span className="onboarding-progress-name">{name}</span>
      </p>
      <progress
        className="onboarding-progress-bar"
        value={step}
        max={total}
        aria-label={t('flows.onboarding.steps.label')}
        aria-valuetext={t('flows.onboarding.steps.count', { step, total })}
      />
    </div>
  );
}
