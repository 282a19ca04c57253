import type { AccountLabel, HandOverQuestion } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ErrorText } from '../../components/form/ErrorText';
import { Loading } from '../../components/Loading';
import { PUBLIC_ROUTES } from '../../lib/guard-rules';
import { href, routeNameOf } from '../../lib/routes';
import { leave } from '../../lib/sign-in-flow';
import { useHashSignIn } from './api/hash-sign-in';

/** The values a first-party app puts in the address hash (docs/product.md part 4). */
export function hashLoginOf(
  hash: string,
): { token: string; payload: string | null; originApp: string | null } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token');
  return token
    ? { token, payload: params.get('payload'), originApp: params.get('origin-app') }
    : null;
}

type Values = NonNullable<ReturnType<typeof hashLoginOf>>;

/**
 * Arriving with a token in the address hash (docs/product.md part 4): the values are
 * kept, the hash leaves the address bar at once, and the gateway reads the
 * token (not spent, no cookie) and names its account. The visitor is asked
 * before any session changes, signed in or not: "Continue as …" or "Stay
 * logged out", or, signed in to another account, both accounts named. Only
 * the confirmation signs in (the gateway sets the cookie; the token is never
 * stored): a link never signs a browser in or switches it silently (login
 * CSRF, docs/threat-model.md). A link to the account signed in now asks nothing.
 */
export default function HashLogin() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  /** The address had no token to hand over. */
  const [noToken, setNoToken] = useState(false);
  const [ask, setAsk] = useState<{
    question: HandOverQuestion;
    values: Values;
    target: string | null;
  }>();
  const started = useRef(false);

  const { mutate, isError } = useHashSignIn();
  const failed = noToken || isError;

  const signIn = useCallback(
    (values: Values, target: string | null, confirmed: boolean) => {
      mutate(
        {
          token: values.token,
          ...(values.originApp ? { 'origin-app': values.originApp } : {}),
          ...(confirmed ? { confirmed: true } : {}),
          ...(target ? { target } : {}),
        },
        {
          onSuccess: (answer) => {
            if ('question' in answer) return setAsk({ question: answer.question, values, target });
            // Signed in: the page the gateway decided comes next, drawn for the new session.
            leave.to(answer.next);
          },
        },
      );
    },
    [mutate],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const values = hashLoginOf(location.hash);
    const route = routeNameOf(location.pathname);
    // The page the link was opened on; signed out, the gateway has sent a signed-in page to the
    // sign-in with that page as its `target` (the hash rides along): that page, then. The
    // gateway checks either before the browser goes there.
    const target =
      route && !PUBLIC_ROUTES.has(route)
        ? location.pathname + location.search
        : new URLSearchParams(location.search).get('target');
    window.history.replaceState(window.history.state, '', location.pathname + location.search);
    if (!values) return setNoToken(true);
    signIn(values, target, false);
  }, [location, signIn]);

  const confirm = () => {
    if (!ask) return;
    setAsk(undefined);
    signIn(ask.values, ask.target, true);
  };

  /** An account as the texts name it: first name and (masked) login. */
  const named = (account: AccountLabel) => ({ name: account.firstname, login: account.login });

  if (ask && ask.question.current === null) {
    const { incoming } = ask.question;
    return (
      <section className="card narrow" aria-labelledby="confirm-account-title">
        <h1 id="confirm-account-title">{t('signin.hashLogin.confirm.title')}</h1>
        <p>{t('signin.hashLogin.confirm.incoming', named(incoming))}</p>
        <p className="hint">{t('signin.hashLogin.confirm.hint')}</p>
        <div className="actions">
          <button type="button" className="button" onClick={confirm}>
            {t('signin.hashLogin.confirm.continue', { name: incoming.firstname })}
          </button>
          <Link className="button button-secondary" to={href('login.email')} replace>
            {t('signin.hashLogin.confirm.stayOut')}
          </Link>
        </div>
      </section>
    );
  }
  if (ask?.question.current) {
    const { current, incoming } = ask.question;
    return (
      <section className="card narrow" aria-labelledby="other-account-title">
        <h1 id="other-account-title">{t('signin.hashLogin.otherAccount.title')}</h1>
        <p>{t('signin.hashLogin.otherAccount.current', named(current))}</p>
        <p>{t('signin.hashLogin.otherAccount.incoming', named(incoming))}</p>
        <p>{t('signin.hashLogin.otherAccount.question')}</p>
        <div className="actions">
          <button
            type="button"
            className="button"
            onClick={() => navigate(ask.target ?? href('user.dashboard'), { replace: true })}
          >
            {t('signin.hashLogin.otherAccount.keep', { name: current.firstname })}
          </button>
          <button type="button" className="button button-secondary" onClick={confirm}>
            {t('signin.hashLogin.otherAccount.switch', { name: incoming.firstname })}
          </button>
        </div>
      </section>
    );
  }
  if (!failed) {
    return (
      <section className="card narrow" aria-busy="true">
        <p>{t('signin.hashLogin.signingIn')}</p>
        <Loading />
      </section>
    );
  }
  return (
    <section className="card narrow">
      <ErrorText>{t('signin.hashLogin.failed')}</ErrorText>
      <Link className="button" to={href('login.email')}>
        {t('signin.login.submit')}
      </Link>
    </section>
  );
}
