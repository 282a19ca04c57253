import {
  type ComponentPropsWithoutRef,
  createContext,
  type FormEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ErrorTexts,
  errorOf,
  errorText,
  type PortalError,
  type TextKey,
} from '../../lib/errors';
import { ErrorText } from './ErrorText';

/**
 * The one form of the web app (docs/architecture.md, "How to build a form"):
 * a native `<form>` (a server-drawn page keeps its `method="post"` and
 * `action` and works without script) whose fields check themselves on
 * submit, show the server's refusal at the field it names and anything else
 * in `FormError`, and say busy while the mutation runs. The form element is
 * the layer's own, not React Aria's `Form`: the layer hands its fields their
 * checks and the server's refusals itself (`useFormState`), and its fields
 * validate as React Aria's `aria` behaviour does; React Aria's `Form` would
 * add 3.4 KB to the sign-in page's budget for nothing (docs/performance.md).
 */

/** A field's check: the words of what is wrong with the value, or null. */
export type FieldCheck = (value: string) => string | null;

/** What the fields of a submitted form hold, by name (the last value of a repeated name). */
export type FormValues = Readonly<Record<string, string>>;

interface FormState {
  /** The mutation runs: the submit button is disabled and says so. */
  busy: boolean;
  /** The form was sent with a field in error: the fields show their checks as they change. */
  checking: boolean;
  /** A field's check, by the field's `name`; returns the function that removes it. */
  register: (name: string, check: FieldCheck) => () => void;
  /** The field was changed: the server's refusal of it no longer stands. */
  changed: (name: string) => void;
  /** The refusal no field of the form shows (for `FormError`). */
  formFailure: PortalError | null;
  /** The server's refusals still standing, by field name (for fields React Aria does not validate). */
  fieldErrors: Readonly<Record<string, string>>;
}

const FormStateContext = createContext<FormState>({
  busy: false,
  checking: false,
  register: () => () => undefined,
  changed: () => undefined,
  formFailure: null,
  fieldErrors: {},
});

/** The state of the form around a field or a button. */
export const useFormState = () => useContext(FormStateContext);

/**
 * The one place a server's refusal goes to the fields (the portal error's
 * `fields`, or a journey step's `{field, message}`): each refused field of
 * the form gets the screen's words for it (`fieldTexts`), else our words for
 * the rule it broke, else the server's; the error's own message for a field
 * named without an issue (a step's refusal).
 */
export function fieldErrorsOf(
  t: (key: TextKey) => string,
  failure: PortalError | null,
  fieldTexts: Partial<Record<string, TextKey>> = {},
  named?: { field: string | null; message: string } | null,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (named?.field) errors[named.field] = named.message;
  for (const [field, issue] of Object.entries(failure?.fields ?? {})) {
    const key = fieldTexts[field] ?? issue.key;
    errors[field] = key ? t(key) : issue.message;
  }
  return errors;
}

const NONE: ReadonlySet<string> = new Set();

/** The first element of the form named in `names`, in the order of the page. */
function firstNamed(form: HTMLFormElement | null, names: ReadonlySet<string>) {
  for (const element of Array.from(form?.elements ?? [])) {
    const name = (element as HTMLInputElement).name;
    if (name && names.has(name) && !(element as HTMLInputElement).hidden)
      return element as HTMLElement;
  }
  return null;
}

export interface FormProps extends Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit' | 'children'> {
  /** The mutation's error: its refused fields at their fields, anything else in `FormError`. */
  error?: unknown;
  /** The screen's words for the error's kinds and codes (`errorOf`). */
  texts?: ErrorTexts;
  /** The screen's words for a refused field, by name. */
  fieldTexts?: Partial<Record<string, TextKey>>;
  /** A journey step's refusal at one field (`SignInStepRefusal`), or its message for the form. */
  refusal?: { field: string | null; message: string } | null;
  /**
   * The mutation's `isPending`: while it runs the form is not sent again (a
   * press on the button after a code sent by itself, Enter twice). Required,
   * so that no form can forget it.
   */
  busy: boolean;
  /**
   * Sends the form once every field's check passed (with the script); without
   * it, the browser sends the form to its `action` (a server-drawn page).
   */
  onSubmit?: (values: FormValues, form: HTMLFormElement) => void;
  children: ReactNode;
}

