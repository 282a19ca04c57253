import { type FormEvent, useState } from 'react';
import { NewPasswordFields, usePasswordCheck } from '../../../components/PasswordRules';
import { clearFailure } from '../../../lib/api';

/**
 * A new password and its repetition, the rules ticked off live, sent by
 * `save` once both are right (weak password, docs/product.md part 2). The
 * button is busy while `change` runs; its failure (`serverError`, the server's
 * words) stays under the password until the user types again. A form that
 * works without script: posted to the page's own address, which the gateway
 * takes (`password` and `confirm`).
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
  const [showErrors, setShowErrors] = useState(false);
  const { failures } = usePasswordCheck();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setShowErrors(true);
    clearFailure(change);
    // What the fields show is what is sent.
    const sent = new FormData(event.currentTarget);
    const password = String(sent.get('password') ?? '');
    if (failures(password).length === 0 && password === sent.get('confirm')) save(password);
  };

  return (
    <form method="post" onSubmit={submit} noValidate>
      <NewPasswordFields
        showErrors={showErrors}
        onChange={() => clearFailure(change)}
        serverError={serverError}
      />
      <button type="submit" className="button button-block" disabled={change.isPending}>
        {submitLabel}
      </button>
    </form>
  );
}
