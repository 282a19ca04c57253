import type { OnboardingStart } from '@portal/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TextField } from '../../../components/TextField';
import { errorOf, errorText } from '../../../lib/errors';
import { href } from '../../../lib/routes';
import { useStartOnboarding } from '../api/onboarding';
import { onboardingState } from '../onboarding-state';
import { Steps } from './Steps';

/**
 * The step that starts an onboarding with one field (card number, activation
 * code or invitation code), its words those of its `source`: checked as
 * typed, then sent; a known card of an existing account leads to
 * existingCard, a new one to the welcome screen.
 */
export function StartStep({
  source,
  normalise,
  isValid,
  toBody,
  inputMode,
}: {
  source: 'card' | 'code';
  normalise: (typed: string) => string;
  isValid: (value: string) => boolean;
  toBody: (value: string) => OnboardingStart;
  inputMode: 'numeric' | 'text';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const titleId = useId();
  const invalid = t(`flows.onboarding.${source}.invalid`);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const start = useStartOnboarding();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const clean = normalise(value);
    if (!isValid(clean)) return setError(invalid);
    setError(null);
    start.mutate(toBody(clean), {
      onSuccess: ({ body }) => {
        if ('existingAccount' in body) {
          navigate(href('onboarding.existingCard'), {
            state: { username: body.existingAccount.username },
          });
          return;
        }
        onboardingState.set({ source, payload: body.payload, currentEmail: body.currentEmail });
        navigate(href('onboarding.welcome'));
      },
      onError: (thrown) => {
        // An unknown card or code (404) and a malformed one (400) read the same (spec part 5).
        const failure = errorOf(thrown);
        const refused = failure.kind === 'notFound' || failure.kind === 'invalid';
        setError(refused ? invalid : errorText(t, failure));
      },
    });
  };

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <Steps current="card" source={source} />
      <h1 id={titleId}>{t(`flows.onboarding.${source}.title`)}</h1>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          id={id}
          label={t(`flows.onboarding.${source}.label`)}
          hint={t(`flows.onboarding.${source}.hint`)}
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
          error={error}
          invalid={error === invalid}
        />
        <button type="submit" className="button" disabled={start.isPending}>
          {t('flows.onboarding.card.submit')}
        </button>
      </form>
    </section>
  );
}
