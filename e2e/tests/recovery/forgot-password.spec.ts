import { nationalNumber } from '../../fixtures/accounts';
import { expect, outboxCode, test, totpCode } from '../../fixtures/login';
import { appTookOver, keptInTheBrowser } from '../../fixtures/portal';
import { screenshotter } from '../../fixtures/screenshots';

/*
 * Forgot password with JavaScript on (docs/flows.md, "Recovery"): the
 * gateway owns the journey; it ends signed in, the new password typed once
 * and never again, the second factor when the sign-in asks for it. The
 * browser keeps nothing of it: no storage, no contact in an address.
 */

const shoot = screenshotter('masking');

test('by e-mail: four screens at most, the code sends itself, signed in on the dashboard, nothing kept', async ({
  page,
  request,
  account,
}) => {
  const emma = await account();
  const shown: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) shown.push(frame.url());
  });
  await page.goto('/login/email');
  await appTookOver(page);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/email$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(emma.login);
  await page.getByRole('button', { name: 'Send me a code' }).click();

  await expect(page.getByRole('heading', { name: 'Check your messages' })).toBeVisible();
  await expect(
    page.getByText(`If an account matches, we sent a code by e-mail to ${emma.email}.`),
  ).toBeVisible();
  // A complete code sends itself.
  await page.getByLabel('Verification code').fill(await outboxCode(request, emma.email));

  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const password = page.getByLabel('New password', { exact: true });
  await password.fill('Brand-New-Password-7');
  // Typed once, with a way to check it: no confirmation field.
  await expect(page.locator('main input[type=password]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Save and log in' }).click();

  // The code went to the account's own second-factor address: no other is asked.
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Emma');

  for (const address of shown) {
    expect(address).not.toMatch(/%40|@|\+32|047\d|payload|code=/);
  }
  // The dashboard may arrive drawn: what the browser keeps is read once the app has it.
  const storage = await keptInTheBrowser(page);
  expect(Object.keys(storage.session)).toEqual([]);
  expect(Object.keys(storage.local).sort()).toEqual(['account', 'device-id']);
  expect(JSON.stringify(storage.local)).not.toContain(emma.email);
});

test('by phone, where the code proves no second factor: the authenticator code, then the page headed to', async ({
  page,
  request,
  account,
}) => {
  const tom = await account('totp@example.be');
  await page.goto('/forgot-password/phone?target=%2Fsecurity');
  await appTookOver(page);
  await page.getByRole('textbox', { name: 'Phone number' }).fill(nationalNumber(tom.phone));
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText(/we sent a code by text message to/)).toBeVisible();
  await page.getByLabel('Verification code').fill(await outboxCode(request, tom.phone));
  await page.getByLabel('New password', { exact: true }).fill('Brand-New-Password-7');
  await page.getByRole('button', { name: 'Save and log in' }).click();

  // The sign-in's own code step: the app's code, the method list never shown.
  await expect(page).toHaveURL(/\/mfa$/);
  await page.getByLabel('Verification code').fill(await totpCode(request));
  await expect(page).toHaveURL(/\/security$/);
});

test('a wrong code is said where it was typed; a weak password is refused with the rule it breaks', async ({
  page,
  request,
  account,
}) => {
  const emma = await account();
  await page.goto('/forgot-password/email');
  // The code sending itself is the app's: the page is taken over first.
  await appTookOver(page);
  await page.getByLabel('E-mail address').fill(emma.login);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const code = page.getByLabel('Verification code');
  await code.fill('12345678');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription(/Your code is invalid, try again\./);
  await expect(page).toHaveURL(/\/forgot-password-sent$/);

  await code.fill(await outboxCode(request, emma.email));
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Save and log in' }).click();
  await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(
    /Not enough characters/,
  );
  await expect(page).toHaveURL(/\/reset-password$/);
});

test('"Check your messages": one countdown, the other channel only, and a way to change the address', async ({
  page,
  account,
}) => {
  const emma = await account();
  await page.goto('/forgot-password/email');
  await appTookOver(page);
  await page.getByLabel('E-mail address').fill(emma.login);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your messages' })).toBeVisible();
  await shoot(page, 'forgot-password-sent');
  await expect(page.getByRole('button', { name: /by e-mail instead/ })).toHaveCount(0);
  await expect(page.getByText(/You can ask for a new code in \d+ s/)).toHaveCount(1);

  // By text message instead: the account's number, which was not typed, masked.
  await page.getByRole('button', { name: 'Send the code by text message instead' }).click();
  await expect(
    page.getByText(
      new RegExp(
        `^If an account matches, we sent a code by text message to \\+32\\s4•••${emma.phone.slice(-2)}\\.$`,
      ),
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Use another e-mail address' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/email$/);
});

test('an unknown address is answered as a known one; an old confirmation link goes to the sign-in', async ({
  page,
}) => {
  await page.goto('/forgot-password/email');
  await page.getByLabel('E-mail address').fill('nobody.here@example.be');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(
    page.getByText('If an account matches, we sent a code by e-mail to nobody.here@example.be.'),
  ).toBeVisible();
  await page.goto('/reset-password-confirmed');
  await expect(page).toHaveURL(/\/login\/email$/);
  await page.goto('/forgot-password');
  await expect(page).toHaveURL(/\/forgot-password\/email$/);
});
