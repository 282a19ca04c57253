import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { NewPasswordFields } from '../../components/PasswordRules';
import { api, queryKeys } from '../../lib/api';
import { errorOf, errorText } from '../../lib/errors';
import { goToTarget } from '../../lib/sign-in';
import { setWeakLock } from '../../lib/weak-lock';

/**
 * Weak password (spec parts 2 and 4): a password with status 1 or 2 must be
 * replaced before anything else; the rules are listed and ticked off live.
 */
export default function WeakPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    setServerError(null);
    if (!password) return;
    setBusy(true);
    try {
      const res = await api.profile.replaceWeakPassword({ body: { password } });
      if (res.status === 200) {
        setWeakLock(false);
        queryClient.setQueryData(queryKeys.user, res);
        return goToTarget(params.get('target'), navigate);
      }
      const failure = errorOf(res);
      if (failure.kind === 'conflict') {
        // 409: the password is no longer weak; the user may go on.
        setWeakLock(false);
        await queryClient.invalidateQueries({ queryKey: queryKeys.user });
        return goToTarget(params.get('target'), navigate);
      }
      // Spec part 5: a 422 (the same password again) shows the server's message.
      setServerError(errorText(t, failure));
    } catch (thrown) {
      setServerError(errorText(t, errorOf(thrown)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card narrow" aria-labelledby="weak-title">
      <h1 id="weak-title">{t('recovery.weak.title')}</h1>
      <p className="notice notice-warning">{t('recovery.weak.intro')}</p>
      <form onSubmit={submit} noValidate>
        <NewPasswordFields
          showErrors={showErrors}
          onChange={(value) => {
            setPassword(value);
            setServerError(null);
          }}
          serverError={serverError}
        />
        <button type="submit" className="button button-block" disabled={busy}>
          {t('recovery.weak.submit')}
        </button>
      </form>
    </section>
  );
}
