import type { SsoLinkOffer, SsoProvider } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { ssoOfferQuery } from '../../lib/sso';
import { useSsoCallback } from './api/partner';

const PROVIDERS: readonly SsoProvider[] = ['microsoft', 'google'];
const isProvider = (value: string | undefined): value is SsoProvider =>
  PROVIDERS.includes(value as SsoProvider);

/**
 * `/sso/{provider}/login/callback`: the identity provider sends the browser
 * back here with a one-time code and the state of the login. The gateway
 * checks the state and answers: signed in (linked), not linked (offer to link
 * an existing account) or no account (offer the options).
 */
export default function SsoCallbackScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { provider } = useParams();
  const [params] = useSearchParams();
  const titleId = useId();
  const callback = useSsoCallback();
  /** The provider sent the browser back without what the gateway needs. */
  const [incomplete, setIncomplete] = useState(false);
  const failed = incomplete || callback.isError;
  // The provider's code works once: post it once, even if the effect runs twice.
  const posted = useRef(false);
  const code = params.get('code');
  const state = params.get('state');

  const { mutate } = callback;
  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    if (!isProvider(provider) || !code || !state) {
      setIncomplete(true);
      return;
    }
    mutate(
      { provider, code, state },
      {
        onSuccess: ({ body: answer }, { provider: from }) => {
          if (answer.status === 'linked') {
            // A new session: the page the gateway decided comes next (the login's target,
            // kept in its flow; a weak password or a second factor to set up first).
            window.location.replace(answer.next);
            return;
          }
          // Not linked yet: the offer stays in the login's flow on the gateway, which the
          // link screens read (`ssoOfferQuery`); what it answered now is that offer.
          const offer: SsoLinkOffer = {
            provider: from,
            status: answer.status,
            email: answer.email,
            company: answer.company,
          };
          queryClient.setQueryData(ssoOfferQuery.queryKey, offer);
          navigate(
            href(answer.status === 'not_linked' ? 'partner.link-existing' : 'partner.no-account'),
            { replace: true },
          );
        },
        onError: (failure) => {
          // A locked account (docs/flows.md, "Lock my account"): the reset journey the gateway named.
          const answer = failure as { status?: number; body?: { next?: unknown } };
          if (answer.status === 403 && typeof answer.body?.next === 'string') {
            window.location.replace(answer.body.next);
          }
        },
      },
    );
  }, [provider, code, state, navigate, mutate, queryClient]);

  if (!failed) {
    return (
      <section className="card narrow" aria-labelledby={titleId} aria-busy="true">
        <h1 id={titleId}>{t('flows.partner.callback.signingIn')}</h1>
        <Loading />
      </section>
    );
  }
  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.partner.callback.title')}</h1>
      <p className="notice notice-error" role="alert">
        {t('flows.partner.callback.failed')}
      </p>
      <Link to={href('login.email')}>{t('flows.partner.callback.backToLogin')}</Link>
    </section>
  );
}
