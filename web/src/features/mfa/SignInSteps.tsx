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
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Checkbox } from '../../components/Choices';
import { CodeInput } from '../../components/CodeInput';
import { ListRow, ListRows } from '../../components/ListRow';
import { ErrorText } from '../../components/Notice';
import { PartnerBanner } from '../../components/PartnerBanner';
import { ResendCode } from '../../components/ResendCode';
import { clearFailure } from '../../lib/api';
import { type ErrorTexts, errorOf, errorText } from '../../lib/errors';
import { typedOrMasked, useContactFormat } from '../../lib/phone';
import { href } from '../../lib/routes';
import { drawnAnswer, signInFlowQuery, useDrawnForm } from '../../lib/sign-in-flow';
import { useChooseMethod, useResendCode, useSendCode } from './api/sign-in-steps';
import { codeLength } from './flow';

/*
 * The sign-in's second factor (docs/product.md parts 2 and 4), drawn by the gateway
 * from the journey's flow: the code screen (`/mfa`) arrives with the primary
 * method's code sent; "Use another method" is the list (`/mfa/methods`).
 * Each is a form that works without script (the gateway answers 303 to the
 * next step); with the script, the same step goes as JSON.
 */

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

/** No sign-in under way (expired, complete, never started): back to the start. */
function SignInOver({ titleId }: { titleId: string }) {
  const { t } = useTranslation();
  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('mfa.methods.title')}</h1>
      <ErrorText>{t('mfa.methods.expired')}</ErrorText>
      <p className="links">
        <Link to={href('login.email')}>{t('mfa.methods.backToLogin')}</Link>
      </p>
    </section>
  );
}

/** mfa-methods at sign-in: the account's methods; choosing one sends its code. */
export function SignInMethodsScreen() {
  const { t } = useTranslation();
  const show = useContactFormat();
  const { pathname } = useLocation();
  const { data: view } = useQuery(signInFlowQuery);
  const choose = useChooseMethod();
  const drawn = useDrawnForm(pathname);
  if (!view) return view === null ? <SignInOver titleId="mfa-methods-title" /> : null;
  const offered = view.methods.filter((m) => m.id > 0);
  const targets = offered.map((m) => m.target);
  const refused = choose.error ?? drawnAnswer(drawn);
  const failure = refused ? errorText(t, errorOf(refused, STEP_TEXTS)) : null;
  return (
    <section className="card narrow" aria-labelledby="mfa-methods-title">
      <h1 id="mfa-methods-title">{t('mfa.methods.title')}</h1>
      <Banner view={view} />
      <p>{t('mfa.methods.intro')}</p>
      {failure && <ErrorText>{failure}</ErrorText>}
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
      <p className="links">
        <Link to={href('login.email')}>{t('mfa.methods.backToLogin')}</Link>
      </p>
    </section>
  );
}

/** mfa at sign-in: the code of the method under way, trust this device, resend, another method. */
export function SignInCodeScreen() {
  const { data: view } = useQuery(signInFlowQuery);
  if (!view?.check) return view === undefined ? null : <SignInOver titleId="mfa-code-title" />;
  // A new code's screen starts afresh (its field, its countdown).
  return <CodeStep key={`${view.check.mfaId}`} view={view} check={view.check} />;
}

function CodeStep({ view, check }: { view: SignInView; check: NonNullable<SignInView['check']> }) {
  const { t } = useTranslation();
  const show = useContactFormat();
  const { pathname } = useLocation();
  const send = useSendCode();
  const resend = useResendCode();
  const drawnForm = useDrawnForm(pathname);
  const [drawn, setDrawn] = useState(drawnForm);
  const [code, setCode] = useState('');
  const [trust, setTrust] = useState(false);
  const [tooShort, setTooShort] = useState(false);
  const codeField = useRef<HTMLInputElement>(null);
  const kind = check.method;
  const length = codeLength(kind);
  const refused = send.error ?? drawnAnswer(drawn);
  const failure = refused ? errorOf(refused, STEP_TEXTS) : null;
  const failureText = tooShort
    ? t('mfa.code.invalid')
    : failure
      ? failure.kind === 'gone' || failure.kind === 'conflict'
        ? null
        : errorText(t, failure)
      : null;

  const clear = () => {
    setTooShort(false);
    setDrawn(null);
    clearFailure(send);
  };

  const submit = (event?: FormEvent, typed = code) => {
    event?.preventDefault();
    if (send.isPending) return;
    clear();
    if (typed.length === 0 || (kind !== 'totpRecovery' && typed.length !== length)) {
      return setTooShort(true);
    }
    send.mutate({ code: typed, trust });
  };

  if (failure && (failure.kind === 'gone' || failure.kind === 'conflict')) {
    return <SignInOver titleId="mfa-code-title" />;
  }
  const targets = view.methods.map((m) => m.target);
  const shownTarget = typedOrMasked(check.target ?? '', view.login, targets);
  const usable = view.methods.filter((m) => m.id > 0);
  return (
    <section className="card narrow" aria-labelledby="mfa-code-title">
      <Banner view={view} />
      <h1 id="mfa-code-title">{t(`mfa.code.title.${kind}`)}</h1>
      <p>{t(`mfa.code.text.${kind}`, { target: show(shownTarget) })}</p>
      <form method="post" onSubmit={submit} noValidate>
        <CodeInput
          label={kind === 'totpRecovery' ? t('mfa.code.recoveryKey') : t('forms.code.label')}
          value={code}
          onChange={(value) => {
            setCode(value);
            clear();
          }}
          length={length}
          numeric={kind !== 'totpRecovery'}
          hint={kind === 'totpRecovery' ? '' : undefined}
          error={failureText}
          inputRef={codeField}
          onComplete={kind === 'totpRecovery' ? undefined : (value) => submit(undefined, value)}
        />
        <Checkbox name="trust" checked={trust} onChange={setTrust}>
          {t('mfa.code.trustDevice')}
        </Checkbox>
        <button type="submit" className="button button-block" disabled={send.isPending}>
          {t('mfa.code.submit')}
        </button>
        {(kind === 'email' || kind === 'sms') && (
          <ResendCode
            submitName="resend"
            codeField={codeField}
            onResend={() => resend.mutateAsync()}
          />
        )}
      </form>
      {usable.length > 1 && (
        <p className="links">
          <Link to={href('mfa-methods')}>{t('mfa.code.changeMethod')}</Link>
        </p>
      )}
    </section>
  );
}
