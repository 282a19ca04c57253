import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useState } from 'react';
import PasswordToggle from '../PasswordToggle';
import { type FieldCheck, useFormState } from './Form';

/*
 * The form layer's parts without React Aria (docs/architecture.md, "How to
 * build a form"): the checks, a field's registration with its form, and the
 * fields that are not React Aria ones. The sign-in page loads only these: its
 * script is measured (150 KB by network idle, docs/performance.md) and React
 * Aria's field parts would be 24 KB of it.
 */

/** A contract's zod field, as far as a check needs it (zod is the contract's dependency). */
interface Schema {
  safeParse(value: unknown): { success: boolean };
}

/**
 * A field's check from the contract's zod field (`Email`, `Iban`, ...): the
 * screen's words when the value does not pass, else none. An empty field is
 * checked too: pass `required` words when it needs other words.
 */
export function zodValidate(schema: Schema, message: string, required?: string): FieldCheck {
  return (value) => {
    if (required && value.trim() === '') return required;
    return schema.safeParse(value).success ? null : message;
  };
}

/**
 * The shape of an e-mail address (something@domain.tld), for the journeys'
 * pages: they are drawn entry pages whose script is measured (the sign-in's
 * budget, docs/performance.md), and the contract's zod `Email` would bring
 * zod with it. The gateway checks the address with the zod field on every
 * step and its refusal comes back to the same field.
 */
export const emailCheck =
  (message: string, required?: string): FieldCheck =>
  (value) => {
    if (required && value.trim() === '') return required;
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : message;
  };

/** A field that must not be left empty. */
export const requiredCheck =
  (message: string): FieldCheck =>
  (value) =>
    value.trim() === '' ? message : null;

/**
 * Registers the field's check with its form and answers what React Aria's
 * `validate` shows: nothing before the form was sent, then the check as the
 * value changes (a fixed field loses its error as it is typed).
 */
export function useFieldCheck(name: string | undefined, check: FieldCheck | undefined) {
  const { register, checking, changed } = useFormState();
  useEffect(() => (name ? register(name, check ?? noCheck) : undefined), [name, check, register]);
  return {
    validate: checking && check ? check : undefined,
    /** Call on every change: the server's refusal of the field goes. */
    onChanged: () => {
      if (name) changed(name);
    },
  };
}

const noCheck: FieldCheck = () => null;

export type InputAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'name' | 'id' | 'children'
>;

/**
 * A field that is not a React Aria one (the phone number with its country, a
 * check box): its check registered with the form, the error it shows (its
 * check's once the form was sent, else the server's refusal of `name`), the
 * id that error has (for the input's `aria-describedby`), and what to call
 * on every change.
 */
export function useOwnField(name: string, value: string, check?: FieldCheck) {
  const id = useId();
  const own = useFieldCheck(name, check);
  const { fieldErrors } = useFormState();
  const error = own.validate?.(value) ?? fieldErrors[name] ?? null;
  return { error, errorId: `${id}-error`, onChanged: own.onChanged };
}

/** The error of a field `useOwnField` keeps, under it; read out when it appears. */
export function OwnFieldError({ id, children }: { id: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {children}
    </p>
  );
}

/**
 * A labelled text field without React Aria, for the sign-in page alone: its
 * script is measured (150 KB by network idle, docs/performance.md) and React
 * Aria's field parts are 24 KB of it. Otherwise the layer's field: the check
 * registered with the form, the server's refusal of `name` until it is
 * changed, the error under the input (`aria-invalid`, described by it, read
 * out); `type="password"` adds "Show password".
 */
export function PlainTextField({
  id,
  label,
  name,
  type = 'text',
  value,
  onChange,
  validate,
  input,
}: {
  id: string;
  label: ReactNode;
  name: string;
  type?: 'text' | 'email' | 'password';
  value: string;
  onChange: (value: string) => void;
  validate?: FieldCheck;
  input?: InputAttributes;
}) {
  const field = useOwnField(name, value, validate);
  const [shown, setShown] = useState(false);
  const password = type === 'password';
  const box = (
    <input
      {...input}
      id={id}
      name={name}
      type={password && shown ? 'text' : type}
      value={value}
      onChange={(event) => {
        field.onChanged();
        onChange(event.target.value);
      }}
      aria-invalid={field.error ? true : undefined}
      aria-describedby={field.error ? field.errorId : undefined}
    />
  );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {password ? (
        <div className="password-input">
          {box}
          <PasswordToggle controls={id} shown={shown} onToggle={setShown} />
        </div>
      ) : (
        box
      )}
      <OwnFieldError id={field.errorId}>{field.error}</OwnFieldError>
    </div>
  );
}
