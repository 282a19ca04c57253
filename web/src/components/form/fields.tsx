import { type ReactNode, type Ref, useContext, useId, useState } from 'react';
import { FieldErrorContext } from 'react-aria-components/FieldError';
import { Input } from 'react-aria-components/Input';
import { Label } from 'react-aria-components/Label';
import { Text } from 'react-aria-components/Text';
import { TextField as AriaTextField } from 'react-aria-components/TextField';
import PasswordToggle from '../PasswordToggle';
import { type FieldCheck, useFormState } from './Form';
import { type InputAttributes, useFieldCheck } from './own-fields';

export interface TextFieldProps {
  label: ReactNode;
  /** Sent with the form, and the key of its refusals (`validationErrors`). */
  name: string;
  /** What to type, under the label (read with the input). */
  description?: ReactNode;
  type?: 'text' | 'email' | 'tel' | 'password' | 'date' | 'search';
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  /** The check on submit (`zodValidate`, `requiredCheck`), then as the value changes. */
  validate?: FieldCheck;
  /** Wrong for a reason the screen knows (a message shown elsewhere); `errorMessage` says it here. */
  isInvalid?: boolean;
  errorMessage?: ReactNode;
  id?: string;
  /**
   * What describes the input under it instead of a `description` (the password
   * rules ticked off live): read with the input as its description.
   */
  details?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** Attributes of the input itself (autoComplete, inputMode, spellCheck, autoFocus, ...). */
  input?: InputAttributes;
  className?: string;
  /** Something of the screen's own under the input, inside the field. */
  children?: ReactNode;
}

/**
 * A labelled text field (React Aria's `TextField`): the label, the
 * description, the input, and its error (the check's, the server's refusal
 * for its `name`, or the screen's `errorMessage`), read out when it appears.
 * `type="password"` adds the "Show password" toggle.
 */
export function TextField({
  label,
  name,
  description,
  type = 'text',
  value,
  defaultValue,
  onChange,
  validate,
  isInvalid,
  errorMessage,
  id,
  details,
  inputRef,
  input,
  className,
  children,
}: TextFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const check = useFieldCheck(name, validate);
  // The server's refusal of the field, until it is changed (the form keeps it: React Aria
  // would drop it as soon as the field is left, the native change event).
  const refused = useFormState().fieldErrors[name];
  const [shown, setShown] = useState(false);
  const password = type === 'password';
  const field = <Input {...input} ref={inputRef} className={input?.className} />;
  return (
    <AriaTextField
      id={inputId}
      name={name}
      type={password && shown ? 'text' : type}
      value={value}
      defaultValue={defaultValue}
      onChange={(typed) => {
        check.onChanged();
        onChange?.(typed);
      }}
      validate={check.validate}
      // Checked as typed once the form was sent, without the browser's own messages.
      validationBehavior="aria"
      isInvalid={isInvalid || Boolean(refused) || undefined}
      className={className ? `field ${className}` : 'field'}
    >
      <Label>{label}</Label>
      {description && (
        <Text slot="description" className="hint">
          {description}
        </Text>
      )}
      {password ? (
        <div className="password-input">
          {field}
          <PasswordToggle controls={inputId} shown={shown} onToggle={setShown} />
        </div>
      ) : (
        field
      )}
      {details && !description && (
        <Text slot="description" elementType="div">
          {details}
        </Text>
      )}
      <FieldMessage>{errorMessage ?? refused}</FieldMessage>
      {children}
    </AriaTextField>
  );
}

/**
 * A field's error, inside a React Aria field: the screen's words when given,
 * else the check's or the server's; read out when it appears.
 */
export function FieldMessage({ children }: { children?: ReactNode }) {
  const validation = useContext(FieldErrorContext);
  if (!validation?.isInvalid) return null;
  const words = children ?? validation.validationErrors.join(' ');
  if (!words) return null;
  return (
    <Text slot="errorMessage" className="field-error" role="alert">
      {words}
    </Text>
  );
}
