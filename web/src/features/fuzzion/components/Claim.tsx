import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePasswordCaptcha } from '../../../components/PasswordCaptcha';
import { errorOf, errorText } from '../../../lib/errors';
import { href } from '../../../lib/routes';
import { drawnAnswer, useDrawnForm } from '../../../lib/sign-in-flow';
import { useClaim } from '../api/fuzzion';
import { MERGE_TEXTS, type StepProps } from '../merge';

/**
 * Ownership by the other account's card number or its platform's password: a
 * `<form method="post">` the gateway takes without script (`/duplicated`,
 * answered 303 to the decision, or this page again with the refusal).
 */
export function Claim({ merge, titleId, method }: StepProps & { method: 'card' | 'password' }) {
  const { t } = useTranslation();
  const id = useId();
  const drawn = useDrawnForm('/duplicated');
  const [value, setValue] = useState('');
  const [typed, setTyped] = useState<string | null>(null);
  const [fromServer, setFromServer] = useState(drawn);
  const claim = useClaim();
  // A password proof is a password check: the captcha where the sign-in has it.
  const captcha = usePasswordCaptcha();
  const platform = t(`flows.fuzzion.platform.${merge.data.platform}`);
  const refused = claim.error ?? drawnAnswer(fromServer);
  const failure = refused ? errorOf(refused, MERGE_TEXTS) : null;
  const shownFailure =
    failure && !(method === 'password' && captcha.refused(failure)) ? errorText(t, failure) : null;
  const error = typed ?? shownFailure;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const card = value.replace(/[\s.-]/g, '');
    if (!value) return setTyped(t('flows.fuzzion.errors.required'));
    if (method === 'card' && !/^5065\d{12}$/.test(card)) {
      return setTyped(t('flows.fuzzion.errors.cardInvalid'));
    }
    const guard = method === 'card' ? {} : captcha.fields();
    if (!guard) return;
    claim.mutate(method === 'card' ? { card_number: card } : { password: value, ...guard });
  };

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.fuzzion.prove.title')}</h1>
      <p>{t('flows.fuzzion.prove.intro', { username: merge.data.username })}</p>
      <form method="post" onSubmit={onSubmit} noValidate>
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
            name={method === 'card' ? 'card_number' : 'password'}
            type={method === 'card' ? 'text' : 'password'}
            inputMode={method === 'card' ? 'numeric' : undefined}
            autoComplete={method === 'card' ? 'off' : 'current-password'}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setTyped(null);
              setFromServer(null);
              claim.reset();
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
          <Link className="button button-secondary" to={href('duplicated', { step: 'prove' })}>
            {t('flows.fuzzion.prove.back')}
          </Link>
        </div>
      </form>
    </section>
  );
}