export function Form({
  error,
  texts,
  fieldTexts,
  refusal,
  busy,
  onSubmit,
  children,
  ...props
}: FormProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLFormElement>(null);
  const checks = useRef(new Map<string, FieldCheck>());
  const [checking, setChecking] = useState(false);
  const [names, setNames] = useState<ReadonlySet<string>>(new Set());

  const register = useCallback((name: string, check: FieldCheck) => {
    checks.current.set(name, check);
    setNames((known) => (known.has(name) ? known : new Set([...known, name])));
    return () => {
      checks.current.delete(name);
    };
  }, []);

  // Keyed by the error and the refusal's words, not by the objects a render makes
  // (a screen's inline `texts`): a refusal focuses its field once, when it comes.
  const words = useRef({ texts, fieldTexts });
  words.current = { texts, fieldTexts };
  const refusalField = refusal?.field ?? null;
  const refusalMessage = refusal?.message ?? null;
  const failure = useMemo(() => (error ? errorOf(error, words.current.texts) : null), [error]);
  const refused = useMemo(() => {
    const named = refusalMessage === null ? null : { field: refusalField, message: refusalMessage };
    const all = fieldErrorsOf(t, failure, words.current.fieldTexts, named);
    // Until the fields are known (a drawn page's first render, on the server too), a
    // refusal that names a field is taken to be of one.
    return Object.fromEntries(
      Object.entries(all).filter(([name]) => names.size === 0 || names.has(name)),
    );
  }, [t, failure, refusalField, refusalMessage, names]);
  // A refused field loses its error as soon as it is changed (typed in, not only left).
  const [changedSince, setChangedSince] = useState<{
    of: unknown;
    names: ReadonlySet<string>;
  }>({ of: refused, names: new Set() });
  const cleared = changedSince.of === refused ? changedSince.names : NONE;
  const changed = useCallback(
    (name: string) =>
      // Only a refused field's change redraws the form (not every key typed).
      name in refused &&
      setChangedSince((last) =>
        last.of === refused && last.names.has(name)
          ? last
          : { of: refused, names: new Set([...(last.of === refused ? last.names : []), name]) },
      ),
    [refused],
  );
  // One object per refusal and change: the fields show it (`fieldErrors`).
  const validationErrors = useMemo(
    () => Object.fromEntries(Object.entries(refused).filter(([name]) => !cleared.has(name))),
    [refused, cleared],
  );
  const shownAtField = Object.keys(refused).length > 0;
  const formFailure = failure && !shownAtField ? failure : null;
  const refusalForForm =
    refusalMessage !== null && !(refusalField && (names.size === 0 || names.has(refusalField)))
      ? refusalMessage
      : null;

  // A refusal at a field: the cursor goes to the first field in error.
  useEffect(() => {
    const names = Object.keys(refused);
    if (names.length > 0) firstNamed(ref.current, new Set(names))?.focus();
  }, [refused]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onSubmit) return;
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const values: Record<string, string> = {};
    for (const [name, value] of data) if (typeof value === 'string') values[name] = value;
    const wrong = new Set(
      [...checks.current].filter(([name, check]) => check(values[name] ?? '')).map(([n]) => n),
    );
    setChecking(wrong.size > 0);
    if (wrong.size > 0) {
      firstNamed(form, wrong)?.focus();
      return;
    }
    onSubmit(values, form);
  };

  const state = useMemo<FormState>(
    () => ({
      busy,
      checking,
      register,
      changed,
      fieldErrors: validationErrors,
      formFailure:
        formFailure ??
        (refusalForForm
          ? {
              kind: 'rejected',
              status: null,
              code: null,
              message: { text: refusalForForm },
              fields: {},
              retryAfter: null,
            }
          : null),
    }),
    [busy, checking, register, changed, validationErrors, formFailure, refusalForForm],
  );

  return (
    <form
      {...props}
      ref={ref}
      className={props.className ?? ''}
      // The layer checks the fields, and says what is wrong at each: not the browser.
      noValidate
      onSubmit={submit}
      aria-busy={busy || undefined}
    >
      <FormStateContext.Provider value={state}>{children}</FormStateContext.Provider>
    </form>
  );
}

/**
 * Why the form's last send failed, when no field says it: read out at once,
 * where the form puts it (above its buttons). `children` replaces the words.
 */
export function FormError({ id, children }: { id?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const { formFailure } = useFormState();
  return (
    <ErrorText id={id}>{children ?? (formFailure ? errorText(t, formFailure) : null)}</ErrorText>
  );
}

/** The form's submit button: disabled and busy while the mutation runs. */
export function SubmitButton({
  children,
  className = 'button',
  disabled,
  name,
  value,
}: {
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  /** A drawn page's button that says which action the form takes (`resend`). */
  name?: string;
  value?: string;
}) {
  const { busy } = useFormState();
  return (
    <button
      type="submit"
      className={className}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      name={name}
      value={value}
    >
      {children}
    </button>
  );
}

export { ErrorText };
