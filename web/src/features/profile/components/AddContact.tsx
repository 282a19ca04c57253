import { Email, toE164 } from '@portal/contract/fields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/Choices';
import { Form, SubmitButton, TextField, zodValidate } from '../../../components/form';
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
  const [value, setValue] = useState('');
  const [mfa, setMfa] = useState(true);
  const country = maybeConfig()?.variant === 'lu' ? 'LU' : 'BE';
  // A refused value (400) and a duplicate (409) in this list's words; a 422 shows its message.
  const addTexts = {
    invalid: `account.contacts.${kind}.invalid`,
    'email-duplicated': 'account.contacts.email.duplicated',
    'phone-duplicated': 'account.contacts.phone.duplicated',
    fallback: 'account.contacts.sendFailed',
  } as const satisfies ErrorTexts;
  const invalid = t(`account.contacts.${kind}.invalid`);
  /** Not an e-mail address or phone number: said before sending. */
  const check =
    kind === 'email'
      ? zodValidate(Email, invalid)
      : (typed: string) => (toE164(typed, country) ? null : invalid);

  const add = useAddContact(run);
  // Every refusal of the add is about the value: said at its field.
  const refusal = add.error
    ? { field: 'value', message: errorText(t, errorOf(add.error, addTexts)) }
    : null;

  const submit = () => {
    clearFailure(add);
    const body: NewContact =
      kind === 'email'
        ? { email: Email.parse(value), mfa }
        : { phone: toE164(value, country) ?? value, mfa };
    add.mutate(body, {
      onSuccess: (res) => {
        if (!res) return;
        setValue('');
        const sent = 'email' in body ? body.email : body.phone;
        onSent({ kind, id: res.body.id, value: sent, payload: res.body.payload });
      },
    });
  };

  return (
    <Form
      onSubmit={submit}
      refusal={refusal}
      busy={add.isPending}
      aria-label={t(`account.contacts.${kind}.add`)}
    >
      <h3>{t(`account.contacts.${kind}.add`)}</h3>
      <TextField
        label={t(`account.contacts.${kind}.new`)}
        name="value"
        type={kind === 'email' ? 'email' : 'tel'}
        description={
          kind === 'phone'
            ? t(country === 'LU' ? 'account.contacts.phone.hintLu' : 'account.contacts.phone.hint')
            : undefined
        }
        input={{
          autoComplete: kind === 'email' ? 'email' : 'tel',
          inputMode: kind === 'email' ? 'email' : 'tel',
        }}
        value={value}
        onChange={(typed) => {
          setValue(typed);
          clearFailure(add);
        }}
        validate={check}
      />
      <div className="field">
        <Checkbox checked={mfa} onChange={setMfa}>
          {t(`account.contacts.${kind}.useForMfa`)}
        </Checkbox>
      </div>
      <SubmitButton>{t('account.contacts.sendCode')}</SubmitButton>
    </Form>
  );
}
