import type { MfaMethod, SetupStarted, User } from '@portal/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { CodeEntry, ErrorText } from '../../components/form';
import { PhoneField, type PhoneValue, phoneToE164 } from '../../components/PhoneField';
import { useStepUpInPlace } from '../../components/StepUp';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { clearFailure } from '../../lib/api';
import { getConfig } from '../../lib/config';
import { type ErrorTexts, useErrorText } from '../../lib/errors';
import {
  useActivateMethod,
  useMfaMethods,
  useResendActivation,
  useSetupMethod,
} from '../../lib/mfa-methods';
import { pageFocusTarget } from '../../lib/page-navigation';
import { useContactFormat } from '../../lib/phone';
import { useCurrentUser } from '../../lib/session';
import { useStepFocus } from '../../lib/step-focus';
import { checkTarget, leaveTo } from '../../lib/target';

type Step = 'email' | 'sms';
type Stage = { kind: 'intro' } | { kind: Step } | { kind: 'done' };

/** The steps still to do: an e-mail method, then an SMS method (docs/product.md part 2, Forced MFA). */
export function missingSteps(methods: readonly MfaMethod[]): Step[] {
  const has = (kind: Step) => methods.some((m) => m.id > 0 && m.method === kind);
  return (['email', 'sms'] as const).filter((kind) => !has(kind));
}

/**
 * Forced MFA (docs/product.md parts 2 and 4): an intro for users and for customers, then
 * the e-mail and phone steps, a confirmation, and on to the platform. A
 * customer with MFA available but not forced may skip; the others confirm.
 */
export default function ForcedMfaScreen() {
  const { user, isLoading } = useCurrentUser();
  const methods = useMfaMethods({ enabled: !!user });
  // Decided once on arrival: setting up the first method lifts mfa_forced, and
  // the flow must still go on to the phone step and its confirmation.
  const start = useRef<Start | null>(null);
  if (isLoading) return null;
  if (!user) return <Navigate to={href('login.email', { target: href('setup-mfa') })} replace />;
  if (!start.current) {
    if (!user.mfa_forced && !user.mfa_customer) {
      return <Navigate to={href('setup-mfa.selection')} replace />;
    }
    if (methods.data?.status !== 200) return null;
    start.current = {
      steps: missingSteps(methods.data.body),
      mayskip: user.mfa_customer && !user.mfa_forced,
      customer: user.customer_user_id !== null,
    };
  }
  return <Flow user={user} start={start.current} />;
}

interface Start {
  steps: Step[];
  /** A customer with MFA available but not forced (docs/product.md part 2): Activate or Skip. */
  mayskip: boolean;
  customer: boolean;
}

function Flow({ user, start }: { user: User; start: Start }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { steps, mayskip, customer } = start;
  const [stage, setStage] = useState<Stage>(
    steps.length === 0 ? { kind: 'done' } : { kind: 'intro' },
  );
  // Each new stage is a page of its own without a route change: the cursor to its
  // first field, else its heading, as a page's (docs/focus.md).
  const section = useRef<HTMLElement>(null);
  useStepFocus(stage.kind, () => {
    const heading = section.current?.querySelector('h1');
    return heading ? pageFocusTarget(heading) : null;
  });
  // The sign-in passes its target as `redirect`: left for as the gateway checked it.
  const platform = params.get('redirect') ?? params.get('target');

  const next = (after: Step | null) => {
    const index = after === null ? 0 : steps.indexOf(after) + 1;
    const step = steps[index];
    setStage(step ? { kind: step } : { kind: 'done' });
  };
  const leave = async () => {
    const checked = await checkTarget(platform);
    if (checked) leaveTo(checked, navigate);
    else navigate(href('user.dashboard'), { replace: true });
  };

  return (
    <section ref={section} className="card narrow" aria-labelledby="onboarding-mfa-title">
      {stage.kind === 'intro' && (
        <>
          <h1 id="onboarding-mfa-title">{t('account.onboardingMfa.title')}</h1>
          <p>
            {customer ? t('account.onboardingMfa.introCustomer') : t('account.onboardingMfa.intro')}
          </p>
          {customer && (
            <ul>
              <li>{t('account.onboardingMfa.noSharing')}</li>
              <li>{t('account.onboardingMfa.ownAccount')}</li>
            </ul>
          )}
          <p>{t('account.onboardingMfa.steps')}</p>
          {mayskip ? (
            <section
              className="notice notice-info"
              aria-label={t('account.onboardingMfa.bannerLabel')}
            >
              <p>{t('account.onboardingMfa.banner')}</p>
              <div className="actions">
                <button type="button" className="button" onClick={() => next(null)}>
                  {t('account.onboardingMfa.activate')}
                </button>
                <button type="button" className="button button-secondary" onClick={leave}>
                  {t('account.onboardingMfa.skip')}
                </button>
              </div>
            </section>
          ) : (
            <button type="button" className="button" onClick={() => next(null)}>
              {t('account.onboardingMfa.confirm')}
            </button>
          )}
        </>
      )}
      {(stage.kind === 'email' || stage.kind === 'sms') && (
        <ContactStep
          key={stage.kind}
          kind={stage.kind}
          user={user}
          onDone={() => next(stage.kind as Step)}
        />
      )}
      {stage.kind === 'done' && (
        <>
          <h1 id="onboarding-mfa-title">{t('account.onboardingMfa.doneTitle')}</h1>
          <p className="notice notice-success">{t('account.onboardingMfa.doneText')}</p>
          <button type="button" className="button" onClick={leave}>
            {t('account.onboardingMfa.continue')}
          </button>
        </>
      )}
    </section>
  );
}

