import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Form, SubmitButton, TextField } from '../../../components/form';
import { usePasswordCaptcha } from '../../../components/PasswordCaptcha';
import { errorOf, errorText } from '../../../lib/errors';
import { href } from '../../../lib/routes';
import { drawnAnswer, useDrawnForm } from '../../../lib/sign-in-flow';
import { useClaim } from '../api/fuzzion';
import { MERGE_TEXTS, type StepProps } from '../merge';

/** The card's number as sent: without the spaces, dots and dashes people type. */
const card = (typed: string) => typed.replace(/[\s.-]/g, '');

/**
 * Ownership by the other account's card number or its platform's password: a
 * `<form method="post">` the gateway takes without script (`/duplicated`,
 * answered 303 to the decision, or this page again with the refusal).
 */
export function Claim({ merge, titleId, method }: StepProps & { method: 'card' | 'password' }) {
  const { t } = useTranslation();
  const drawn = useDrawnForm('/duplicated');
  const [value, setValue] = useState('');
  const [fromServer, setFromServer] = useState(drawn);
  const claim = useClaim();
  // A password proof is a password check: the captcha where the sign-in has it.
  const captcha = usePasswordCaptcha();
  const platform = t(`flows.fuzzion.platform.${merge.data.platform}`);
  const refused = claim.error ?? drawnAnswer(fromServer);
  const failure = refused ? errorOf(refused, MERGE_TEXTS) : null;
  const shownFailure =
    failure && !(method === 'password' && captcha.refused(failure)) ? errorText(t, failure) : null;
  const name = method === 'card' ? 'card_number' : 'password';
  const check = useMemo(() => {
    const required = t('flows.fuzzion.errors.required');
    const cardInvalid = t('flows.fuzzion.errors.cardInvalid');
    return (typed: string) =>
      !typed
        ? required
        : method === 'card' && !/^5065\d{12}$/.test(card(typed))
          ? cardInvalid
          : null;
  }, [t, method]);

  const onSubmit = () => {
    const guard = method === 'card' ? {} : captcha.fields();
    if (!guard) return;
    claim.mutate(method === 'card' ? { card_number: card(value) } : { password: value, ...guard });
  };

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.fuzzion.prove.title')}</h1>
      <p>{t('flows.fuzzion.prove.intro', { username: merge.data.username })}</p>
      <Form
        method="post"
        busy={claim.isPending}
        refusal={shownFailure ? { field: name, message: shownFailure } : null}
        onSubmit={onSubmit}
      >
        <TextField
          name={name}
          type={method === 'card' ? 'text' : 'password'}
          label={
            method === 'card'
              ? t('flows.fuzzion.prove.cardLabel')
              : t('flows.fuzzion.prove.passwordLabel', { platform })
          }
          description={method === 'card' ? t('flows.fuzzion.prove.cardHint') : undefined}
          input={{
            inputMode: method === 'card' ? 'numeric' : undefined,
            autoComplete: method === 'card' ? 'off' : 'current-password',
          }}
          value={value}
          onChange={(typed) => {
            setValue(typed);
            setFromServer(null);
            claim.reset();
          }}
          validate={check}
        />
        {method === 'password' && captcha.element}
        <div className="actions">
          <SubmitButton>{t('flows.fuzzion.prove.submit')}</SubmitButton>
          <Link className="button button-secondary" to={href('duplicated', { step: 'prove' })}>
            {t('flows.fuzzion.prove.back')}
          </Link>
        </div>
      </Form>
    </section>
  );
}
