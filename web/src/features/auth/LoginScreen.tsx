import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { href } from '../../app/routes';
import { queryKeys, tsr } from '../../lib/api';
import { platformOf } from '../../lib/platform';
import { safeInternalTarget } from '../../lib/target';

type LoginError = 'invalid' | 'tooMany' | 'server';

function errorOf(status: number | undefined): LoginError {
  if (status === 400) return 'invalid';
  if (status === 429) return 'tooMany';
  return 'server';
}

export default function LoginScreen({ kind }: { kind: 'email' | 'phone' }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<LoginError | null>(null);
  const errorId = useId();
  const login = tsr.auth.createToken.useMutation();

  const platform = platformOf(params.get('redirect_uri'));
  const title =
    platform === 'employee'
      ? t('signin.login.titleEmployee')
      : platform === 'client'
        ? t('signin.login.titleClient')
        : t('signin.login.titleDefault');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    login.mutate(
      { body: { grant_type: 'password', username, password } },
      {
        onSuccess: async (res) => {
          if (res.status !== 200) return setError(errorOf(res.status));
          await queryClient.invalidateQueries({ queryKey: queryKeys.user });
          navigate(safeInternalTarget(params.get('target')) ?? href('user.dashboard'), {
            replace: true,
          });
        },
        onError: (err) => setError(errorOf((err as { status?: number }).status)),
      },
    );
  };

  return (
    <section className="card narrow" aria-labelledby="login-title">
      <h1 id="login-title">{title}</h1>
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor="login-username">
            {kind === 'email' ? t('signin.login.email') : t('signin.login.phone')}
          </label>
          <input
            id="login-username"
            name="username"
            type={kind === 'email' ? 'email' : 'tel'}
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error === 'invalid' || undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="login-password">{t('signin.login.password')}</label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error === 'invalid' || undefined}
          />
        </div>
        {error && (
          <p id={errorId} className="error" role="alert">
            {t(`signin.login.errors.${error}`)}
          </p>
        )}
        <button type="submit" className="button" disabled={login.isPending}>
          {t('signin.login.submit')}
        </button>
      </form>
      <p className="links">
        <Link to={href(kind === 'email' ? 'login.phone' : 'login.email')}>
          {kind === 'email' ? t('signin.login.withPhone') : t('signin.login.withEmail')}
        </Link>
      </p>
    </section>
  );
}
