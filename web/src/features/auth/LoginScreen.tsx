import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import {
  type FormEvent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { CaptchaHandle } from '../../components/Captcha';
import { LazyPhoneField } from '../../components/LazyPhoneField';
import { PartnerBanner } from '../../components/PartnerBanner';
import { CurrentPasswordField } from '../../components/PasswordInput';
import type { PhoneValue } from '../../components/PhoneField';
import { TextField } from '../../components/TextField';
import { getConfig } from '../../lib/config';
import type { ErrorTexts } from '../../lib/errors';
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

/** What the form checks itself before sending, per field. */
type FieldErrors = { username?: 'required' | 'email' | 'phone'; password?: 'required' | 'wrong' };

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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A refusal drawn into the page (the form sent without script) at its field. */
function drawnFieldErrors(drawn: DrawnForm | null, kind: 'email' | 'phone'): FieldErrors {
  if (drawn?.refusal.field === 'password') {
    return { password: drawn.refusal.code === 'invalid_request' ? 'required' : 'wrong' };
  }
  // Typed but refused: not an address (or a number) the sign-in takes.
  if (drawn?.refusal.field === 'username') {
    return { username: drawn.values.username ? kind : 'required' };
  }
  return {};
}

/** A drawn refusal that is no field's: the gateway's message in the visitor's words. */
function drawnText(t: TFunction, drawn: DrawnForm): string {
  if (drawn.refusal.field === 'captcha') return t('signin.captcha.required');
  if (drawn.retryAfter) return t('signin.login.errors.tooMany');
  return t('common.errors.generic');
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
  // The form sent without script and refused: the gateway drew the page again with why.
  const drawn = useDrawnForm(location.pathname);
  // A drawn page's fields start from what they show (typed before the script arrived, too);
  // `?login=`: the address an account creation found in use, filled in (drawn by the server too).
  const [email, setEmail] = useState(() =>
    drawnValue(
      'login-username',
      kind === 'email' ? (drawn?.values.username ?? params.get('login') ?? '') : '',
    ),
  );
  /** The identity-provider beta's invitation, offered when the form is sent (not on leaving the field). */
  const [invite, setInvite] = useState<Workplace | null>(null);
  /** Companies whose invitation the person turned down here: the form signs in with the password. */
  const declined = useRef(new Set<string>());
  const form = useRef<HTMLFormElement>(null);
  const [phone, setPhone] = useState<PhoneValue>(() => ({
    country: config.variant === 'lu' ? 'LU' : 'BE',
    number: drawnValue('login-username', kind === 'phone' ? (drawn?.values.username ?? '') : ''),
  }));
  const [password, setPassword] = useState(() => drawnValue('login-password', ''));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(() => drawnFieldErrors(drawn, kind));
  /** The server's refusal in words: a form-level message, no field is singled out. */
  const [error, setError] = useState<string | null>(() =>
    drawn &&
    Object.keys(drawnFieldErrors(drawn, kind)).length === 0 &&
    drawn.refusal.field !== 'captcha'
      ? drawnText(t, drawn)
      : null,
  );
  const [captchaError, setCaptchaError] = useState<string | null>(() =>
    drawn?.refusal.field === 'captcha' ? drawnText(t, drawn) : null,
  );
  /** Tries left before the pause, when the account API says the pause is near. */
  const [attemptsLeft, setAttemptsLeft] = useState<number | null>(
    () => drawn?.refusal.attempts_left ?? null,
  );
  const captcha = useRef<CaptchaHandle>(null);
  const errorId = useId();
  const usernameErrorId = useId();
  const passwordErrorId = useId();
  const target = params.get('target');
  const signIn = useSignIn();
  const findingWorkplace = useFindingWorkplace();
  const busy = signIn.isPending || findingWorkplace;
  useEffect(() => {
    if (kind === 'phone') void loadPhone().then((m) => m.preloadPhoneRules());
  }, [kind]);

  // An address handed over (`?login=`): the cursor on the password.
  const handedLogin = kind === 'email' && params.get('login') !== null;
  useEffect(() => {
    if (handedLogin) document.getElementById('login-password')?.focus();
  }, [handedLogin]);

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
    if (password) form.current?.requestSubmit();
    else focusStep(() => document.getElementById('login-password'));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setCaptchaError(null);
    setAttemptsLeft(null);
    const typed = (kind === 'email' ? email : phone.number).trim();
    const checked: FieldErrors = {};
    if (!typed) checked.username = 'required';
    else if (kind === 'email' && !EMAIL.test(typed)) checked.username = 'email';
    // An address of a beta company: its workplace login is offered before any password is asked.
    if (!checked.username && kind === 'email' && (await offerWorkplace(typed))) {
      setFieldErrors({});
      return;
    }
    if (!password) checked.password = 'required';
    setFieldErrors(checked);
    if (checked.username || checked.password) {
      // Where the person goes to fix it: the first wrong field.
      document.getElementById(checked.username ? 'login-username' : 'login-password')?.focus();
      return;
    }
    let captchaToken: string | null = null;
    if (config.features.captchaSiteKey) {
      const check = captcha.current?.check() ?? t('signin.captcha.errors.notLoaded');
      if (check) return setCaptchaError(check);
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
        // Null: the number typed is not one; otherwise the gateway's next step is followed.
        onSuccess: (step) => {
          if (!step) setFieldErrors({ username: 'phone' });
        },
        onError: (thrown) =>
          void showFailure(thrown).catch(() => setError(t('common.errors.generic'))),
      },
    );
  };

  /**
   * A refused sign-in, said where it belongs: at the captcha, at the emptied
   * password (with the tries left), or under the form. No answer at all (or a
   * failure after it) says only that something went wrong.
   */
  const showFailure = async (thrown: unknown) => {
    // Not on the first page: the error module loads with the first answer that is not a 200.
    const { errorOf, errorText } = await import('../../lib/errors');
    const failure = errorOf(thrown, SIGN_IN_TEXTS);
    if (failure.status === null) return setError(t('common.errors.generic'));
    // The gateway refused the captcha (or could not have it verified): said at the captcha.
    if (failure.code === 'captcha' || failure.code === 'captcha_unavailable') {
      setCaptchaError(errorText(t, failure));
      captcha.current?.reset();
      return;
    }
    if (failure.status === 400 && failure.kind === 'invalid') {
      // Wrong e-mail or password: said at the password, which is emptied for the next try.
      setPassword('');
      setFieldErrors({ password: 'wrong' });
      setAttemptsLeft(attemptsLeftOf(thrown));
      document.getElementById('login-password')?.focus();
      captcha.current?.reset();
      return;
    }
    if (failure.kind === 'maintenance') setMaintenance(true);
    setError(errorText(t, failure));
    captcha.current?.reset();
  };

  const usernameError = fieldErrors.username;
  const passwordError = fieldErrors.password;
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
        <form method="post" onSubmit={onSubmit} noValidate ref={form}>
          {kind === 'email' ? (
            <TextField
              id="login-username"
              label={t('signin.login.email')}
              name="username"
              type="email"
              // `webauthn`: the browser may offer passkeys among the suggestions.
              autoComplete="username webauthn"
              required
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setFieldErrors(({ username: _, ...rest }) => rest);
              }}
              invalid={usernameError !== undefined}
              describedBy={usernameError ? usernameErrorId : undefined}
            >
              {usernameError && (
                <p id={usernameErrorId} className="error">
                  {t(`signin.login.errors.${usernameError}`)}
                </p>
              )}
            </TextField>
          ) : (
            <>
              <Suspense fallback={<div className="field-placeholder" />}>
                <LazyPhoneField
                  value={phone}
                  onChange={(value) => {
                    setPhone(value);
                    setFieldErrors(({ username: _, ...rest }) => rest);
                  }}
                  invalid={usernameError !== undefined}
                  describedBy={usernameError ? usernameErrorId : undefined}
                />
              </Suspense>
              {usernameError && (
                <p id={usernameErrorId} className="error">
                  {t(`signin.login.errors.${usernameError}`)}
                </p>
              )}
            </>
          )}
          <CurrentPasswordField
            id="login-password"
            label={t('signin.login.password')}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setFieldErrors(({ password: _, ...rest }) => rest);
            }}
            invalid={passwordError !== undefined}
            describedBy={passwordError ? passwordErrorId : undefined}
          >
            {passwordError && (
              <p id={passwordErrorId} className="error">
                {passwordError === 'wrong'
                  ? t(
                      kind === 'email'
                        ? 'signin.login.errors.invalid'
                        : 'signin.login.errors.invalidPhone',
                    )
                  : t(`signin.login.errors.${passwordError}`)}
                {passwordError === 'wrong' && attemptsLeft !== null && (
                  <> {t('signin.login.errors.attemptsLeft', { count: attemptsLeft })}</>
                )}
              </p>
            )}
          </CurrentPasswordField>
          {config.features.captchaSiteKey && (
            <Suspense fallback={null}>
              <Captcha
                ref={captcha}
                siteKey={config.features.captchaSiteKey}
                error={captchaError}
              />
            </Suspense>
          )}
          {error && (
            <p id={errorId} className="error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button button-block" disabled={busy}>
            {t('signin.login.submit')}
          </button>
        </form>
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
