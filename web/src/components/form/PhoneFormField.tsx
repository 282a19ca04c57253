import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneField, type PhoneValue } from '../PhoneField';
import type { FieldCheck } from './Form';
import { OwnFieldError, requiredCheck, useOwnField } from './own-fields';

/**
 * The phone number with its country code as a field of a `Form`: sent as
 * `username`, "This field is required." when left empty, the server's
 * refusal of `username` under it (the form puts the cursor in the number).
 * Its own module: it loads with the phone pages only (`LazyPhoneField`).
 */
export default function PhoneFormField({
  value,
  onChange,
  validate,
}: {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  /** The check on submit; "required" by default. */
  validate?: FieldCheck;
}) {
  const { t } = useTranslation();
  const required = useMemo(() => requiredCheck(t('signin.login.errors.required')), [t]);
  const field = useOwnField('username', value.number, validate ?? required);
  return (
    <>
      <PhoneField
        value={value}
        onChange={(next) => {
          field.onChanged();
          onChange(next);
        }}
        invalid={Boolean(field.error)}
        describedBy={field.error ? field.errorId : undefined}
      />
      <OwnFieldError id={field.errorId}>{field.error}</OwnFieldError>
    </>
  );
}
