import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePasswordCaptcha } from '../../../components/PasswordCaptcha';
import { errorOf } from '../../../lib/errors';
import { useClaim } from '../api/fuzzion';
import type { StepProps } from '../merge';

/** Ownership by the other account's card number or its platform's password. */
export function Claim({
  payload,
  fuzzion,
  titleId,
  settle,
  onFailure,
  step,
  method,
}: StepProps & { method: 'card' | 'password' }) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const claim = useClaim();
  // A password proof is a password check: the captcha where the sign-in has it.
  const captcha = usePasswordCaptcha();
  const platform = t(`flows.fuzzion.platform.${fuzzion.data.platform}`);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const card = value.replace(/[\s.-]/g, '');
    if (!value) return setError(t('flows.fuzzion.errors.required'));
    if (method === 'card' && !/^5065\d{12}$/.test(card)) {
      return setError(t('flows.fuzzion.errors.cardInvalid'));
    }
    const guard = method === 'card' ? {} : captcha.fields();
    if (!guard) return;
    claim.mutate(
      method === 'card' ? { payload, card_number: card } : { payload, password: value, ...guard },
      {
        onSuccess: (res) => settle(res.body),
        onError: (thrown) => {
          if (method === 'password' && captcha.refused(errorOf(thrown))) return;
          setError(onFailure(thrown));
        },
      },
    );
  };

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.fuzzion.prove.title')}</h1>
      <p>{t('flows.fuzzion.prove.intro', { username: fuzzion.data.username })}</p>
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={id}>
            {method === 'card'
              ? t('flows.fuzzion.prove.cardLabel')
              : t('flows.fuzzion.prove.passwordLabel', { platform })}
          </label>
          {method === 'card' && (
            <span id={`${id}-hint`} className="hint">
              {t('flows.fuzzion.prove.cardHint')}
            </span>
          )}
          <input
            id={id}
            type={method === 'card' ? 'text' : 'password'}
            inputMode={method === 'card' ? 'numeric' : undefined}
            autoComplete={method === 'card' ? 'off' : 'current-password'}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={
              [method === 'card' ? `${id}-hint` : '', error ? `${id}-error` : '']
                .filter(Boolean)
                .join(' ') || undefined
            }
          />
          {error && (
            <p id={`${id}-error`} className="field-error error" role="alert">
              {error}
            </p>
          )}
        </div>
        {method === 'password' && captcha.element}
        <div className="actions">
          <button type="submit" className="button" disabled={claim.isPending}>
            {t('flows.fuzzion.prove.submit')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => step(null)}>
            {t('flows.fuzzion.prove.back')}
          </button>
        </div>
      </form>
    </section>
  );
}
