import type { SsoLinkOffer } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { Loading } from '../../components/Loading';
import { isCaptchaFailure, usePasswordCaptcha } from '../../components/PasswordCaptcha';
import { CurrentPasswordField } from '../../components/PasswordInput';
import { TextField } from '../../components/TextField';
import { clearFailure } from '../../lib/api';
import {
  type ErrorTexts,
  errorOf,
  errorText,
  mfaChallengeOf,
  type PortalError,
} from '../../lib/errors';
import { leave, signInFlowQuery } from '../../lib/sign-in-flow';
import { ssoOfferQuery } from '../../lib/sso';
import { focusStep } from '../../lib/step-focus';
import { useLinkAccount } from './api/partner';

/**
 * The link's words: wrong credentials (400) like the sign-in's, an expired
 * workplace login (400 `invalid_payload`), an account or identity linked
 * elsewhere (409).
 */
const LINK_TEXTS = {
  invalid: 'flows.partner.linkExisting.errors.invalid',
  invalid_payload: 'flows.partner.linkExisting.errors.expired',
  gone: 'flows.partner.linkExisting.errors.expired',
  account_already_linked: 'flows.partner.linkExisting.errors.accountLinked',
  conflict: 'flows.partner.linkExisting.errors.identityLinked',
} as const satisfies ErrorTexts;

/**
 * `/partner/link-existing`: the workplace login is not linked yet; the user
 * proves an existing account with its username and password (and the
 * captcha, when it is on: the call checks a password), then with the
 * account's second factor on the sign-in's MFA screens. Only then are the two
 * linked and the user signed in, and the link-success screen follows
 * (docs/threat-model.md, "Identity-provider link").
 */
export default function LinkExistingScreen() {
  const { t } = useTranslation();
  const titleId = useId();
  // The workplace login waiting to be linked is its flow's, on the gateway.
  const offer = useQuery(ssoOfferQuery);
  if (offer.isPending) return <Loading />;
  if (!offer.data) {
    return (
      <section className="card narrow" aria-labelledby={titleId}>
        <h1 id={titleId}>{t('flows.partner.linkExisting.title')}</h1>
        <p className="notice notice-info">{t('flows.partner.linkExisting.missing')}</p>
        <Link to={href('login.email')}>{t('flows.partner.linkExisting.backToLogin')}</Link>
      </section>
    );
  }
  return <LinkExistingForm offer={offer.data} />;
}

function LinkExistingForm({ offer }: { offer: SsoLinkOffer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const captcha = usePasswordCaptcha();
  const titleId = useId();
  const errorId = useId();
  const [username, setUsername] = useState(offer.status === 'not_linked' ? offer.email : '');
  const [password, setPassword] = useState('');
  /** A field left empty (checked before sending). */
  const [required, setRequired] = useState(false);

  const queryClient = useQueryClient();
  const link = useLinkAccount();
  const failure = link.error ? errorOf(link.error, LINK_TEXTS) : null;
  // The captcha's own failures are said at the captcha; the second factor is not one.
  const error: PortalError | 'required' | null = required
    ? 'required'
    : failure && !isCaptchaFailure(failure) && !mfaChallengeOf(link.error)
      ? failure
      : null;

  /**
   * The account's second factor, as at sign-in: the gateway started its flow
   * (the primary method's code sent); the link is made once it is right.
   */
  const askSecondFactor = async () => {
    const view = await queryClient.fetchQuery({ ...signInFlowQuery, staleTime: 0 });
    navigate(href(view?.step === 'methods' ? 'mfa-methods' : 'mfa'));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) return setRequired(true);
    setRequired(false);
    clearFailure(link);
    const guard = captcha.fields();
    if (!guard) return;
    link.mutate(
      {
        username: username.trim(),
        password,
        ...guard,
      },
      {
        onSuccess: (res) => {
          // A new session: the page the gateway decided comes next (link-success, or a weak
          // password first), where the whole app starts again from it (user, guards, sudo).
          leave.to(res.body.next);
        },
        onError: (thrown) => {
          const challenge = mfaChallengeOf(thrown);
          if (challenge) return void askSecondFactor();
          const refusal = errorOf(thrown, LINK_TEXTS);
          captcha.refused(refusal);
          // Wrong credentials, as at sign-in: the password is emptied and the cursor is there for the next try.
          if (refusal.status === 400 && refusal.kind === 'invalid') {
            setPassword('');
            focusStep(() => document.getElementById('link-password'));
          }
        },
      },
    );
  };
  // A field left empty is marked and described by the message; wrong
  // credentials are the form's (as at sign-in): which of the two was wrong is not said.
  const usernameMissing = error === 'required' && !username.trim();
  const passwordMissing = error === 'required' && !password;
  // Wrong credentials: the emptied password is where the next try starts, described by the message.
  const wrongCredentials = error !== null && error !== 'required' && error.kind === 'invalid';

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.partner.linkExisting.title')}</h1>
      <p>
        {offer.company
          ? t('flows.partner.linkExisting.textCompany', {
              companyName: offer.company,
              email: offer.email,
            })
          : t('flows.partner.linkExisting.text', { email: offer.email })}
      </p>
      <p>{t('flows.partner.linkExisting.secondFactor')}</p>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          id="link-username"
          label={t('flows.partner.linkExisting.username')}
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => {
            setUsername(e.target.value);
            setRequired(false);
            clearFailure(link);
          }}
          invalid={usernameMissing}
          describedBy={usernameMissing ? errorId : undefined}
        />
        <CurrentPasswordField
          id="link-password"
          label={t('flows.partner.linkExisting.password')}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setRequired(false);
            clearFailure(link);
          }}
          invalid={passwordMissing || wrongCredentials}
          describedBy={passwordMissing || wrongCredentials ? errorId : undefined}
        />
        {captcha.element}
        {error && (
          <p id={errorId} className="error" role="alert">
            {error === 'required'
              ? t('flows.partner.linkExisting.errors.required')
              : errorText(t, error)}
          </p>
        )}
        <button type="submit" className="button" disabled={link.isPending}>
          {t('flows.partner.linkExisting.submit')}
        </button>
      </form>
    </section>
  );
}
