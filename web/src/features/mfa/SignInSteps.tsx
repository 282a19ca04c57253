import type { MfaKind, SignInView } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import {
  CreditCard,
  KeyRound,
  type LucideIcon,
  Mail,
  MessageSquare,
  Smartphone,
} from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Checkbox } from '../../components/Choices';
import { CodeEntry, TextField } from '../../components/form';
import { ListRow, ListRows } from '../../components/ListRow';
import { ErrorText } from '../../components/Notice';
import { PartnerBanner } from '../../components/PartnerBanner';
import { type ErrorTexts, errorOf, errorText } from '../../lib/errors';
import { typedOrMasked, useContactFormat } from '../../lib/phone';
import { href } from '../../lib/routes';
import { drawnAnswer, signInFlowQuery, useDrawnForm } from '../../lib/sign-in-flow';
import { usePasskeyOffer } from '../../lib/webauthn';
import { usePasskeyStepUp } from './api/checks';
import { useChooseMethod, usePasskeyDone, useResendCode, useSendCode } from './api/sign-in-steps';
import { codeLength, stepUpCancelHref } from './flow';

/*
 * The sign-in's second factor (docs/product.md parts 2 and 4), drawn by the gateway
 * from the journey's flow: the code screen (`/mfa`) arrives with the primary
 * method's code sent; "Use another method" is the list (`/mfa/methods`).
 * Each is a form that works without script (the gateway answers 303 to the
 * next step); with the script, the same step goes as JSON. A signed-in
 * user's step-up (`view.journey`, docs/flows.md "Step-up") is drawn by the
 * same screens from its own flow: no trust-this-device, the card's number
 * when the card is the way, the passkey offered in the list, and Cancel.
 */

const CARD_NUMBER = /^5065\d{12}$/;

/** Each method's picture in the list (decorative: the title names it). */
const METHOD_ICONS: Record<MfaKind, LucideIcon> = {
  email: Mail,
  sms: MessageSquare,
  totp: Smartphone,
  totpRecovery: KeyRound,
  card: CreditCard,
};

/** A refused step in the screens' words: a wrong code, a sign-in that is over. */
const STEP_TEXTS = {
  invalid: 'mfa.code.invalid',
  gone: 'mfa.methods.expired',
  conflict: 'mfa.methods.expired',
} as const satisfies ErrorTexts;

/** The partner banner of a sign-in headed to a partner's `/authorize`. */
function Banner({ view }: { view: SignInView }) {
  return view.target ? (
    <PartnerBanner search={`?${new URLSearchParams({ target: view.target })}`} />
  ) : null;
}

/** No sign-in (or step-up) under way (expired, complete, never started): back to the start. */
function SignInOver({ titleId, stepUp }: { titleId: string; stepUp?: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('mfa.methods.title')}</h1>
      <ErrorText>{t(stepUp ? 'mfa.code.spent' : 'mfa.methods.expired')}</ErrorText>
      <p className="links">
        {stepUp ? (
          <Link to={href('user.dashboard')}>{t('mfa.code.cancel')}</Link>
        ) : (
          <Link to={href('login.email')}>{t('mfa.methods.backToLogin')}</Link>
        )}
      </p>
    </section>
  );
}

/** A step-up's way back: the page the sensitive one belongs to (the gateway checked the target). */
function CancelStepUp({ view }: { view: SignInView }) {
  const { t } = useTranslation();
  if (view.journey === 'merge') {
    // The merge's code is one of its proofs: back to the proposal.
    return (
      <p className="links">
        <Link to={href('duplicated')}>{t('mfa.code.back')}</Link>
      </p>
    );
  }
  if (view.journey !== 'step-up') return null;
  return (
    <p className="links">
      <Link to={stepUpCancelHref(view.target)}>{t('mfa.code.cancel')}</Link>
    </p>
  );
}

/** On a step-up, the user's passkey instead of a code (docs/journeys-signin.md). */
function PasskeyInstead() {
  const { t } = useTranslation();
  const passkey = usePasskeyOffer(true);
  const check = usePasskeyStepUp();
  const done = usePasskeyDone();
  const failure = check.data?.ok === false ? check.data.reason : null;
  if (!passkey.offer) return null;
  const use = () =>
    check.mutate(undefined, { onSuccess: (outcome) => outcome.ok && done.mutate(undefined) });
  return (
    <>
      <button
        type="button"
        className="button button-block"
        disabled={check.isPending || done.isPending}
        onClick={use}
      >
        {t('passkeys.stepUp.use')}
      </button>
      {failure && <ErrorText>{t(`passkeys.errors.${failure}`)}</ErrorText>}
      <p className="hint">{t('passkeys.stepUp.orCode')}</p>
    </>
  );
}

