import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CodeInput } from '../../components/CodeInput';
import { Modal } from '../../components/Modal';
import { ErrorText } from '../../components/Notice';
import { ResendCode } from '../../components/ResendCode';
import { TextField } from '../../components/TextField';
import { clearFailure, queryKeys } from '../../lib/api';
import { type ErrorTexts, errorOf, errorText } from '../../lib/errors';
import { fuzzionPayload, type MfaCheck, mfaPayload } from '../../lib/flow-state';
import { useContactFormat } from '../../lib/phone';
import { href } from '../../lib/routes';
import { useConfirmCode, useConfirmMergeCode, useStartCheck } from './api/checks';
import {
  canChangeMethod,
  codeLength,
  flagsOf,
  flagsQuery,
  isSignInStep,
  type MfaFlags,
  namedRoute,
  stepUpCancelHref,
  useRedirectPath,
} from './flow';
import { SignInCodeScreen } from './SignInSteps';

const CARD_NUMBER = /^5065\d{12}$/;

/**
 * A refused code (400, 422) in the MFA screens' words, the card method's own;
 * a spent or unknown check (410, 404) must start again.
 */
const codeTexts = (isCard: boolean) => {
  const invalid = isCard ? 'mfa.card.invalid' : 'mfa.code.invalid';
  return {
    invalid,
    rejected: invalid,
    gone: 'mfa.code.spent',
    notFound: 'mfa.code.spent',
  } as const satisfies ErrorTexts;
};

/**
 * The MFA code screen (docs/product.md parts 2 and 4): title and text by method, the
 * code (letters and digits, the method's length), resend with its
 * countdown, trust-this-device at sign-in, and what follows a correct code.
 * The card method asks for the card number too, in a dialog.
 */
export default function MfaCodeScreen() {
  const [params] = useSearchParams();
  // A sign-in's code screen is its flow's (docs/flows.md); a step-up's or a merge's is below.
  return isSignInStep(params) ? <SignInCodeScreen /> : <CheckCodeScreen />;
}

function CheckCodeScreen() {
  const [params] = useSearchParams();
  const flags = flagsOf(params);
  const [check, setCheck] = useState<MfaCheck | null>(() => mfaPayload.get());
  if (!check) return <NoCheck flags={flags} />;
  return <CodeForm check={check} flags={flags} onResent={setCheck} />;
}

function NoCheck({ flags }: { flags: MfaFlags }) {
  const { t } = useTranslation();
  return (
    <section className="card narrow" aria-labelledby="mfa-code-title">
      <h1 id="mfa-code-title">{t('mfa.methods.title')}</h1>
      <ErrorText>{t('mfa.code.spent')}</ErrorText>
      <p className="links">
        <Link to={href('mfa-methods', { ...flagsQuery(flags), choose: 'true' })}>
          {t('mfa.code.changeMethod')}
        </Link>
      </p>
    </section>
  );
}

