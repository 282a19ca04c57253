import type { OnboardingField, OnboardingRefusal, OnboardingView } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { errorOf, errorText } from '../../../lib/errors';
import {
  type OnboardingForm,
  onboardingFlowQuery,
  useOnboardingForm,
} from '../../../lib/onboarding-flow';
import { href } from '../../../lib/routes';
import { useBack } from '../api/onboarding';

/*
 * What every onboarding page shares (docs/flows.md, "Onboarding"): the
 * flow's view it is drawn from, the refusal of its last step (sent as JSON,
 * or as the form the gateway drew the page again for) in the screens' words
 * at its field, Back, and the way out when the journey is over.
 */

/** A refused step as the page says it: at a field (or above the form), or the journey over. */
export interface Refusal {
  field: OnboardingField | null;
  text: string;
  /** The onboarding is gone (expired, complete): it starts again. */
  ended: boolean;
}

/** A drawn page's refused form as the answer it was (for the one error mapping, `errorOf`). */
function drawnAnswer(form: OnboardingForm) {
  const headers = new Headers();
  if (form.retryAfter) headers.set('retry-after', String(form.retryAfter));
  return { status: form.status, body: form.refusal, headers };
}

/** The screens' words for a refused step (docs/product.md parts 5 and 8), chosen by its field and code. */
function refusalOf(t: TFunction, answer: unknown, source: 'card' | 'code'): Refusal {
  const { status, body } = answer as { status?: number; body?: OnboardingRefusal };
  if (status === 409 || status === 410) {
    return { field: null, text: t('flows.onboarding.errors.expired'), ended: true };
  }
  const field = body?.field ?? null;
  const code = body?.code;
  const at = (text: string): Refusal => ({ field, text, ended: false });
  if (status === 400) {
    switch (field) {
      case 'card':
        return at(t('flows.onboarding.card.invalid'));
      case 'invitation':
        return at(t('flows.onboarding.code.invalid'));
      case 'firstname':
      case 'lastname':
        return at(t('flows.onboarding.create.required'));
      case 'terms':
      case 'privacy':
        return at(
          t(
            source === 'code'
              ? 'flows.onboarding.terms.requiredCode'
              : 'flows.onboarding.terms.required',
          ),
        );
      case 'email':
        return at(
          t(
            code === 'no_current_email'
              ? 'flows.onboarding.email.noCurrent'
              : code === 'email-duplicated'
                ? 'flows.onboarding.email.duplicated'
                : 'flows.onboarding.email.invalid',
          ),
        );
      case 'phone':
        return at(
          t(
            code === 'phone-duplicated'
              ? 'flows.onboarding.phone.duplicated'
              : 'flows.onboarding.phone.invalid',
          ),
        );
      case 'code':
        return at(
          t(
            code === 'code_expired'
              ? 'flows.onboarding.codeStep.expired'
              : 'flows.onboarding.codeStep.invalid',
          ),
        );
      case 'password': {
        if (code === 'password_mismatch') return at(t('forms.password.errors.mismatch'));
        const rule = errorOf(answer).fields.password?.key;
        if (rule) return at(t(rule));
        break;
      }
      default:
        break;
    }
  }
  return { field, text: errorText(t, errorOf(answer)), ended: false };
}

/**
 * The page's journey: the flow's view (undefined while it loads, null when
 * none is under way) and the refusal to show, the last step's (`error`, the
 * mutation's) or the drawn form's, until the person changes something.
 */
export function useStepPage(error: unknown, dismissed = false) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: view } = useQuery(onboardingFlowQuery);
  const drawn = useOnboardingForm(pathname);
  const source = view?.source ?? (pathname === '/onboarding/code' ? 'code' : 'card');
  const answer = error ?? (drawn && !dismissed ? drawnAnswer(drawn) : null);
  const refusal = answer ? refusalOf(t, answer, source) : null;
  return {
    view,
    source,
    refusal,
    /** The refusal's text at `field`, if it is said there. */
    at: (field: OnboardingField) => (refusal?.field === field ? refusal.text : null),
    /** What the drawn form had in its fields (never a password or a code). */
    values: drawn?.values ?? {},
  };
}

/** The journey is over (expired, complete, never started): the message, and the start again. */
export function FlowEnded({ titleId, text }: { titleId: string; text?: string }) {
  const { t } = useTranslation();
  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.onboarding.start.title')}</h1>
      <div className="notice notice-error" role="alert">
        <p>{text ?? t('flows.onboarding.errors.expired')}</p>
        <p>
          <Link to={href('onboarding')}>{t('flows.onboarding.errors.restart')}</Link>
        </p>
      </div>
    </section>
  );
}

/**
 * Back: a button of the page's form (`name="back"`), which the gateway takes
 * without script; with it, the same step as JSON.
 */
export function BackButton({ label }: { label?: string }) {
  const { t } = useTranslation();
  const back = useBack();
  return (
    <button
      type="submit"
      name="back"
      value="1"
      formNoValidate
      className="button button-secondary"
      disabled={back.isPending}
      onClick={(event) => {
        event.preventDefault();
        back.mutate(undefined);
      }}
    >
      {label ?? t('flows.onboarding.back')}
    </button>
  );
}

/** The page's buttons: the step's own first (Enter presses it), Back after it. */
export function StepActions({ children, back }: { children: ReactNode; back?: string }) {
  return (
    <div className="onboarding-actions">
      {children}
      <BackButton label={back} />
    </div>
  );
}

/** A refusal that belongs to no field, above the form. */
export function FormRefusal({ refusal }: { refusal: Refusal | null }) {
  if (!refusal || refusal.field !== null) return null;
  return (
    <p className="notice notice-error" role="alert">
      {refusal.text}
    </p>
  );
}

/** The view of a step page, or what stands in its place (loading, or the journey over). */
export function withView(
  view: OnboardingView | null | undefined,
  titleId: string,
  draw: (view: OnboardingView) => ReactNode,
): ReactNode {
  if (view === undefined) return null;
  return view === null ? <FlowEnded titleId={titleId} /> : draw(view);
}
