import type { MfaKind } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { api } from '../../lib/api';
import { errorOf, errorText, type PortalError } from '../../lib/errors';
import { loginPayload } from '../../lib/flow-state';
import { useContactFormat } from '../../lib/phone';
import { href } from '../../lib/routes';
import { safeInternalTarget } from '../../lib/target';
import { authenticateWithPasskey, type PasskeyFailure, usePasskeyOffer } from '../../lib/webauthn';
import {
  flagsOf,
  flagsQuery,
  type ListedMethod,
  methodsOf,
  namedRoute,
  startCheck,
  stepUpCancelHref,
} from './flow';

/** Methods a person can pick for a code check (a recovery key only where one is left). */
const PICKABLE: readonly MfaKind[] = ['email', 'sms', 'totp', 'card', 'totpRecovery'];

/** `expired`: the sign-in is gone; `none`: no method to offer; or why a call failed. */
type Problem = 'expired' | 'none' | PortalError;

/**
 * mfa-methods (spec part 2): how to receive the code. At sign-in the methods
 * come from the 401 (query `methods`), in a duplicate merge from the merge
 * (`isFuzzion`), on step-up (`single=true`) from the user's own methods.
 * With only one method, the check starts at once.
 */
export default function MfaMethodsScreen() {
  const { t } = useTranslation();
  const show = useContactFormat();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const flags = flagsOf(params);
  const [methods, setMethods] = useState<ListedMethod[] | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const autoStarted = useRef(false);
  const search = params.toString();
  // Issue 16: on a step-up, the user's passkey is offered first.
  const isStepUp = flags.single && !flags.isLogin && !flags.isFuzzion;
  const passkey = usePasskeyOffer(isStepUp);
  const [passkeyFailure, setPasskeyFailure] = useState<PasskeyFailure | null>(null);

  // Which methods are on offer.
  useEffect(() => {
    let live = true;
    const given = new URLSearchParams(search);
    const current = flagsOf(given);
    (async () => {
      if (current.isLogin || current.isFuzzion) {
        const listed = methodsOf(given) ?? loginPayload.get()?.methods ?? null;
        if (current.isLogin && !loginPayload.get()) return setProblem('expired');
        return setMethods(listed ?? []);
      }
      // Step-up: the card check when the card is the primary method, else the user's methods.
      const status = await api.auth.mfaStatus();
      if (status.status === 200 && status.body.need_card) {
        return setMethods([{ id: 0, method: 'card', target: null }]);
      }
      const own = await api.mfa.listMethods({ query: {} });
      if (own.status !== 200) return setProblem(errorOf(own));
      setMethods(own.body.filter((m) => m.id > 0));
    })().catch((thrown) => live && setProblem(errorOf(thrown)));
    return () => {
      live = false;
    };
  }, [search]);

  const offered = (methods ?? []).filter((m) => PICKABLE.includes(m.method));
  const kinds = offered.map((m) => m.method);

  const choose = async (method: ListedMethod | null) => {
    setBusy(true);
    setProblem(null);
    try {
      const started = await startCheck(flags, method, kinds);
      if (started === 'started') {
        return navigate(href('mfa', flagsQuery(flags)), { replace: autoStarted.current });
      }
      setProblem(started);
    } catch (thrown) {
      setProblem(errorOf(thrown));
    } finally {
      setBusy(false);
    }
  };

  // One method only: no choice to make (spec: `single` skips the choice).
  useEffect(() => {
    if (methods === null || autoStarted.current || problem) return;
    if (isStepUp && (!passkey.ready || passkey.offer)) return;
    if (offered.length === 1) {
      autoStarted.current = true;
      const method = offered[0] ?? null;
      void choose(method && method.id !== 0 ? method : null);
    } else if (offered.length === 0) {
      setProblem('none');
    }
  });

  const withPasskey = async () => {
    setBusy(true);
    setPasskeyFailure(null);
    const outcome = await authenticateWithPasskey('sudo');
    setBusy(false);
    if (!outcome.ok) return setPasskeyFailure(outcome.reason);
    const internal = safeInternalTarget(flags.redirect);
    if (internal) return navigate(internal, { replace: true });
    const named = namedRoute(flags.redirect);
    if (named) {
      const query = {
        action: flags.action ?? undefined,
        targetMfaId: flags.targetMfaId ?? undefined,
      };
      return navigate(href(named, query), { replace: true });
    }
    navigate(-1);
  };

  if ((methods === null && !problem) || (isStepUp && !passkey.ready)) return <Loading />;

  const intro = flags.isFuzzion
    ? t('mfa.methods.introFuzzion')
    : flags.single
      ? t('mfa.methods.introStepUp')
      : t('mfa.methods.intro');

  const label = (m: ListedMethod) => {
    const target = show(m.target ?? '');
    return {
      email: t('mfa.methods.email', { target }),
      sms: t('mfa.methods.sms', { target }),
      totp: t('mfa.methods.totp'),
      totpRecovery: t('mfa.methods.totpRecovery'),
      card: t('mfa.methods.card'),
    }[m.method];
  };

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
            onClick={() => void withPasskey()}
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
        <ul className="choices">
          {offered.map((m) => (
            <li key={`${m.method}-${m.id}`}>
              <button
                type="button"
                className="choice"
                disabled={busy}
                onClick={() => void choose(m.id === 0 ? null : m)}
              >
                {label(m)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {busy && <Loading />}
      <p className="hint">{t('mfa.methods.support')}</p>
      {flags.single && (
        <p className="links">
          <Link to={stepUpCancelHref(flags.redirect)}>{t('mfa.code.cancel')}</Link>
        </p>
      )}
      {(flags.isLogin || problem === 'expired') && (
        <p className="links">
          <Link to={href('login.email')}>{t('mfa.methods.backToLogin')}</Link>
        </p>
      )}
    </section>
  );
}
