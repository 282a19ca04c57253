/** The one form layer (docs/architecture.md, "How to build a form"). */
export { CODE_TEXTS, CodeEntry, onlyCodeCharacters } from './CodeEntry';
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
export {
  CheckboxField,
  FieldMessage,
  requiredCheck,
  TextField,
  useFieldCheck,
  zodValidate,
} from './fields';
