import { type AuthorizeQuery, INVALID_CONFIGURATION_CODES } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { CircleUserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/Notice';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import './consent.css';
import { errorOf } from '../../lib/errors';
import { useLogout } from '../../lib/logout';
import { scopeText } from '../../lib/scopes';
import { useCurrentUser } from '../../lib/session';
import { authorizationQuery } from './api/authorize';

const FIELDS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'state',
  'code_challenge',
  'code_challenge_method',
  'scope',
] as const;

/** The partner's authorisation request, as the gateway passed it on to this screen. */
function requestOf(params: URLSearchParams): AuthorizeQuery | null {
  const entries = FIELDS.flatMap((f) => {
    const v = params.get(f);
    return v === null ? [] : [[f, v] as const];
  });
  const request = Object.fromEntries(entries) as Partial<AuthorizeQuery>;
  if (!request.client_id || !request.redirect_uri || !request.response_type) return null;
  return request as AuthorizeQuery;
}

/** Leaves for the partner: the gateway checked the target against the client's registered URIs. */
const leaveTo = (target: string) => window.location.assign(target);

/** Spec part 2, Approve: accept or refuse a third-party app's access. */
export default function ConsentScreen() {
  const [params] = useSearchParams();
  const request = params.get('error') === 'invalid_configuration' ? null : requestOf(params);
  if (!request) return <InvalidConfiguration />;
  return <Consent request={request} key={params.toString()} />;
}

function InvalidConfiguration() {
  const { t } = useTranslation();
  return (
    <section className="card narrow" aria-labelledby="consent-title">
      <h1 id="consent-title">{t('account.consent.invalidTitle')}</h1>
      <Alert tone="error">{t('account.consent.invalidConfiguration')}</Alert>
      <Link to={href('home')}>{t('account.consent.home')}</Link>
    </section>
  );
}

/** The partner's site as a person recognises it: the host of its registered redirect_uri. */
function siteOf(redirectUri: string): string | null {
  try {
    return new URL(redirectUri).host;
  } catch {
    return null;
  }
}

function Consent({ request }: { request: AuthorizeQuery }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const logout = useLogout();
  const login = user?.email[0]?.value ?? user?.phone[0]?.value ?? '';
  const site = siteOf(request.redirect_uri);
  const authorizeQuery = new URLSearchParams(
    Object.entries(request).filter((e): e is [string, string] => typeof e[1] === 'string'),
  ).toString();
  /** The answer is on its way to the gateway: a second press sends nothing. */
  const [sent, setSent] = useState(false);
  const asked = useQuery(authorizationQuery(request));
  const answer = asked.data?.body ?? null;

  // Already approved earlier: the gateway answers the partner's target at once.
  useEffect(() => {
    if (answer && answer.approvalType === null && answer.target) leaveTo(answer.target);
  }, [answer]);

  const errorCode = asked.isError ? errorOf(asked.error).code : null;
  if ((INVALID_CONFIGURATION_CODES as readonly (string | null)[]).includes(errorCode)) {
    return <InvalidConfiguration />;
  }

  return (
    <section className="card narrow" aria-labelledby="consent-title">
      <h1 id="consent-title">{t('account.consent.title')}</h1>
      {asked.isPending && <p role="status">{t('account.common.loading')}</p>}
      {asked.isError && <Alert tone="error">{t('account.common.tryLater')}</Alert>}
      {answer && answer.approvalType === 'scopes' && (
        <>
          {/* Who asks, as Google's consent shows it: the app and its site, then whose account. */}
          <div className="consent-app">
            <span className="consent-app-icon" aria-hidden="true">
              {answer.client.name.trim().charAt(0).toUpperCase()}
            </span>
            <div>
              <p className="consent-app-name">{answer.client.name}</p>
              {site && <p className="muted">{t('account.consent.site', { site })}</p>}
            </div>
          </div>
          <p>{t('account.consent.wants', { name: answer.client.name })}</p>
          {user && (
            <div className="consent-account">
              <CircleUserRound size={20} aria-hidden="true" />
              <span>
                {t('account.consent.signedInAs', {
                  name: [user.firstname, user.lastname].filter(Boolean).join(' ') || login,
                  login,
                })}
              </span>
              <button
                type="button"
                className="link-button"
                disabled={logout.isPending}
                onClick={() =>
                  logout.mutate(
                    {},
                    {
                      onSettled: () =>
                        navigate(href('login.email', { target: `/authorize?${authorizeQuery}` })),
                    },
                  )
                }
              >
                {t('account.consent.notYou')}
              </button>
            </div>
          )}
          <p className="consent-able">
            <strong>{t('account.consent.ableTo')}</strong>
          </p>
          <ul className="scopes" aria-label={t('account.consent.scopesLabel')}>
            {answer.scopes.map((scope) => (
              <li key={scope}>{scopeText(t, scope)}</li>
            ))}
          </ul>
          <p className="muted">{t('account.consent.revokeLater')}</p>
          {/*
           * The answer is a plain HTML form to the gateway, with JavaScript or
           * without: it sends the answer and the browser on to the partner
           * (303): the code, or after a refusal `error=access_denied` and the
           * partner's state (RFC 6749 §4.1.2.1; docs/flows.md, partner consent).
           */}
          <form
            method="post"
            action="/approve"
            onSubmit={(event) => {
              if (sent) event.preventDefault();
              else setSent(true);
            }}
          >
            {FIELDS.map((field) =>
              request[field] === undefined ? null : (
                <input key={field} type="hidden" name={field} value={request[field]} />
              ),
            )}
            <div className="actions">
              <button
                type="submit"
                name="approve"
                value="true"
                className="button"
                aria-busy={sent || undefined}
              >
                {t('account.consent.accept')}
              </button>
              <button
                type="submit"
                name="approve"
                value="false"
                className="button button-secondary"
              >
                {t('account.consent.refuse')}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
