import { DEFAULT_PASSWORD_RULES, passwordFailures } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { href } from '../../app/routes';
import { useStepUpInPlace } from '../../components/StepUp';
import '../../components/self-service.css';
import { queryKeys, tsr } from '../../lib/api';
import { maybeConfig } from '../../lib/config';
import { useCurrentUser } from '../../lib/session';
import { PasswordRules, passwordMessage } from './components/PasswordRules';

type Problem = 'currentWrong' | 'failed' | 'rules';

export default function EditPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const secured = (location.state as { notice?: string } | null)?.notice === 'secured';
  const queryClient = useQueryClient();
  const stepUp = useStepUpInPlace();
  const id = useId();
  const rules = maybeConfig()?.passwordRules ?? DEFAULT_PASSWORD_RULES;
  const { user } = useCurrentUser();
  const username = user?.email.find((e) => e.default)?.value ?? '';
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const failures = passwordFailures(password, rules);
  const mismatch = repeat !== password;
  const currentMissing = current.length === 0;

  const change = useMutation({
    mutationFn: (body: { current_password: string; password: string }) =>
      stepUp.run(() => tsr.profile.changePassword.mutate({ body })),
    onSuccess: async (res) => {
      if (!res) return;
      if (res.status === 200) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.user });
        navigate(href('security'), { state: { notice: 'passwordChanged' } });
      } else if (res.status === 422) setProblem('currentWrong');
      else if (res.status === 400) setProblem('rules');
      else setProblem('failed');
    },
    onError: () => setProblem('failed'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setProblem(null);
    if (currentMissing || failures.length > 0 || mismatch) return;
    change.mutate({ current_password: current, password });
  };

  const newError = submitted && failures.length > 0 ? passwordMessage(t, failures[0]!) : null;
  const repeatError = submitted && !newError && mismatch ? t('account.password.mismatch') : null;
  const currentError = submitted && currentMissing ? t('account.password.required') : null;

  return (
    <section aria-labelledby="edit-password-title">
      <h1 id="edit-password-title">{t('account.password.title')}</h1>
      {secured && <p className="notice notice-warning">{t('account.history.secured')}</p>}
      <form className="panel" onSubmit={submit} noValidate>
        {/* For password managers: whose password this is. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={username}
          readOnly
          hidden
        />
        <div className="field">
          <label htmlFor={`${id}-current`}>{t('account.password.current')}</label>
          <input
            id={`${id}-current`}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => {
              setCurrent(e.target.value);
              setProblem(null);
            }}
            aria-invalid={currentError || problem === 'currentWrong' ? true : undefined}
            aria-describedby={`${id}-current-error`}
          />
          <p id={`${id}-current-error`} className="error">
            {currentError ?? (problem === 'currentWrong' ? t('account.password.currentWrong') : '')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-new`}>{t('account.password.new')}</label>
          <input
            id={`${id}-new`}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={newError ? true : undefined}
            aria-describedby={`${id}-rules ${id}-new-error`}
          />
          <p id={`${id}-new-error`} className="error">
            {newError ?? ''}
          </p>
          <PasswordRules id={`${id}-rules`} password={password} rules={rules} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-repeat`}>{t('account.password.repeat')}</label>
          <input
            id={`${id}-repeat`}
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            aria-invalid={repeatError ? true : undefined}
            aria-describedby={`${id}-repeat-error`}
          />
          <p id={`${id}-repeat-error`} className="error">
            {repeatError ?? ''}
          </p>
        </div>
        {(problem === 'failed' || problem === 'rules') && (
          <p className="notice notice-error" role="alert">
            {problem === 'failed'
              ? t('account.password.failed')
              : t('account.password.rulesRefused')}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="button" disabled={change.isPending}>
            {t('account.password.submit')}
          </button>
          <Link className="button button-secondary" to={href('security')}>
            {t('account.common.cancel')}
          </Link>
        </div>
      </form>
      {stepUp.dialog}
    </section>
  );
}
