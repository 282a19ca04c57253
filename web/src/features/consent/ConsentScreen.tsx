import type { ConsentView } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { CircleUserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/Notice';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import './consent.css';
import { consentFlowQuery } from '../../lib/consent-flow';
import { scopeText } from '../../lib/scopes';
import { useCurrentUser } from '../../lib/session';

/** The form's id: "Not you?" sits with the account, outside the form, and posts with it. */
const FORM_ID = 'consent-form';

/**
 * docs/product.md part 2, Approve: accept or refuse a third-party app's access. The
 * gateway draws it from the browser's consent flow (docs/flows.md, "Partner
 * authorisation"); the address carries none of the partner's request.
 */
export default function ConsentScreen() {
  const [params] = useSearchParams();
  const invalid = params.get('error') === 'invalid_configuration';
  // Drawn by the gateway: the view is in the page's data; drawn here: asked for.
  const flow = useQuery({ ...consentFlowQuery, enabled: !invalid });
  if (invalid) return <InvalidConfiguration />;
  if (flow.isPending) return <Waiting />;
  if (!flow.data) return <Gone />;
  return <Consent view={flow.data} />;
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

function Waiting() {
  const { t } = useTranslation();
  return (
    <section className="card narrow" aria-labelledby="consent-title">
      <h1 id="consent-title">{t('account.consent.title')}</h1>
      <p role="status">{t('account.common.loading')}</p>
    </section>
  );
}

/** No consent under way in this browser: answered already, expired, or never asked here. */
function Gone() {
  const { t } = useTranslation();
  return (
    <section className="card narrow" aria-labelledby="consent-title">
      <h1 id="consent-title">{t('account.consent.goneTitle')}</h1>
      <p>{t('account.consent.gone')}</p>
      <Link to={href('home')}>{t('account.consent.home')}</Link>
    </section>
  );
}

function Consent({ view }: { view: ConsentView }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const login = user?.email[0]?.value ?? user?.phone[0]?.value ?? '';
  const name = view.client.name;
  /** The answer is on its way to the gateway: a second press sends nothing. */
  const [sent, setSent] = useState(false);

  return (
    <section className="card narrow" aria-labelledby="consent-title">
      <h1 id="consent-title">{t('account.consent.title')}</h1>
      {/* Who asks, as Google's consent shows it: the app and its site, then whose account. */}
      <div className="consent-app">
        <span className="consent-app-icon" aria-hidden="true">
          {name.trim().charAt(0).toUpperCase()}
        </span>
        <div>
          <p className="consent-app-name">{name}</p>
          {view.site && <p className="muted">{t('account.consent.site', { site: view.site })}</p>}
        </div>
      </div>
      <p>{t('account.consent.wants', { name })}</p>
      {user && (
        <div className="consent-account">
          <CircleUserRound size={20} aria-hidden="true" />
          <span>
            {t('account.consent.signedInAs', {
              name: [user.firstname, user.lastname].filter(Boolean).join(' ') || login,
              login,
            })}
          </span>
          {/* Signs this account out on the gateway; the request waits for the next sign-in. */}
          <button
            type="submit"
            form={FORM_ID}
            name="account"
            value="switch"
            className="link-button"
          >
            {t('account.consent.notYou')}
          </button>
        </div>
      )}
      <p className="consent-able">
        <strong>{t('account.consent.ableTo')}</strong>
      </p>
      <ul className="scopes" aria-label={t('account.consent.scopesLabel')}>
        {view.scopes.map((scope) => (
          <li key={scope}>{scopeText(t, scope)}</li>
        ))}
      </ul>
      <p className="muted">{t('account.consent.revokeLater')}</p>
      {/*
       * The answer is a plain HTML form to the gateway, with JavaScript or
       * without; the request it answers is the consent flow's. The gateway
       * sends the browser on to the partner (303): the code, or after a
       * refusal `error=access_denied` and the partner's state (RFC 6749
       * §4.1.2.1).
       */}
      <form
        id={FORM_ID}
        method="post"
        action="/approve"
        onSubmit={(event) => {
          if (sent) event.preventDefault();
          else setSent(true);
        }}
      >
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
          <button type="submit" name="approve" value="false" className="button button-secondary">
            {t('account.consent.refuse')}
          </button>
        </div>
      </form>
    </section>
  );
}
