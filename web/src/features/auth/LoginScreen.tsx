import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { CaptchaHandle } from '../../components/Captcha';
// The form layer's parts the page uses, by file: the sign-in page loads nothing else of it.
import { Form, FormError, SubmitButton } from '../../components/form/Form';
import { emailCheck, PlainTextField } from '../../components/form/own-fields';
import { LazyPhoneField } from '../../components/LazyPhoneField';
import { PartnerBanner } from '../../components/PartnerBanner';
import type { PhoneValue } from '../../components/PhoneField';
import { getConfig } from '../../lib/config';
import { type ErrorTexts, errorOf, errorText } from '../../lib/errors';
import { drawnValue } from '../../lib/hydration';
import { setMaintenance } from '../../lib/maintenance';
import { platformOf } from '../../lib/platform';
import { href } from '../../lib/routes';
import { type DrawnForm, useDrawnForm } from '../../lib/sign-in-flow';
import type { Workplace } from '../../lib/sso';
import { focusStep } from '../../lib/step-focus';
import { attemptsLeftOf, useFindingWorkplace, useSignIn, workplaceQuery } from './api/sign-in';

// Only what the e-mail sign-in needs loads with it (bundle budget of /login/email).
const loadPhone = () => import('../../components/PhoneField');
const Captcha = lazy(() =>
  import('../../components/Captcha').then((m) => ({ default: m.Captcha })),
);
// The identity-provider beta invitation (partner flows), once the form is sent with its address.
const SsoBetaInvite = lazy(() =>
  import('../../components/SsoBetaInvite').then((m) => ({ default: m.SsoBetaInvite })),
);

/** docs/product.md part 8: the sign-in's own words for 400 and 429 (the generic one otherwise). */
const SIGN_IN_TEXTS = {
  invalid: 'signin.login.errors.invalid',
  rateLimited: 'signin.login.errors.tooMany',
} as const satisfies ErrorTexts;

/** The redirect_uri of the sign-in: given directly, or inside the partner's `/authorize` target. */
function redirectUriOf(params: URLSearchParams): string | null {
  const direct = params.get('redirect_uri');
  if (direct) return direct;
  const target = params.get('target');
  if (!target) return null;
  try {
    // Only its query is read: any base parses a relative target (also on the server).
    return new URL(target, 'http://portal').searchParams.get('redirect_uri');
  } catch {
    return null;
  }
}

/** A refusal said at a field of the form (`username`, `password`), or above its button (null). */
type Refusal = { field: 'username' | 'password' | null; message: string };

/** The words of a wrong login or password, with the tries left when the pause is near. */
function wrongPassword(t: TFunction, kind: 'email' | 'phone', attemptsLeft: number | null) {
  const wrong = t(
    kind === 'email' ? 'signin.login.errors.invalid' : 'signin.login.errors.invalidPhone',
  );
  return attemptsLeft === null
    ? wrong
    : `${wrong} ${t('signin.login.errors.attemptsLeft', { count: attemptsLeft })}`;
}

/**
 * A form sent without script and refused (the gateway drew the page again
 * with why): at its field, or above the button; the captcha's at the captcha.
 */
function drawnRefusal(t: TFunction, drawn: DrawnForm, kind: 'email' | 'phone'): Refusal {
  const { field, code, attempts_left } = drawn.refusal;
  if (field === 'password') {
    return code === 'invalid_request'
      ? { field, message: t('signin.login.errors.required') }
      : { field, message: wrongPassword(t, kind, attempts_left ?? null) };
  }
  // Typed but refused: not an address (or a number) the sign-in takes.
  if (field === 'username') {
    return {
      field,
      message: t(
        drawn.values.username ? `signin.login.errors.${kind}` : 'signin.login.errors.required',
      ),
    };
  }
  if (field === 'captcha') return { field: null, message: t('signin.captcha.required') };
  return {
    field: null,
    message: t(drawn.retryAfter ? 'signin.login.errors.tooMany' : 'common.errors.generic'),
  };
}

/** Whether a refused sign-in is the captcha's (said at the captcha, not above the button). */
const isCaptchaRefusal = (failure: { code: string | null }) =>
  failure.code === 'captcha' || failure.code === 'captcha_unavailable';

/**
 * A refused sign-in (the mutation's error) where it belongs: a wrong login or
 * password at the password (with the tries left), anything else in the
 * layer's words above the button (no answer at all: only that something went
 * wrong).
 */
function sentRefusal(t: TFunction, thrown: unknown, kind: 'email' | 'phone'): Refusal {
  const failure = errorOf(thrown, SIGN_IN_TEXTS);
  if (failure.status === 400 && failure.kind === 'invalid') {
    return { field: 'password', message: wrongPassword(t, kind, attemptsLeftOf(thrown)) };
  }
  return { field: null, message: errorText(t, failure) };
}

