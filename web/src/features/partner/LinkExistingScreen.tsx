import type { SsoLinkOffer } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { Form, FormError, requiredCheck, SubmitButton, TextField } from '../../components/form';
import { Loading } from '../../components/Loading';
import { isCaptchaFailure, usePasswordCaptcha } from '../../components/PasswordCaptcha';
import { clearFailure } from '../../lib/api';
import { type ErrorTexts, errorOf, errorText } from '../../lib/errors';
import { followStep } from '../../lib/sign-in-flow';
import { ssoOfferQuery } from '../../lib/sso';
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
  const [username, setUsername] = useState(offer.status === 'not_linked' ? offer.email : '');
  const [password, setPassword] = useState('');

  const queryClient = useQueryClient();
  const link = useLinkAccount();
  const failure = link.error ? errorOf(link.error, LINK_TEXTS) : null;
  // The captcha's own failures are said at the captcha.
  const shown = failure && !isCaptchaFailure(failure) ? failure : null;
  // Wrong credentials, as at sign-in: said at the emptied password, where the next try
  // starts; which of the two was wrong is not said.
  const wrongCredentials = shown?.status === 400 && shown.kind === 'invalid';
  const required = requiredCheck(t('flows.partner.linkExisting.errors.required'));

  const onSubmit = () => {
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
        // The page the gateway decided comes next: the account's second factor on the
        // sign-in's MFA pages (its code sent; the link is made once it is right), or, linked
        // and signed in, link-success (or a weak password first), where the whole app
        // starts again from the new session (user, guards, sudo).
        onSuccess: ({ body }) =>
          followStep(
            { next: body.next, view: body.status === 'second_factor' ? body.view : null },
            queryClient,
            navigate,
          ),
        onError: (thrown) => {
          const refusal = errorOf(thrown, LINK_TEXTS);
          captcha.refused(refusal);
          if (refusal.status === 400 && refusal.kind === 'invalid') setPassword('');
        },
      },
    );
  };

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
      <Form
        onSubmit={onSubmit}
        busy={link.isPending}
        error={wrongCredentials ? null : shown ? link.error : null}
        texts={LINK_TEXTS}
        refusal={
          wrongCredentials && shown ? { field: 'password', message: errorText(t, shown) } : null
        }
      >
        <TextField
          id="link-username"
          label={t('flows.partner.linkExisting.username')}
          name="username"
          input={{ autoComplete: 'username', required: true }}
          value={username}
          onChange={(typed) => {
            setUsername(typed);
            clearFailure(link);
          }}
          validate={required}
        />
        <TextField
          id="link-password"
          label={t('flows.partner.linkExisting.password')}
          name="password"
          type="password"
          input={{ autoComplete: 'current-password', required: true }}
          value={password}
          onChange={(typed) => {
            setPassword(typed);
            clearFailure(link);
          }}
          validate={required}
        />
        {captcha.element}
        <FormError />
        <SubmitButton>{t('flows.partner.linkExisting.submit')}</SubmitButton>
      </Form>
    </section>
  );
}
