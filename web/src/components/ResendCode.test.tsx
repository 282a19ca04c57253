import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { RESEND_FIRST_S, ResendCode } from './ResendCode';

beforeAll(async () => {
  await initI18n('en', ['common', 'forms']);
});
afterEach(() => vi.useRealTimers());

describe('send a new code', () => {
  it('keeps the focus on the link after a code went out, and waits again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onResend = vi.fn(async () => true);
    render(<ResendCode onResend={onResend} />);
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
    // Waiting for the next one does not throw the keyboard user back to the top of the page.
    expect(link).toHaveAttribute('aria-disabled', 'true');
    expect(document.activeElement).toBe(link);
    await user.click(link);
    expect(onResend).toHaveBeenCalledTimes(1);
  });
});
