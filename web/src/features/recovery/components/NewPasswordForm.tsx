import { type FormEvent, useState } from 'react';
import { NewPasswordFields } from '../../../components/PasswordRules';
import { clearFailure } from '../../../lib/api';

/**
 * A new password and its repetition, the rules ticked off live, sent by
 * `save` once both are right (reset and weak password, docs/product.md part 2). The
 * button is busy while `change` runs; its failure (`serverError`, the server's
 * words) stays under the password until the user types again.
 */
export function NewPasswordForm({
  change,
  save,
  serverError,
  submitLabel,
}: {
  change: { isPending: boolean; isError: boolean; reset: () => void };
  save: (password: string) => void;
  serverError: string | null;
  submitLabel: string;
}) {
  const [password, setPassword] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    clearFailure(change);
    if (password) save(password);
  };

  return (
    <form onSubmit={submit} noValidate>
      <NewPasswordFields
        showErrors={showErrors}
        onChange={(value) => {
          setPassword(value);
          clearFailure(change);
        }}
        serverError={serverError}
      />
      <button type="submit" className="button button-block" disabled={change.isPending}>
        {submitLabel}
      </button>
    </form>
  );
}