function CodeForm({
  check,
  flags,
  onResent,
}: {
  check: MfaCheck;
  flags: MfaFlags;
  onResent: (check: MfaCheck) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const redirect = useRedirectPath(flags.redirect);
  const afterCode = useAfterCode(flags, redirect.path);
  const show = useContactFormat();
  const cardId = useId();
  const [code, setCode] = useState('');
  const [cardNumber, setCardNumber] = useState('');
  /** The code has the wrong length (checked before sending). */
  const [tooShort, setTooShort] = useState(false);
  const [cardInvalid, setCardInvalid] = useState(false);
  const codeField = useRef<HTMLInputElement>(null);
  const kind = check.method;
  const length = codeLength(kind);
  const isCard = kind === 'card';
  const shownTarget = check.target ?? '';

  // A step-up (a sign-in's code is its flow's: `SignInSteps.tsx`).
  const confirm = useConfirmCode(async (confirmed) =>
    afterCode(kind === 'totpRecovery' ? confirmed.recovery_keys_left : undefined),
  );

  const confirmMerge = useConfirmMergeCode(async (merge) => {
    mfaPayload.clear();
    fuzzionPayload.set(merge.payload);
    if (merge.mfa.length > 0) {
      // docs/product.md part 4: the merge asks for one more code.
      const methods = merge.mfa.map(({ id, method, target: to }) => ({ id, method, target: to }));
      return navigate(
        href('mfa-methods', { ...flagsQuery(flags), methods: JSON.stringify(methods) }),
        { replace: true },
      );
    }
    await queryClient.invalidateQueries({ queryKey: queryKeys.user });
    afterCode(undefined);
  });

  const busy = confirm.isPending || confirmMerge.isPending;
  const refused = confirm.error ?? confirmMerge.error;
  const failure = refused ? errorOf(refused, codeTexts(isCard)) : null;
  const clear = () => {
    setTooShort(false);
    clearFailure(confirm);
    clearFailure(confirmMerge);
  };

  const submit = (event?: FormEvent, typed = code) => {
    event?.preventDefault();
    if (busy) return;
    clear();
    if (isCard && !CARD_NUMBER.test(cardNumber)) return setCardInvalid(true);
    if (typed.length === 0 || (kind !== 'totpRecovery' && typed.length !== length)) {
      return setTooShort(true);
    }
    if (flags.isFuzzion) return confirmMerge.mutate({ payload: check.payload, code: typed });
    confirm.mutate({
      payload: check.payload,
      code: typed,
      ...(isCard ? { card_number: cardNumber } : {}),
    });
  };

  const start = useStartCheck();
  const resend = async () => {
    const started = await start.mutateAsync({
      flags,
      method: check.mfaId === null ? null : { id: check.mfaId, method: kind, target: check.target },
      kinds: check.kinds,
    });
    const next = mfaPayload.get();
    if (started === 'started' && next) onResent(next);
    return started === 'started';
  };

  const changeMethod = canChangeMethod(check.kinds, flags.single) || flags.isFuzzion;
  const failureText = tooShort
    ? t(codeTexts(isCard).invalid)
    : failure
      ? errorText(t, failure)
      : null;

  const form = (
    <form onSubmit={submit} noValidate>
      {isCard && (
        <TextField
          id={cardId}
          label={t('mfa.card.number')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={16}
          value={cardNumber}
          onChange={(e) => {
            setCardNumber(e.target.value.replace(/\D/g, ''));
            setCardInvalid(false);
          }}
          error={cardInvalid && t('mfa.card.invalidNumber')}
        />
      )}
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
        autoFocus={!isCard}
        inputRef={codeField}
        // A complete code goes at once; the card's only with a well-formed card number.
        onComplete={
          kind === 'totpRecovery' || (isCard && !CARD_NUMBER.test(cardNumber))
            ? undefined
            : (value) => void submit(undefined, value)
        }
      />
      <button type="submit" className="button button-block" disabled={busy}>
        {t('mfa.code.submit')}
      </button>
      {(kind === 'email' || kind === 'sms' || kind === 'card') && (
        <ResendCode onResend={resend} codeField={codeField} />
      )}
    </form>
  );

  const title = t(`mfa.code.title.${kind}`);
  const text = t(`mfa.code.text.${kind}`, { target: show(shownTarget) });
  const methodsHref = href('mfa-methods', { ...flagsQuery(flags), choose: 'true' });

  if (isCard) {
    return (
      <Modal title={title} onClose={() => navigate(methodsHref, { replace: true })}>
        <p>{text}</p>
        {form}
      </Modal>
    );
  }

  return (
    <section className="card narrow" aria-labelledby="mfa-code-title">
      <h1 id="mfa-code-title">{title}</h1>
      <p>{text}</p>
      {form}
      {changeMethod && (
        <p className="links">
          <Link to={methodsHref}>{t('mfa.code.changeMethod')}</Link>
        </p>
      )}
      {flags.single && !redirect.pending && (
        <p className="links">
          <Link to={stepUpCancelHref(redirect.path)}>{t('mfa.code.cancel')}</Link>
        </p>
      )}
    </section>
  );
}

function totpRecoveryHref(left: number | undefined, target: string | null): string {
  return href('mfa-totp-recovery', {
    x: String(left ?? 0),
    ...(target ? { target } : {}),
  });
}

/**
 * docs/product.md part 4, "after a correct code", for checks that are not a sign-in
 * (those go through `useFinishSignIn`): recovery key → TOTP recovery; an
 * internal redirect → leave to it; a named redirect → there with action and
 * targetMfaId; otherwise back two steps.
 */
function useAfterCode(flags: MfaFlags, internal: string | null) {
  const navigate = useNavigate();
  return (recoveryKeysLeft: number | undefined) => {
    if (recoveryKeysLeft !== undefined) {
      return navigate(totpRecoveryHref(recoveryKeysLeft, internal), { replace: true });
    }
    if (internal) return navigate(internal, { replace: true });
    const named = namedRoute(flags.redirect);
    if (named) {
      return navigate(
        href(named, {
          action: flags.action ?? undefined,
          targetMfaId: flags.targetMfaId ?? undefined,
        }),
        { replace: true },
      );
    }
    navigate(-2);
  };
}
