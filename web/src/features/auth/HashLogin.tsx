import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Loading } from '../../components/Loading';
import { api } from '../../lib/api';
import { openApp } from '../../lib/flow-state';
import { PUBLIC_ROUTES } from '../../lib/guard-rules';
import { href, routeNameOf } from '../../lib/routes';
import { useFinishSignIn } from '../../lib/sign-in';

/** The values a first-party app puts in the address hash (spec part 4). */
export function hashLoginOf(
  hash: string,
): { token: string; payload: string | null; originApp: string | null } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token');
  return token
    ? { token, payload: params.get('payload'), originApp: params.get('origin-app') }
    : null;
}

/**
 * Arriving with a token in the address hash (spec part 4): the values are
 * kept, the hash leaves the address bar at once, and the gateway signs the
 * user in with the token (the cookie is set; the token is never stored).
 */
export default function HashLogin() {
  const { t } = useTranslation();
  const location = useLocation();
  const finishSignIn = useFinishSignIn();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const values = hashLoginOf(location.hash);
    const route = routeNameOf(location.pathname);
    const target = route && !PUBLIC_ROUTES.has(route) ? location.pathname + location.search : null;
    window.history.replaceState(window.history.state, '', location.pathname + location.search);
    if (!values) return setFailed(true);
    if (values.originApp) openApp.set(values.originApp);
    api.auth
      .loginByHash({
        body: {
          token: values.token,
          ...(values.originApp ? { 'origin-app': values.originApp } : {}),
        },
      })
      .then((res) => {
        if (res.status !== 200) return setFailed(true);
        return finishSignIn({ weak: res.body.weak, target });
      })
      .catch(() => setFailed(true));
  }, [location, finishSignIn]);

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
      <p className="error" role="alert">
        {t('signin.hashLogin.failed')}
      </p>
      <Link className="button" to={href('login.email')}>
        {t('signin.login.submit')}
      </Link>
    </section>
  );
}
