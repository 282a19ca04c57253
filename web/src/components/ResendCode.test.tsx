import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { RESEND_FIRST_S, ResendCode } from './ResendCode';

beforeAll(async () => {
  await initI18n('en', ['common', 'forms']);
});
afterEach(() => vi.useRealTimers());

/** The resend link beside the code field it serves, as every code screen has it. */
function CodeScreen({ onResend }: { onResend: () => Promise<boolean> }) {
  const field = useRef<HTMLInputElement>(null);
  return (
    <>
      <label>
        Verification code <input ref={field} name="code" />
      </label>
      <ResendCode onResend={onResend} codeField={field} />
    </>
  );
}

describe('send a new code', () => {
  it('puts the cursor back in the code field once a code went out, and waits again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onResend = vi.fn(async () => true);
    render(<CodeScreen onResend={onResend} />);
    const link = screen.getByRole('button', { name: 'Send a new code' });
    await user.click(link);
    expect(onResend).not.toHaveBeenCalled();

    await act(async () => {
      vi.advanceTimersByTime(RESEND_FIRST_S * 1000);
    });
    expect(link).toHaveAttribute('aria-disabled', 'false');
    await user.click(link);
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('status')).toHaveTextContent(/./);
    await waitFor(() => expect(screen.getByLabelText('Verification code')).toHaveFocus());
    expect(link).toHaveAttribute('aria-disabled', 'true');
    await user.click(link);
    expect(onResend).toHaveBeenCalledTimes(1);
  });

  it('a refused resend leaves the cursor on the link and sends nothing more', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onResend = vi.fn(async () => false);
    render(<CodeScreen onResend={onResend} />);
    await act(async () => {
      vi.advanceTimersByTime(RESEND_FIRST_S * 1000);
    });
    const link = screen.getByRole('button', { name: 'Send a new code' });
    await user.click(link);
    expect(onResend).toHaveBeenCalledTimes(1);
    // Nothing went out: no countdown, the person may try again at once.
    await waitFor(() => expect(link).toHaveAttribute('aria-disabled', 'false'));
    expect(link).toHaveFocus();
  });
});
