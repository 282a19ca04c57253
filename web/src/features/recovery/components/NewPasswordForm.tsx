import { Form, SubmitButton } from '../../../components/form';
import { NewPasswordFields } from '../../../components/PasswordRules';
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
  return (
    <Form
      method="post"
      // The fields' checks passed: what they show is what is sent.
      onSubmit={(values) => {
        clearFailure(change);
        save(values.password ?? '');
      }}
      busy={change.isPending}
      refusal={serverError ? { field: 'password', message: serverError } : null}
    >
      <NewPasswordFields onChange={() => clearFailure(change)} />
      <SubmitButton className="button button-block">{submitLabel}</SubmitButton>
    </Form>
  );
}
