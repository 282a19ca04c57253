import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Status } from '../../components/Notice';
import { api } from '../../lib/api';
import { errorOf, errorText } from '../../lib/errors';
import { href } from '../../lib/routes';
import { useCurrentUser } from '../../lib/session';
import { arriveSignedIn, targetAfterSignIn } from '../../lib/sign-in';
import { useReplaceWeakPassword } from './api/recovery';
import { NewPasswordForm } from './components/NewPasswordForm';

/**
 * Weak password (spec parts 2 and 4): a password with status 1 or 2 must be
 * replaced before anything else. `verified=true` says the sign-in (and its
 * MFA) is done, so the new password needs no other proof; without it, or
 * with nobody signed in, the person is sent to log in first. The reason is
 * the server's (`password_status`), the rules are ticked off live, and the
 * change is confirmed before going on.
 */
export default function WeakPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const replace = useReplaceWeakPassword();
  /** The saved user, applied when the person goes on: applied now, the guard would leave this public route at once. */
  const done = replace.data;
  const target = params.get('target');

  if (done) {
    return (
      <section className="card narrow" aria-labelledby="weak-title">
        <h1 id="weak-title">{t('recovery.weak.doneTitle')}</h1>
        <Status tone="success">{t('recovery.weak.done')}</Status>
        <button
          type="button"
          className="button button-block"
          onClick={async () =>
            arriveSignedIn(queryClient, done, await targetAfterSignIn(target), target, navigate)
          }
        >
          {t('recovery.weak.continue')}
        </button>
      </section>
    );
  }

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

  // 409: the password is no longer weak; the user, read again, goes on.
  const save = (password: string) =>
    replace.mutate(password, {
      onSuccess: async (saved) => {
        if (saved) return;
        const answer = await api.profile.getUser();
        arriveSignedIn(queryClient, answer, await targetAfterSignIn(target), target, navigate);
      },
    });

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
        // Spec part 5: a 422 (the same password again) shows the server's message.
        serverError={replace.error ? errorText(t, errorOf(replace.error)) : null}
        submitLabel={t('recovery.weak.submit')}
      />
    </section>
  );
}
