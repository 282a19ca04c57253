import { useTranslation } from 'react-i18next';

/**
 * The steps of the account creation, in the order its pages come
 * (docs/flows.md#onboarding): the welcome is folded into the first, the
 * terms into "Your details", the two-step explanation into the password.
 * The progress bar and the first step's list both count these.
 */
export const STEPS = ['card', 'details', 'email', 'phone', 'password'] as const;
export type Step = (typeof STEPS)[number];

/** A step's name; the first is the invitation when the onboarding started with a code. */
export function useStepName(source: 'card' | 'code') {
  const { t } = useTranslation();
  return (step: Step) =>
    step === 'card' && source === 'code'
      ? t('flows.onboarding.steps.code')
      : t(`flows.onboarding.steps.${step}`);
}

/**
 * Where the user is in the account creation: "Step 3 of 5 · Your e-mail
 * address" as text, over a thin bar. The bar is a native `progress` (a
 * progressbar with its value and maximum, named by the same text), so
 * nothing needs an inline style.
 */
export function Steps({ current, source }: { current: Step; source: 'card' | 'code' }) {
  const { t } = useTranslation();
  const nameOf = useStepName(source);
  const step = STEPS.indexOf(current) + 1;
  const total = STEPS.length;
  return (
    <div className="onboarding-progress">
      <p className="onboarding-progress-text">
        <span className="onboarding-progress-count">
          {t('flows.onboarding.steps.count', { step, total })}
        </span>{' '}
        <span aria-hidden="true">·</span>{' '}
        <span className="onboarding-progress-name">{nameOf(current)}</span>
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
