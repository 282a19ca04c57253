import { Email, toE164 } from '@portal/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/Choices';
import type { useStepUpInPlace } from '../../../components/StepUp';
import { clearFailure } from '../../../lib/api';
import { maybeConfig } from '../../../lib/config';
import { type ErrorTexts, errorOf, errorText } from '../../../lib/errors';
import { type NewContact, useAddContact } from '../api/contacts';
import type { Kind, Pending } from '../contacts';

export function AddContact({
  kind,
  run,
  onSent,
}: {
  kind: Kind;
  run: ReturnType<typeof useStepUpInPlace>['run'];
  onSent: (pending: Pending) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const [mfa, setMfa] = useState(true);
  /** Not an e-mail address or phone number (checked before sending). */
  const [invalid, setInvalid] = useState(false);
  const country = maybeConfig()?.variant === 'lu' ? 'LU' : 'BE';
  // A refused value (400) and a duplicate (409) in this list's words; a 422 shows its message.
  const addTexts = {
    invalid: `account.contacts.${kind}.invalid`,
    'email-duplicated': 'account.contacts.email.duplicated',
    'phone-duplicated': 'account.contacts.phone.duplicated',
    fallback: 'account.contacts.sendFailed',
  } as const satisfies ErrorTexts;

  const add = useAddContact(run);
  const problem = invalid ? 'invalid' : add.error ? errorOf(add.error, addTexts) : null;

  const send = (body: NewContact) =>
    add.mutate(body, {
      onSuccess: (res) => {
        if (!res) return;
        setValue('');
        const sent = 'email' in body ? body.email : body.phone;
        onSent({ kind, id: res.body.id, value: sent, payload: res.body.payload });
      },
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setInvalid(false);
    clearFailure(add);
    if (kind === 'email') {
      const parsed = Email.safeParse(value);
      if (!parsed.success) return setInvalid(true);
      send({ email: parsed.data, mfa });
    } else {
      const phone = toE164(value, country);
      if (!phone) return setInvalid(true);
      send({ phone, mfa });
    }
  };

  const message =
    problem === null
      ? null
      : problem === 'invalid'
        ? t(`account.contacts.${kind}.invalid`)
        : errorText(t, problem);

  return (
    <form onSubmit={submit} noValidate aria-label={t(`account.contacts.${kind}.add`)}>
      <h3>{t(`account.contacts.${kind}.add`)}</h3>
      <div className="field">
        <label htmlFor={`${id}-value`}>{t(`account.contacts.${kind}.new`)}</label>
        {kind === 'phone' && (
          <span id={`${id}-hint`} className="hint">
            {t(country === 'LU' ? 'account.contacts.phone.hintLu' : 'account.contacts.phone.hint')}
          </span>
        )}
        <input
          id={`${id}-value`}
          type={kind === 'email' ? 'email' : 'tel'}
          autoComplete={kind === 'email' ? 'email' : 'tel'}
          inputMode={kind === 'email' ? 'email' : 'tel'}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setInvalid(false);
            clearFailure(add);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={
            [kind === 'phone' && `${id}-hint`, problem && `${id}-error`]
              .filter(Boolean)
              .join(' ') || undefined
          }
        />
        {message && (
          <p id={`${id}-error`} className="error" role="alert">
            {message}
          </p>
        )}
      </div>
      <div className="field">
        <Checkbox checked={mfa} onChange={setMfa}>
          {t(`account.contacts.${kind}.useForMfa`)}
        </Checkbox>
      </div>
      <button type="submit" className="button" disabled={add.isPending}>
        {t('account.contacts.sendCode')}
      </button>
    </form>
  );
}