/** mfa-methods at sign-in: the account's methods; choosing one sends its code. */
export function SignInMethodsScreen() {
  const { t } = useTranslation();
  const show = useContactFormat();
  const { pathname } = useLocation();
  const { data: view } = useQuery(signInFlowQuery);
  const choose = useChooseMethod(view?.journey);
  const drawn = useDrawnForm(pathname);
  if (!view) return view === null ? <SignInOver titleId="mfa-methods-title" /> : null;
  const stepUp = view.journey === 'step-up';
  const signIn = view.journey === undefined || view.journey === 'sign-in';
  // The card of a step-up is id 0 (the account API picks it); a merge's new contact is negative.
  const offered = view.methods.filter(
    (m) => m.id > 0 || (stepUp && m.method === 'card') || view.journey === 'merge',
  );
  const targets = offered.map((m) => m.target);
  const refused = choose.error ?? drawnAnswer(drawn);
  const failure = refused ? errorText(t, errorOf(refused, STEP_TEXTS)) : null;
  return (
    <section className="card narrow" aria-labelledby="mfa-methods-title">
      <h1 id="mfa-methods-title">{t('mfa.methods.title')}</h1>
      <Banner view={view} />
      <p>
        {t(
          stepUp
            ? 'mfa.methods.introStepUp'
            : view.journey === 'merge'
              ? 'mfa.methods.introFuzzion'
              : 'mfa.methods.intro',
        )}
      </p>
      {failure && <ErrorText>{failure}</ErrorText>}
      {stepUp && <PasskeyInstead />}
      <form method="post" noValidate>
        <ListRows label={t('mfa.methods.title')}>
          {offered.map((m) => (
            <ListRow
              key={`${m.method}-${m.id}`}
              icon={METHOD_ICONS[m.method]}
              title={t(`mfa.methods.row.${m.method}`)}
              description={
                m.method === 'email' || m.method === 'sms'
                  ? show(typedOrMasked(m.target ?? '', view.login, targets))
                  : t(`mfa.methods.rowText.${m.method}`)
              }
              disabled={choose.isPending}
              submit={{ name: 'mfaId', value: String(m.id) }}
              onPress={() => choose.mutate(m.id)}
            />
          ))}
        </ListRows>
      </form>
      <p className="hint">{t('mfa.methods.support')}</p>
      {signIn ? (
        <p className="links">
          <Link to={href('login.email')}>{t('mfa.methods.backToLogin')}</Link>
        </p>
      ) : (
        <CancelStepUp view={view} />
      )}
    </section>
  );
}

/** mfa at sign-in: the code of the method under way, trust this device, resend, another method. */
export function SignInCodeScreen() {
  const { data: view } = useQuery(signInFlowQuery);
  if (!view?.check) {
    return view === undefined ? null : (
      <SignInOver
        titleId="mfa-code-title"
        stepUp={view !== null && view.journey !== undefined && view.journey !== 'sign-in'}
      />
    );
  }
  // A new code's screen starts afresh (its field, its countdown).
  return <CodeStep key={`${view.check.mfaId}`} view={view} check={view.check} />;
}

function CodeStep({ view, check }: { view: SignInView; check: NonNullable<SignInView['check']> }) {
  const { t } = useTranslation();
  const show = useContactFormat();
  const { pathname } = useLocation();
  const signIn = view.journey === undefined || view.journey === 'sign-in';
  const send = useSendCode(view.journey);
  const resend = useResendCode(view.journey);
  const [cardNumber, setCardNumber] = useState('');
  const drawnForm = useDrawnForm(pathname);
  const [drawn, setDrawn] = useState(drawnForm);
  const [trust, setTrust] = useState(false);
  const kind = check.method;
  const isCard = kind === 'card';
  const length = codeLength(kind);
  const refused = send.error ?? drawnAnswer(drawn);
  const failure = refused ? errorOf(refused, STEP_TEXTS) : null;
  const cardCheck = useMemo(() => {
    const invalid = t('mfa.card.invalidNumber');
    return (value: string) => (CARD_NUMBER.test(value) ? null : invalid);
  }, [t]);

  if (failure && (failure.kind === 'gone' || failure.kind === 'conflict')) {
    return <SignInOver titleId="mfa-code-title" stepUp={!signIn} />;
  }
  const targets = view.methods.map((m) => m.target);
  const shownTarget = typedOrMasked(check.target ?? '', view.login, targets);
  const usable = view.methods.filter((m) => m.id > 0 || view.journey === 'merge');
  return (
    <section className="card narrow" aria-labelledby="mfa-code-title">
      <Banner view={view} />
      <h1 id="mfa-code-title">{t(`mfa.code.title.${kind}`)}</h1>
      <p>{t(`mfa.code.text.${kind}`, { target: show(shownTarget) })}</p>
      <CodeEntry
        method="post"
        label={kind === 'totpRecovery' ? t('mfa.code.recoveryKey') : t('forms.code.label')}
        length={length}
        recoveryKey={kind === 'totpRecovery'}
        // A complete code goes at once; the card's only with a well-formed card number.
        autoSubmit={kind !== 'totpRecovery' && (!isCard || CARD_NUMBER.test(cardNumber))}
        autoFocus={!isCard}
        mutation={send}
        texts={STEP_TEXTS}
        // A drawn page's refusal until the code is changed or sent again (the mutation's, after).
        refusal={send.error || !failure ? null : errorText(t, failure)}
        incomplete={t(isCard ? 'mfa.card.invalid' : 'mfa.code.invalid')}
        onChange={() => setDrawn(null)}
        onSubmit={(code) => {
          setDrawn(null);
          send.mutate({ code, trust, ...(isCard ? { card_number: cardNumber } : {}) });
        }}
        submitLabel={t('mfa.code.submit')}
        resendName="resend"
        onResend={
          kind === 'email' || kind === 'sms' || kind === 'card'
            ? () => resend.mutateAsync()
            : undefined
        }
        leading={
          isCard && (
            <TextField
              name="card_number"
              label={t('mfa.card.number')}
              input={{ inputMode: 'numeric', autoComplete: 'off', maxLength: 16 }}
              value={cardNumber}
              onChange={(value) => setCardNumber(value.replace(/\D/g, ''))}
              validate={cardCheck}
            />
          )
        }
      >
        {/* Only a sign-in offers to trust the device: a step-up's or merge's browser is signed in. */}
        {signIn && (
          <Checkbox name="trust" checked={trust} onChange={setTrust}>
            {t('mfa.code.trustDevice')}
          </Checkbox>
        )}
      </CodeEntry>
      {usable.length > 1 && (
        <p className="links">
          <Link to={href('mfa-methods')}>{t('mfa.code.changeMethod')}</Link>
        </p>
      )}
      <CancelStepUp view={view} />
    </section>
  );
}
