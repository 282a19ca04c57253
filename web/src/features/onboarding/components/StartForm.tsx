import type { OnboardingStart } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { errorOf, errorText } from '../../../lib/errors';
import { href } from '../../../lib/routes';
import { onboardingState } from '../onboarding-state';

/**
 * The one field that starts an onboarding (card number, activation code or
 * invitation code): checked as typed, then sent; a known card of an existing
 * account leads to existingCard, a new one to the welcome screen.
 */
export function StartForm({
  source,
  label,
  hint,
  invalid,
  normalise,
  isValid,
  toBody,
  inputMode,
  children,
}: {
  source: 'card' | 'code';
  label: string;
  hint: string;
  invalid: string;
  normalise: (typed: string) => string;
  isValid: (value: string) => boolean;
  toBody: (value: string) => OnboardingStart;
  inputMode: 'numeric' | 'text';
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const start = useMutation({
    mutationFn: (body: OnboardingStart) => api.onboarding.start({ body }),
    onSuccess: (res) => {
      if (res.status !== 200) {
        // An unknown card or code (404) and a malformed one (400) read the same (spec part 5).
        const failure = errorOf(res);
        const refused = failure.kind === 'notFound' || failure.kind === 'invalid';
        return setError(refused ? invalid : errorText(t, failure));
      }
      if ('existingAccount' in res.body) {
        navigate(href('onboarding.existingCard'), {
          state: { username: res.body.existingAccount.username },
        });
        return;
      }
      onboardingState.set({
        source,
        payload: res.body.payload,
        currentEmail: res.body.currentEmail,
      });
      navigate(href('onboarding.welcome'));
    },
    onError: (thrown) => setError(errorText(t, errorOf(thrown))),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const clean = normalise(value);
    if (!isValid(clean)) return setError(invalid);
    setError(null);
    start.mutate(toBody(clean));
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {children}
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
        <input
          id={id}
          name={source === 'card' ? 'card' : 'code'}
          inputMode={inputMode}
          autoComplete="off"
          spellCheck={false}
          required
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          aria-invalid={error === invalid ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        />
        {error && (
          <p id={`${id}-error`} className="field-error error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button" disabled={start.isPending}>
        {t('flows.onboarding.card.submit')}
      </button>
    </form>
  );
}
