import { Email } from '@portal/contract';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { CodeEntry } from './CodeEntry';
import { Form, FormError, SubmitButton } from './Form';
import { TextField } from './fields';
import { requiredCheck, zodValidate } from './own-fields';

beforeAll(async () => {
  await initI18n('en', ['common', 'forms', 'account']);
});

/** A 400 of the gateway naming its field, as `mutationFn` throws it. */
const refusedAt = (path: string, message: string) => ({
  status: 400,
  body: { code: 'validation', message: 'Invalid request', issues: [{ path, message }] },
});

/** A profile-like form: a name that must be given and an e-mail address checked by the contract. */
function Profile({
  error,
  busy = false,
  onSubmit,
}: {
  error?: unknown;
  busy?: boolean;
  onSubmit: (values: Readonly<Record<string, string>>) => void;
}) {
  return (
    <Form error={error} busy={busy} onSubmit={onSubmit} aria-label="Profile">
      <TextField label="Name" name="name" validate={requiredCheck('Give your name.')} />
      <TextField
        label="E-mail"
        name="email"
        type="email"
        validate={zodValidate(Email, 'That is not an e-mail address.')}
      />
      <FormError />
      <SubmitButton>Save</SubmitButton>
    </Form>
  );
}

describe('the form layer', () => {
  it('says nothing before the first send, then each check at its field, the cursor in the first', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Profile onSubmit={onSubmit} />);
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSubmit).not.toHaveBeenCalled();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Give your name.');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(
      'That is not an e-mail address.',
    );
    expect(name).toHaveFocus();

    // A field put right loses its error as it is typed; the send goes through.
    await user.type(name, 'Ann');
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.be');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Ann', email: 'ann@example.be' });
  });

  it('shows the server refusal at the field it names, read out, with the cursor there until it is changed', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Profile onSubmit={vi.fn()} />);
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.be');
    rerender(
      <Profile
        onSubmit={vi.fn()}
        error={refusedAt('body.email', 'The email provided is invalid.')}
      />,
    );
    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('The email provided is invalid.');
    expect(email).toHaveAccessibleDescription('The email provided is invalid.');
    // Said at its field only, not again for the form.
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    await user.type(email, 'x');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the server refusal at its field when the field is left unchanged (a press elsewhere)', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Profile onSubmit={vi.fn()} />);
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.be');
    rerender(
      <Profile
        onSubmit={vi.fn()}
        error={refusedAt('body.email', 'The email provided is invalid.')}
      />,
    );
    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveFocus());
    // Typed since it was focused: leaving it fires the native change event, which is no change.
    await user.click(screen.getByLabelText('Name'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('The email provided is invalid.');
  });

  it('says a refusal that names no field of the form once, above the buttons', () => {
    render(<Profile onSubmit={vi.fn()} error={{ status: 503, body: { code: 'upstream_busy' } }} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'An error has occurred. Please try again later.',
    );
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('disables its submit button while the mutation runs, and sends nothing then', async () => {
    const onSubmit = vi.fn();
    render(<Profile onSubmit={onSubmit} busy />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(save).toHaveAttribute('aria-busy', 'true');
  });

  it('keeps a plain HTML form for a drawn page: method, action and the fields’ names', () => {
    const { container } = render(
      <Form method="post" action="/login/email" busy={false}>
        <TextField label="E-mail" name="username" />
      </Form>,
    );
    const form = container.querySelector('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/login/email');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('name', 'username');
  });
});

function Code({ onSubmit, error }: { onSubmit: (code: string) => void; error?: unknown }) {
  const [code, setCode] = useState('');
  return (
    <CodeEntry
      label="Verification code"
      length={8}
      value={code}
      onChange={setCode}
      onSubmit={onSubmit}
      mutation={{ isPending: false, isError: Boolean(error), error, reset: () => undefined }}
    />
  );
}

/** A code entry whose code is checked by `check` (a real mutation). */
function Checked({ check }: { check: (code: string) => Promise<void> }) {
  const confirm = useMutation({ mutationFn: check });
  return (
    <CodeEntry
      label="Verification code"
      length={8}
      onSubmit={(code) => confirm.mutate(code)}
      mutation={confirm}
    />
  );
}

describe('the code entry', () => {
  it('keeps letters and digits up to the method’s length and sends a pasted code by itself', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Code onSubmit={onSubmit} />);
    const field = screen.getByLabelText('Verification code');
    expect(field).toHaveFocus();
    await user.paste('1234 5678 9');
    expect(field).toHaveValue('12345678');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toBe('12345678');
  });

  it('says a short code is invalid at the field, and a refused code there with the code selected', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { rerender } = render(<Code onSubmit={onSubmit} />);
    const field = screen.getByLabelText('Verification code') as HTMLInputElement;
    await user.type(field, '123');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field).toHaveAccessibleDescription(/The code is invalid/);

    rerender(<Code onSubmit={onSubmit} error={{ status: 410, body: { code: 'not_found' } }} />);
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('The code is invalid.');
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(3);
  });

  it('sends a code once: a press on Confirm while the code sent by itself is checked sends nothing more', async () => {
    const user = userEvent.setup();
    const checks: string[] = [];
    let answer: () => void = () => undefined;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Checked
          check={(code) => {
            checks.push(code);
            return new Promise<void>((resolve) => {
              answer = resolve;
            });
          }}
        />
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText('Verification code'), '12345678');
    const press = screen.getByRole('button', { name: 'Confirm' });
    await waitFor(() => expect(press).toHaveAttribute('aria-busy', 'true'));
    await user.click(press);
    await user.keyboard('{Enter}');
    answer();
    await waitFor(() => expect(press).not.toHaveAttribute('aria-busy'));
    expect(checks).toEqual(['12345678']);
  });
});
