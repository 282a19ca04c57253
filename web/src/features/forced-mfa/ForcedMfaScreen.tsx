import type { ForcedMfaNext, ForcedMfaView } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { BusyLabel } from '../../components/BusyLabel';
import { CodeEntry, type CodeEntryProps, ErrorText } from '../../components/form';
import { Loading } from '../../components/Loading';
import '../../components/self-service.css';
import { clearFailure } from '../../lib/api';
import { type ErrorTexts, errorOf, errorText } from '../../lib/errors';
import { pageFocusTarget } from '../../lib/page-navigation';
import { useContactFormat } from '../../lib/phone';
import { href } from '../../lib/routes';
import { leave } from '../../lib/sign-in-flow';
import { useStepFocus } from '../../lib/step-focus';
import {
  type ForcedMfaForm,
  type ForcedMfaStep,
  forcedMfaFormKey,
  forcedMfaQuery,
  formAnswer,
  sendStep,
  startSetup,
} from './flow';

/** A step refused, in this screen's words (the gateway's codes). */
const STEP_TEXTS = {
  invalid_code: 'account.onboardingMfa.codeInvalid',
  invalid_phone: 'account.onboardingMfa.invalidNumber',
  code_invalid: 'account.onboardingMfa.codeInvalid',
  code_expired: 'account.onboardingMfa.codeExpired',
  code_spent: 'account.onboardingMfa.codeSpent',
  'email-duplicated': 'account.setup.email.duplicated',
  'sms-duplicated': 'account.setup.sms.duplicated',
  gone: 'account.onboardingMfa.gone',
  conflict: 'account.onboardingMfa.otherStep',
  fallback: 'account.setup.sendFailed',
} as const satisfies ErrorTexts;

/**
 * Forced MFA (docs/product.md parts 2 and 4; docs/flows.md, "Forced MFA"): an
 * intro for users and for customers, the e-mail and phone steps, a
 * confirmation, then the platform. The gateway owns the setup: this page
 * draws the step its flow is at, and each button is a step of a
 * `<form method="post">` that works without script; with it, the same step
 * goes as JSON and the page follows the `next` it is answered.
 */
export default function ForcedMfaScreen() {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const flow = useQuery(forcedMfaQuery);
  // A refused form sent without script: the gateway drew the page with why (read once).
  const [drawn] = useState(() => queryClient.getQueryData<ForcedMfaForm>(forcedMfaFormKey) ?? null);
  const [phone, setPhone] = useState(drawn?.values.phone ?? '');
  /** A setup was started here, or the page is leaving: none starts (again). */
  const started = useRef(false);

  /** Follows an answer: this page's next step in place, any other page by a real navigation. */
  const follow = (answer: ForcedMfaNext) => {
    queryClient.removeQueries({ queryKey: forcedMfaFormKey });
    if (answer.next === pathname && answer.view) {
      queryClient.setQueryData(forcedMfaQuery.queryKey, answer.view);
      // The sign-in's `?redirect=` is the flow's now: the address loses it.
      if (search) navigate(pathname, { replace: true });
      return;
    }
    // The page goes (a real navigation, the gateway draws the next one): the setup it drew
    // stays as it was until then, and no new one starts meanwhile.
    started.current = true;
    leave.to(answer.next);
  };
  const step = useMutation({ mutationFn: sendStep, onSuccess: follow });
  const start = useMutation({ mutationFn: startSetup, onSuccess: follow });

  // Reached without a setup under way (a visit the gateway did not draw): one starts.
  const noFlow = flow.isSuccess && flow.data === null && !drawn;
  const target = params.get('redirect') ?? params.get('target');
  useEffect(() => {
    if (!noFlow || started.current) return;
    started.current = true;
    start.mutate(target);
  }, [noFlow, start, target]);

  const failure = step.error ?? (drawn ? formAnswer(drawn) : null);
  const problem = failure ? errorOf(failure, STEP_TEXTS) : null;
  const view = flow.data ?? null;
  if (!view) {
    if (flow.isPending || start.isPending || noFlow) return <Loading />;
    return <Gone message={problem} startError={start.error} />;
  }
  const send = (vars: ForcedMfaStep) => {
    clearFailure(step);
    step.mutate(vars);
  };
  return (
    <SetupStep
      view={view}
      send={send}
      step={step}
      problem={problem}
      phone={phone}
      setPhone={setPhone}
      onResend={async () => {
        clearFailure(step);
        return step
          .mutateAsync({ step: 'resend' })
          .then(() => true)
          .catch(() => false);
      }}
    />
  );
}

/** The setup is over (expired, complete elsewhere): said, with a way to start it again. */
function Gone({
  message,
  startError,
}: {
  message: ReturnType<typeof errorOf> | null;
  startError: unknown;
}) {
  const { t } = useTranslation();
  const error = startError ? errorOf(startError, STEP_TEXTS) : message;
  return (
    <section className="card narrow" aria-labelledby="onboarding-mfa-title">
      <h1 id="onboarding-mfa-title">{t('account.onboardingMfa.title')}</h1>
      <ErrorText>{error ? errorText(t, error) : t('account.onboardingMfa.gone')}</ErrorText>
      <div className="actions">
        <a className="button" href={href('setup-mfa')}>
          {t('account.onboardingMfa.startAgain')}
        </a>
      </div>
    </section>
  );
}

