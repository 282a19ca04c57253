import { expect, outboxCode, submitSignIn, test } from '../../fixtures/login';
import { screenshotter } from '../../fixtures/screenshots';

/** Forgot password: the code by e-mail or text message, "Check your messages", the new password, the sign-in after it (docs/flows.md, Recovery). */

const shoot = screenshotter('masking');

test('forgot password by SMS, end to end: code from the outbox, new password, sign-in with it', async ({
  page,
  request,
}) => {
  await page.goto('/login/email');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByRole('link', { name: 'With my phone number' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/phone$/);
  await page.getByRole('textbox', { name: 'Phone number' }).fill('0470000001');
  await page.getByRole('button', { name: 'Send me a code' }).click();

  await expect(page).toHaveURL(/\/forgot-password-sent$/);
  await expect(page.getByText(/we sent a code by text message to/)).toBeVisible();
  await page.getByLabel('Verification code').fill(await outboxCode(request, '+32470000001'));
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/reset-password$/);
  const newPassword = 'Brand-New-Password-7';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save my new password' }).click();

  await expect(page).toHaveURL(/\/reset-password-confirmed$/);
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await submitSignIn(page, 'employee@example.be');
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
    /^E-mail address or password is incorrect\./,
  );
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The reset's code proved the phone a moment ago on this device: no second code now.
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('reset password: a wrong code is refused at "Check your messages", where it was typed', async ({
  page,
  request,
}) => {
  await page.goto('/forgot-password/email');
  await page.getByLabel('E-mail address').fill('employee@example.be');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your messages' })).toBeVisible();
  const code = page.getByLabel('Verification code');
  await code.fill('12345678');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/forgot-password-sent$/);
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription(/Your code is invalid, try again\./);

  await code.fill(await outboxCode(request, 'employee@example.be'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  const newPassword = 'Brand-New-Password-8';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();
});

test('"Check your messages": one countdown, the other channel only, and a way to change the address', async ({
  page,
}) => {
  await page.goto('/forgot-password/email');
  await page.getByLabel('E-mail address').fill('employee@example.be');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your messages' })).toBeVisible();
  // The e-mail just went out: no "by e-mail instead"; a text message instead is offered.
  await expect(page.getByRole('button', { name: /by e-mail instead/ })).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: 'Send the code by text message instead' }),
  ).toBeVisible();
  await expect(page.getByText(/You can ask for a new code in \d+ s/)).toHaveCount(1);
  await page.getByRole('link', { name: 'Use another e-mail address' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/email$/);
});

test('after a reset by e-mail the sign-in page has the address and asks for no second code', async ({
  page,
}) => {
  await page.goto('/forgot-password/email');
  await expect(page.getByLabel('E-mail address')).toBeFocused();
  await page.getByLabel('E-mail address').fill('employee@example.be');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page).toHaveURL(/\/forgot-password-sent$/);
  await page
    .getByLabel('Verification code')
    .fill(await outboxCode(page.request, 'employee@example.be'));
  await page.getByRole('button', { name: 'Continue' }).click();
  const fresh = 'Brand-New-Password-8';
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('Repeat the new password').fill(fresh);
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await expect(page).toHaveURL(/\/reset-password-confirmed$/);
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();

  await expect(page.getByLabel('E-mail address')).toHaveValue('employee@example.be');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.getByLabel('Password').fill(fresh);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('forgot password: "Check your messages" names the address typed, in full; the phone stays masked', async ({
  page,
}) => {
  for (const login of ['employee@example.be', 'nobody.here@example.be']) {
    await page.goto('/forgot-password/email');
    await page.getByLabel('E-mail address').fill(login);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await expect(page.getByRole('heading', { name: 'Check your messages' })).toBeVisible();
    // A known and an unknown address alike: the one typed, as typed.
    await expect(
      page.getByText(`If an account matches, we sent a code by e-mail to ${login}.`),
    ).toBeVisible();
    if (login === 'employee@example.be') await shoot(page, 'forgot-password-sent');
  }

  // By text message instead: the account's number, which was not typed, masked.
  await page.goto('/forgot-password/email');
  await page.getByLabel('E-mail address').fill('employee@example.be');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByRole('button', { name: 'Send the code by text message instead' }).click();
  await expect(
    page.getByText(/^If an account matches, we sent a code by text message to \+32\s4•••01\.$/),
  ).toBeVisible();
  await expect(page.getByText('employee@example.be')).toHaveCount(0);
});
