/** The one form layer (docs/architecture.md, "How to build a form"). */

export { CheckboxField } from './CheckboxField';
export { CODE_TEXTS, CodeEntry, type CodeEntryProps, onlyCodeCharacters } from './CodeEntry';
export {
  ErrorText,
  type FieldCheck,
  Form,
  FormError,
  type FormValues,
  fieldErrorsOf,
  SubmitButton,
  useFormState,
} from './Form';
export { FieldMessage, TextField } from './fields';
export {
  emailCheck,
  OwnFieldError,
  PlainTextField,
  requiredCheck,
  useFieldCheck,
  useOwnField,
  zodValidate,
} from './own-fields';