/**
 * Sign-in by e-mail or phone plus password (docs/product.md parts 2 and 4): a 401 with
 * the MFA challenge goes to mfa-methods, a success to the target (or the
 * weak-password change).
 */
export default function LoginScreen({
  kind,
  passkey,
}: {
  kind: 'email' | 'phone';
  /**
   * The passkey sign-in, given by the router: it loads after this screen, so the form
   * never waits for it (what the page loads: docs/performance.md).
   */
  passkey?: ReactNode;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const config = getConfig();
  // The form sent without script and refused: the gateway drew the page again with why
  // (said until the form is sent again).
  const drawnForm = useDrawnForm(location.pathname);
  const [drawn, setDrawn] = useState(drawnForm);
  // A drawn page's fields start from what they show (typed before the script arrived, too);
  // `?login=`: the address an account creation found in use, filled in (drawn by the server too).
  const [email, setEmail] = useState(() =>
    drawnValue(
      'login-username',
      kind === 'email' ? (drawnForm?.values.username ?? params.get('login') ?? '') : '',
    ),
  );
  /** The identity-provider beta's invitation, offered when the form is sent (not on leaving the field). */
  const [invite, setInvite] = useState<Workplace | null>(null);
  /** Companies whose invitation the person turned down here: the form signs in with the password. */
  const declined = useRef(new Set<string>());
  const [phone, setPhone] = useState<PhoneValue>(() => ({
    country: config.variant === 'lu' ? 'LU' : 'BE',
    number: drawnValue(
      'login-username',
      kind === 'phone' ? (drawnForm?.values.username ?? '') : '',
    ),
  }));
  const [password, setPassword] = useState(() => drawnValue('login-password', ''));
  /** The password left empty, found once the workplace invitation was not offered. */
  const [passwordMissing, setPasswordMissing] = useState(false);
  /** The captcha's own check before sending (not loaded, not solved). */
  const [captchaCheck, setCaptchaCheck] = useState<string | null>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const target = params.get('target');
  const signIn = useSignIn();
  const findingWorkplace = useFindingWorkplace();
  const busy = signIn.isPending || findingWorkplace;
  useEffect(() => {
    if (kind === 'phone') void loadPhone().then((m) => m.preloadPhoneRules());
  }, [kind]);

  // What the last try was refused for: a drawn page's, the password left empty, the number
  // that is not one (the mutation answers null), or the mutation's error.
  const sentFailure = signIn.error ? errorOf(signIn.error) : null;
  const captchaRefused = sentFailure !== null && isCaptchaRefusal(sentFailure);
  const refusal: Refusal | null = passwordMissing
    ? { field: 'password', message: t('signin.login.errors.required') }
    : signIn.isSuccess && signIn.data === null
      ? { field: 'username', message: t('signin.login.errors.phone') }
      : signIn.error && !captchaRefused
        ? sentRefusal(t, signIn.error, kind)
        : drawn && drawn.refusal.field !== 'captcha'
          ? drawnRefusal(t, drawn, kind)
          : null;
  const captchaError =
    captchaCheck ??
    (captchaRefused
      ? errorText(t, errorOf(signIn.error, SIGN_IN_TEXTS))
      : drawn?.refusal.field === 'captcha'
        ? t('signin.captcha.required')
        : null);

  // An address handed over (`?login=`): the cursor on the password.
  const handedLogin = kind === 'email' && params.get('login') !== null;
  useEffect(() => {
    if (handedLogin) document.getElementById('login-password')?.focus();
  }, [handedLogin]);

  const checkEmail = useMemo(
    () => emailCheck(t('signin.login.errors.email'), t('signin.login.errors.required')),
    [t],
  );
  // An empty password is said with a wrong login; with a good address, only once no workplace
  // login was offered for it (`onSubmit`): a beta company's people are not asked for one first.
  const checkPassword = useMemo(() => {
    const required = t('signin.login.errors.required');
    return (value: string) =>
      value || (kind === 'email' && checkEmail(email) === null) ? null : required;
  }, [t, kind, checkEmail, email]);

  const platform = platformOf(redirectUriOf(params));
  const title = {
    employee: t('signin.login.titleEmployee'),
    client: t('signin.login.titleClient'),
    administration: t('signin.login.titleAdministration'),
    default: t('signin.login.titleDefault'),
  }[platform];

  /** Whether `login` belongs to a beta company not turned down here: then its invitation opens. */
  const offerWorkplace = async (login: string): Promise<boolean> => {
    const workplace = await queryClient.fetchQuery(workplaceQuery(login));
    if (!workplace || declined.current.has(workplace.company)) return false;
    setInvite(workplace);
    return true;
  };

  /** The invitation turned down: not offered again here. */
  const closeInvite = () => {
    if (invite) declined.current.add(invite.company);
    setInvite(null);
  };

  /** "Continue with my password": the sign-in goes on, or the cursor goes to the password first. */
  const continueWithPassword = () => {
    closeInvite();
    const field = document.getElementById('login-password');
    if (password && field instanceof HTMLInputElement) field.form?.requestSubmit();
    else focusStep(() => field);
  };

  /** The form's fields passed their checks (the address's shape; the phone number typed). */
  const onSubmit = async () => {
    setDrawn(null);
    setPasswordMissing(false);
    setCaptchaCheck(null);
    signIn.reset();
    const typed = (kind === 'email' ? email : phone.number).trim();
    // An address of a beta company: its workplace login is offered before any password is asked.
    if (kind === 'email' && (await offerWorkplace(typed))) return;
    if (!password) {
      setPasswordMissing(true);
      return;
    }
    let captchaToken: string | null = null;
    if (config.features.captchaSiteKey) {
      const check = captcha.current?.check() ?? t('signin.captcha.errors.notLoaded');
      if (check) return setCaptchaCheck(check);
      captchaToken = captcha.current?.token() ?? null;
    }
    signIn.mutate(
      {
        username:
          kind === 'email'
            ? typed
            : loadPhone().then((phoneField) => phoneField.phoneToE164(phone, config.variant)),
        password,
        captcha: captchaToken,
        target,
      },
      {
        onError: (thrown) => {
          const failure = errorOf(thrown, SIGN_IN_TEXTS);
          // Wrong login or password: the password is emptied for the next try.
          if (failure.status === 400 && failure.kind === 'invalid') setPassword('');
          if (failure.kind === 'maintenance') setMaintenance(true);
          captcha.current?.reset();
        },
      },
    );
  };

  const other = kind === 'email' ? 'login.phone' : 'login.email';

  return (
    <div className="login">
      <section className="card narrow" aria-labelledby="login-title">
        <h1 id="login-title">{title}</h1>
        <PartnerBanner search={location.search} />
        {/* Sent here from a signed-in page (a bookmark, an app's hand-over link, whose token in
            the hash no server sees): without JavaScript, what to do about such a link. */}
        {target && (
          <noscript>
            <p className="notice">{t('signin.hashLogin.signInNoScript')}</p>
          </noscript>
        )}
        {/* POST: sent before the script runs, the password must not end up in the address. */}
        <Form method="post" onSubmit={() => void onSubmit()} busy={busy} refusal={refusal}>
          {kind === 'email' ? (
            <PlainTextField
              id="login-username"
              label={t('signin.login.email')}
              name="username"
              type="email"
              value={email}
              onChange={(value) => {
                setEmail(value);
                signIn.reset();
              }}
              validate={checkEmail}
              // `webauthn`: the browser may offer passkeys among the suggestions.
              input={{ autoComplete: 'username webauthn', required: true }}
            />
          ) : (
            <Suspense fallback={<div className="field-placeholder" />}>
              <LazyPhoneField
                value={phone}
                onChange={(value) => {
                  setPhone(value);
                  signIn.reset();
                }}
              />
            </Suspense>
          )}
          <PlainTextField
            id="login-password"
            label={t('signin.login.password')}
            name="password"
            type="password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              setPasswordMissing(false);
            }}
            validate={checkPassword}
            input={{ autoComplete: 'current-password', required: true }}
          />
          {config.features.captchaSiteKey && (
            <Suspense fallback={null}>
              <Captcha
                ref={captcha}
                siteKey={config.features.captchaSiteKey}
                error={captchaError}
              />
            </Suspense>
          )}
          <FormError />
          <SubmitButton className="button button-block">{t('signin.login.submit')}</SubmitButton>
        </Form>
        {passkey}
        {invite && (
          <Suspense fallback={null}>
            <SsoBetaInvite
              workplace={invite}
              target={target}
              onPassword={continueWithPassword}
              onClose={closeInvite}
            />
          </Suspense>
        )}
        <ul className="links">
          <li>
            <Link
              to={href(
                kind === 'email' ? 'forgot-password.email' : 'forgot-password.phone',
                target ? { target } : {},
              )}
            >
              {t('signin.login.forgotPassword')}
            </Link>
          </li>
          <li>
            <Link to={href('forgot-username')}>{t('signin.login.forgotUsername')}</Link>
          </li>
          <li>
            <Link to={`${href(other)}${location.search}`}>
              {kind === 'email' ? t('signin.login.withPhone') : t('signin.login.withEmail')}
            </Link>
          </li>
        </ul>
      </section>
      <aside className="card narrow banner" aria-labelledby="create-account-title">
        <h2 id="create-account-title">{t('signin.login.createAccountTitle')}</h2>
        <p>{t('signin.login.createAccountText')}</p>
        <Link className="button button-secondary" to={href('onboarding')}>
          {t('signin.login.createAccount')}
        </Link>
      </aside>
    </div>
  );
}
