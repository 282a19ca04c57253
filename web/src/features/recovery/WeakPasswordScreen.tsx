import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { errorOf, errorText } from '../../lib/errors';
import { href } from '../../lib/routes';
import { useCurrentUser } from '../../lib/session';
import { drawnAnswer, leave, useDrawnForm } from '../../lib/sign-in-flow';
import { useReplaceWeakPassword } from './api/recovery';
import { NewPasswordForm } from './components/NewPasswordForm';

/**
 * Weak password (docs/product.md parts 2 and 4): a password with status 1 or 2 must be
 * replaced before anything else. `verified=true` says the sign-in (and its
 * MFA) is done, so the new password needs no other proof; without it, or
 * with nobody signed in, the person is sent to log in first. The reason is
 * the account API's (`password_status`: 1 found in a data breach, 2 no longer
 * meeting the rules), the rules are ticked off live, and once the new
 * password is saved the sign-in goes straight on, where the gateway says
 * (docs/flows.md, "Weak password"). Drawn by the gateway for the session, its
 * form works without script: the gateway answers 303 to that same page.
 */
export default function WeakPasswordScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const target = params.get('target');
  const replace = useReplaceWeakPassword(target);
  // The form sent without script and refused: the gateway drew the page again with why.
  const [drawn, setDrawn] = useState(useDrawnForm(pathname));

  if (params.get('verified') !== 'true' || !user) {
    return (
      <section className="card narrow" aria-labelledby="weak-title">
        <h1 id="weak-title">{t('recovery.weak.title')}</h1>
        <p>{t('recovery.weak.notVerified')}</p>
        <Link className="button" to={href('login.email', target ? { target } : undefined)}>
          {t('recovery.weak.login')}
        </Link>
      </section>
    );
  }

  // Saved (or, 409, no longer weak): straight on to the page the gateway decided, drawn
  // there for the session, which is no longer confined (no "password changed" stop).
  const save = (password: string) => {
    setDrawn(null);
    replace.mutate(password, { onSuccess: (next) => leave.to(next) });
  };
  const failure = replace.error ?? drawnAnswer(drawn);

  return (
    <section className="card narrow" aria-labelledby="weak-title">
      <h1 id="weak-title">{t('recovery.weak.title')}</h1>
      <p className="notice notice-warning">
        {user.password_status === 1 ? t('recovery.weak.breached') : t('recovery.weak.rules')}{' '}
        {t('recovery.weak.intro')}
      </p>
      <NewPasswordForm
        change={{
          isPending: replace.isPending,
          isError: failure !== null,
          reset: () => {
            setDrawn(null);
            replace.reset();
          },
        }}
        save={save}
        // docs/product.md part 5: a 422 (the same password again) shows the server's message.
        serverError={
          drawn?.refusal.code === 'password_mismatch'
            ? t('forms.password.errors.mismatch')
            : failure
              ? errorText(t, errorOf(failure))
              : null
        }
        submitLabel={t('recovery.weak.submit')}
      />
    </section>
  );
}
