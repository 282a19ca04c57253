import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import TotpScreen from './TotpScreen';

const stack = withRealStack();
const routes = [{ path: '/setup-mfa/totp', element: <TotpScreen /> }];

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

describe('authenticator app setup', () => {
  it('draws the QR code of the otpauth URI in the page and shows the secret to type', async () => {
    await signedInAs(stack());
    await renderScreen('/setup-mfa/totp', routes);
    const qr = await screen.findByRole('img', {
      name: 'QR code to scan with your authenticator app',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    const secret = screen.getByRole('group', { name: 'Secret key' });
    // In groups of four, each whole, the whole key there.
    const groups = [...secret.children].map((g) => g.textContent ?? '');
    expect(groups.every((g) => /^[A-Z2-7]{1,4}$/.test(g))).toBe(true);
    expect(groups.join('')).toMatch(/^[A-Z2-7]{16,}$/);
    // On a phone: the app opens with the key, no scanning of its own screen.
    const open = screen.getByRole('link', { name: 'Open in authenticator app' });
    expect(open.getAttribute('href')).toMatch(
      new RegExp(`^otpauth://totp/.*secret=${groups.join('')}`),
    );
  });

  it('opens at its top: the code field waits below the steps without taking the cursor', async () => {
    await signedInAs(stack());
    await renderScreen('/setup-mfa/totp', routes);
    const field = await screen.findByLabelText('6-digit code');
    // A focused field is scrolled into view on a phone, past the heading, steps and app link.
    expect(field).not.toHaveFocus();
    const open = screen.getByRole('link', { name: 'Open in authenticator app' });
    expect(open.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('copies the key without spaces and says so', async () => {
    await signedInAs(stack());
    await renderScreen('/setup-mfa/totp', routes);
    const user = userEvent.setup();
    const secret = await screen.findByRole('group', { name: 'Secret key' });
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(secret.textContent);
    expect(
      await screen.findByText('Key copied. Paste it into your authenticator app.'),
    ).toBeVisible();
  });

  it('refuses a wrong code under the field', async () => {
    await signedInAs(stack());
    await renderScreen('/setup-mfa/totp', routes);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/invalid/i);
    expect(screen.getByLabelText('6-digit code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers to replace an authenticator app that exists', async () => {
    await signedInAs(stack(), 'totp@example.be');
    await renderScreen('/setup-mfa/totp', routes);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Replace my authenticator app' }));
    expect(await screen.findByLabelText('Secret key')).toBeVisible();
  });
});