interface StepProps {
  view: ForcedMfaView;
  send: (vars: ForcedMfaStep) => void;
  /** The step's mutation: busy while it runs, a code not sent twice meanwhile. */
  step: CodeEntryProps['mutation'];
  problem: ReturnType<typeof errorOf> | null;
  phone: string;
  setPhone: (value: string) => void;
  onResend: () => Promise<boolean>;
}

/** The pressed button's step, or the form's own (`step` hidden field). */
function stepOf(event: FormEvent<HTMLFormElement>): string | null {
  const pressed = (event.nativeEvent as SubmitEvent).submitter;
  if (pressed instanceof HTMLButtonElement && pressed.name === 'step') return pressed.value;
  return null;
}

/** The page of the flow's step: each a form posting to this page. */
function SetupStep({ view, send, step, problem, phone, setPhone, onResend }: StepProps) {
  const { t } = useTranslation();
  const busy = step.isPending;
  const show = useContactFormat();
  const phoneId = useId();
  const errorId = useId();
  const message = problem ? errorText(t, problem) : null;
  // Each new step is a page of its own without a route change: the cursor to its
  // first field, else its heading, as a page's (docs/focus.md).
  const section = useRef<HTMLElement>(null);
  useStepFocus(`${view.step} ${view.kind} ${view.other}`, () => {
    const heading = section.current?.querySelector('h1');
    return heading ? pageFocusTarget(heading) : null;
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const pressed = stepOf(event);
    if (pressed === 'send') send({ step: 'send', ...(view.other ? { phone } : {}) });
    else if (pressed) send({ step: pressed as Exclude<ForcedMfaStep['step'], 'send' | 'code'> });
  };
  const button = (value: string, label: string, className = 'button') => (
    <button
      type="submit"
      name="step"
      value={value}
      className={className}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      <BusyLabel busy={busy && className === 'button'}>{label}</BusyLabel>
    </button>
  );

  return (
    <section ref={section} className="card narrow" aria-labelledby="onboarding-mfa-title">
      {view.step === 'intro' && (
        <form method="post" onSubmit={submit}>
          <h1 id="onboarding-mfa-title">{t('account.onboardingMfa.title')}</h1>
          <p>
            {view.customer
              ? t('account.onboardingMfa.introCustomer')
              : t('account.onboardingMfa.intro')}
          </p>
          {view.customer && (
            <ul>
              <li>{t('account.onboardingMfa.noSharing')}</li>
              <li>{t('account.onboardingMfa.ownAccount')}</li>
            </ul>
          )}
          <p>{t('account.onboardingMfa.steps')}</p>
          <ErrorText>{message}</ErrorText>
          {view.mayskip ? (
            <section
              className="notice notice-info"
              aria-label={t('account.onboardingMfa.bannerLabel')}
            >
              <p>{t('account.onboardingMfa.banner')}</p>
              <div className="actions">
                {button('begin', t('account.onboardingMfa.activate'))}
                {button('skip', t('account.onboardingMfa.skip'), 'button button-secondary')}
              </div>
            </section>
          ) : (
            <div className="actions">{button('begin', t('account.onboardingMfa.confirm'))}</div>
          )}
        </form>
      )}
      {view.step === 'contact' && view.kind && (
        <form method="post" onSubmit={submit} noValidate>
          <h1 id="onboarding-mfa-title">{t(`account.onboardingMfa.${view.kind}Title`)}</h1>
          {view.other ? (
            <div className="field">
              <label htmlFor={phoneId}>{t('account.onboardingMfa.phoneLabel')}</label>
              <input
                id={phoneId}
                name="phone"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? errorId : undefined}
                // The number is the one thing this step asks: the cursor starts in it.
                // biome-ignore lint/a11y/noAutofocus: the step's only field, asked for by the press before
                autoFocus
              />
              <p className="hint">{t('account.onboardingMfa.phoneHint')}</p>
            </div>
          ) : (
            <p>
              {view.contact
                ? t(`account.onboardingMfa.${view.kind}Text`, { target: show(view.contact) })
                : t('account.onboardingMfa.noContact')}
            </p>
          )}
          <ErrorText id={errorId}>{message}</ErrorText>
          <div className="actions">
            {(view.contact || view.other) && button('send', t('account.contacts.sendCode'))}
            {view.kind === 'sms' &&
              !view.other &&
              button('other', t('account.onboardingMfa.otherNumber'), 'link-button')}
          </div>
        </form>
      )}
      {view.step === 'code' && view.kind && (
        <>
          <h1 id="onboarding-mfa-title">{t(`account.onboardingMfa.${view.kind}Title`)}</h1>
          <CodeEntry
            method="post"
            label={t('account.setup.code')}
            intro={t('account.setup.codeSent', { target: show(view.sentTo ?? '') })}
            length={8}
            refusal={message}
            mutation={step}
            resendName="resend"
            onSubmit={(code) => send({ step: 'code', code })}
            onResend={onResend}
          >
            <input type="hidden" name="step" value="code" />
          </CodeEntry>
        </>
      )}
      {view.step === 'done' && (
        <form method="post" onSubmit={submit}>
          <h1 id="onboarding-mfa-title">{t('account.onboardingMfa.doneTitle')}</h1>
          <p className="notice notice-success">{t('account.onboardingMfa.doneText')}</p>
          <ErrorText>{message}</ErrorText>
          <div className="actions">{button('finish', t('account.onboardingMfa.continue'))}</div>
        </form>
      )}
    </section>
  );
}
