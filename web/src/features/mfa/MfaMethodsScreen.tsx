import type { MfaKind } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import {
  CreditCard,
  KeyRound,
  type LucideIcon,
  Mail,
  MessageSquare,
  Smartphone,
} from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ListRow, ListRows } from '../../components/ListRow';
import { Loading } from '../../components/Loading';
import { errorOf, errorText, type PortalError } from '../../lib/errors';
import { useContactFormat } from '../../lib/phone';
import { href } from '../../lib/routes';
import { usePasskeyOffer } from '../../lib/webauthn';
import { stepUpMethodsQuery, usePasskeyStepUp, useStartCheck } from './api/checks';
import {
  flagsOf,
  flagsQuery,
  isSignInStep,
  type ListedMethod,
  methodsOf,
  namedRoute,
  primaryOf,
  stepUpCancelHref,
  useRedirectPath,
} from './flow';
import { SignInMethodsScreen } from './SignInSteps';

/** Methods a person can pick for a code check (a recovery key only where one is left). */
const PICKABLE: readonly MfaKind[] = ['email', 'sms', 'totp', 'card', 'totpRecovery'];

/** Each method's picture in the list (decorative: the title names it). */
const METHOD_ICONS: Record<MfaKind, LucideIcon> = {
  email: Mail,
  sms: MessageSquare,
  totp: Smartphone,
  totpRecovery: KeyRound,
  card: CreditCard,
};

/** `expired`: the sign-in is gone; `none`: no method to offer; or why a call failed. */
type Problem = 'expired' | 'none' | PortalError;

/**
 * mfa-methods (docs/product.md part 2): how to receive the code. At sign-in the methods
 * come from the 401 (query `methods`), in a duplicate merge from the merge
 * (`isFuzzion`), on step-up (`single=true`) from the user's own methods.
 * With only one method, the check starts at once.
 */
export default function MfaMethodsScreen() {
  const [params] = useSearchParams();
  // A sign-in's method list is its flow's (docs/flows.md); a step-up's or a merge's is below.
  return isSignInStep(params) ? <SignInMethodsScreen /> : <CheckMethodsScreen />;
}

function CheckMethodsScreen() {
  const { t } = useTranslation();
  const show = useContactFormat();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const flags = flagsOf(params);
  const redirect = useRedirectPath(flags.redirect);
  const autoStarted = useRef(false);
  const search = params.toString();
  // "Use another method" asks for the list; otherwise the primary method starts at once.
  const choosing = params.get('choose') === 'true';
  // On a step-up, the user's passkey is offered first
  // (docs/journeys-signin.md, Straight to the code).
  const isStepUp = flags.single && !flags.isFuzzion;
  const passkey = usePasskeyOffer(isStepUp);
  const passkeyCheck = usePasskeyStepUp();
  const passkeyFailure = passkeyCheck.data?.ok === false ? passkeyCheck.data.reason : null;
  const start = useStartCheck();

  // Which methods are on offer: in a merge those it handed over, on a step-up the user's own.
  const handedOver = flags.isFuzzion;
  const given = useMemo(() => {
    const query = new URLSearchParams(search);
    return flagsOf(query).isFuzzion ? (methodsOf(query) ?? []) : null;
  }, [search]);
  const own = useQuery({ ...stepUpMethodsQuery, enabled: !handedOver });
  const methods: ListedMethod[] | null = given ?? own.data ?? null;
  const offered = (methods ?? []).filter((m) => PICKABLE.includes(m.method));
  const kinds = offered.map((m) => m.method);
  const waitsForPasskey = isStepUp && (!passkey.ready || passkey.offer);
  const busy = start.isPending || passkeyCheck.isPending;
  const started = start.data;

  const problem: Problem | null = own.isError
    ? errorOf(own.error)
    : start.isError
      ? errorOf(start.error)
      : started && started !== 'started'
        ? started
        : methods !== null && offered.length === 0 && !waitsForPasskey
          ? 'none'
          : null;

  const choose = (method: ListedMethod | null) =>
    start.mutate(
      { flags, method, kinds },
      {
        onSuccess: (result) => {
          if (result === 'started') {
            navigate(href('mfa', flagsQuery(flags)), { replace: autoStarted.current });
          }
        },
      },
    );

  // One method only, or a primary one at sign-in and step-up: no choice to make
  // (spec: `single` skips the choice); the list is one tap away on the code screen.
  useEffect(() => {
    if (methods === null || autoStarted.current || problem) return;
    if (waitsForPasskey) return;
    const primary = choosing || flags.isFuzzion ? null : primaryOf(offered);
    if (offered.length === 1 || primary) {
      autoStarted.current = true;
      const method = primary ?? offered[0] ?? null;
      choose(method && method.id !== 0 ? method : null);
    }
  });

  const withPasskey = () =>
    passkeyCheck.mutate(undefined, {
      onSuccess: (outcome) => {
        if (!outcome.ok) return;
        if (redirect.path) return navigate(redirect.path, { replace: true });
        const named = namedRoute(flags.redirect);
        if (named) {
          const query = {
            action: flags.action ?? undefined,
            targetMfaId: flags.targetMfaId ?? undefined,
          };
          return navigate(href(named, query), { replace: true });
        }
        navigate(-1);
      },
    });

  if ((methods === null && !problem) || (isStepUp && !passkey.ready)) return <Loading />;

  const intro = flags.isFuzzion
    ? t('mfa.methods.introFuzzion')
    : flags.single
      ? t('mfa.methods.introStepUp')
      : t('mfa.methods.intro');

  return (
    <section className="card narrow" aria-labelledby="mfa-methods-title">
      <h1 id="mfa-methods-title">{t('mfa.methods.title')}</h1>
      <p>{intro}</p>
      {problem && (
        <p className="error" role="alert">
          {problem === 'expired'
            ? t('mfa.methods.expired')
            : problem === 'none'
              ? t('mfa.methods.none')
              : errorText(t, problem)}
        </p>
      )}
      {passkey.offer && (
        <>
          <button
            type="button"
            className="button button-block"
            disabled={busy}
            onClick={withPasskey}
          >
            {t('passkeys.stepUp.use')}
          </button>
          {passkeyFailure && (
            <p className="error" role="alert">
              {t(`passkeys.errors.${passkeyFailure}`)}
            </p>
          )}
          <p className="hint">{t('passkeys.stepUp.orCode')}</p>
        </>
      )}
      {(offered.length > 1 || (passkey.offer && offered.length > 0)) && (
        <ListRows label={t('mfa.methods.title')}>
          {offered.map((m) => (
            <ListRow
              key={`${m.method}-${m.id}`}
              icon={METHOD_ICONS[m.method]}
              title={t(`mfa.methods.row.${m.method}`)}
              description={
                m.method === 'email' || m.method === 'sms'
                  ? show(m.target ?? '')
                  : t(`mfa.methods.rowText.${m.method}`)
              }
              disabled={busy}
              onPress={() => choose(m.id === 0 ? null : m)}
            />
          ))}
        </ListRows>
      )}
      {busy && <Loading />}
      <p className="hint">{t('mfa.methods.support')}</p>
      {flags.single && !redirect.pending && (
        <p className="links">
          <Link to={stepUpCancelHref(redirect.path)}>{t('mfa.code.cancel')}</Link>
        </p>
      )}
      {problem === 'expired' && (
        <p className="links">
          <Link to={href('login.email')}>{t('mfa.methods.backToLogin')}</Link>
        </p>
      )}
    </section>
  );
}