/** A code that could not be sent, unless the answer says more (a duplicate, a 422's message). */
const SEND_TEXTS = {
  'email-duplicated': 'account.setup.email.duplicated',
  'sms-duplicated': 'account.setup.sms.duplicated',
  fallback: 'account.setup.sendFailed',
} as const satisfies ErrorTexts;

/** One step: send a code to the primary e-mail (or phone) and confirm it. */
function ContactStep({ kind, user, onDone }: { kind: Step; user: User; onDone: () => void }) {
  const { t } = useTranslation();
  const show = useContactFormat();
  const describe = useErrorText();
  const stepUp = useStepUpInPlace();
  const [setup, setSetup] = useState<SetupStarted | null>(null);
  /** The number typed is not one (checked before sending). */
  const [invalidNumber, setInvalidNumber] = useState(false);
  const start = useSetupMethod(stepUp.run);
  const activate = useActivateMethod();
  const resend = useResendActivation();
  const contacts = kind === 'email' ? user.email : user.phone;
  const known = (contacts.find((c) => c.default && c.verified) ?? contacts.find((c) => c.verified))
    ?.value;
  // The number on file may be outdated: the user can type the one they have now,
  // which the code then confirms.
  const [other, setOther] = useState<PhoneValue | null>(null);
  const otherId = useId();
  const problem = invalidNumber
    ? t('account.onboardingMfa.invalidNumber')
    : start.isError
      ? describe(start.error, SEND_TEXTS)
      : null;

  const send = async () => {
    setInvalidNumber(false);
    clearFailure(start);
    let target = known;
    if (other) {
      target = (await phoneToE164(other, getConfig().variant)) ?? undefined;
      if (!target) return setInvalidNumber(true);
    }
    start.mutate(kind === 'email' ? { method: 'email', target } : { method: 'sms', target }, {
      onSuccess: (res) => res && setSetup(res.body),
    });
  };

  return (
    <>
      <h1 id="onboarding-mfa-title">{t(`account.onboardingMfa.${kind}Title`)}</h1>
      {!setup ? (
        <>
          {other ? (
            <PhoneField
              value={other}
              onChange={(value) => {
                setOther(value);
                setInvalidNumber(false);
                clearFailure(start);
              }}
              invalid={problem !== null}
              describedBy={problem ? otherId : undefined}
            />
          ) : (
            <p>{t(`account.onboardingMfa.${kind}Text`, { target: show(known ?? '') })}</p>
          )}
          <ErrorText id={otherId}>{problem}</ErrorText>
          <div className="actions">
            <button
              type="button"
              className="button"
              onClick={send}
              disabled={start.isPending || (!known && !other)}
            >
              {t('account.contacts.sendCode')}
            </button>
            {kind === 'sms' && !other && (
              <button
                type="button"
                className="link-button"
                onClick={() =>
                  setOther({ country: getConfig().variant === 'lu' ? 'LU' : 'BE', number: '' })
                }
              >
                {t('account.onboardingMfa.otherNumber')}
              </button>
            )}
          </div>
        </>
      ) : (
        <CodeEntry
          label={t('account.setup.code')}
          intro={t('account.setup.codeSent', { target: show(setup.target ?? known ?? '') })}
          length={8}
          mutation={activate}
          onSubmit={(code) =>
            activate.mutate({ payload: setup.payload, code }, { onSuccess: () => onDone() })
          }
          onResend={async () => {
            const res = await resend.mutateAsync(setup);
            if (res.status !== 200) return false;
            setSetup({ ...setup, payload: res.body.payload });
            return true;
          }}
        />
      )}
      {stepUp.dialog}
    </>
  );
}
