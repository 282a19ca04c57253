import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorOf, errorText } from '../../lib/errors';
import { href } from '../../lib/routes';
import { useCurrentUser } from '../../lib/session';
import { leave } from '../../lib/sign-in-flow';
import { useReplaceWeakPassword } from './api/recovery';
import { NewPasswordForm } from './components/NewPasswordForm';

/**
 * Weak password (docs/product.md parts 2 and 4): a password with status 1 or 2 must be
 * replaced before anything else. `verified=true` says the sign-in (and its
 * MFA) is done, so the new password needs no other proof; without it, or
 * with nobody signed in, the person is sent to log in first. The reason is
 * the server's (`password_status`), the rules are ticked off live, and once
 * the new password is saved the sign-in goes straight on, where the gateway
 * says (docs/flows.md, "Sign-in").
 */
export default function WeakPasswordScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { user } = useCurrentUser();
  const target = params.get('target');
  const replace = useReplaceWeakPassword(target);

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
  const save = (password: string) =>
    replace.mutate(password, { onSuccess: (next) => leave.to(next) });

  return (
    <section className="card narrow" aria-labelledby="weak-title">
      <h1 id="weak-title">{t('recovery.weak.title')}</h1>
      <p className="notice notice-warning">
        {user.password_status === 2 ? t('recovery.weak.reason2') : t('recovery.weak.reason1')}{' '}
        {t('recovery.weak.intro')}
      </p>
      <NewPasswordForm
        change={replace}
        save={save}
        // docs/product.md part 5: a 422 (the same password again) shows the server's message.
        serverError={replace.error ? errorText(t, errorOf(replace.error)) : null}
        submitLabel={t('recovery.weak.submit')}
      />
    </section>
  );
}
