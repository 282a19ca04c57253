import { join } from 'node:path';
import { DEMO_PASSWORD, expect, outboxCode, test } from '../../fixtures/login';
import { photograph } from '../../fixtures/screenshots';
import { BE_URL, LU_URL } from '../../playwright.config';

/*
 * The forced second-factor setup owned by the gateway (docs/flows.md,
 * "Forced MFA"): with JavaScript off, an account that must set up a second
 * factor signs in, confirms the intro, confirms its e-mail address and its
 * phone number with a code each, and ends on the drawn dashboard. Every step
 * is a server-drawn page at `/setup-mfa` whose form the gateway answers with
 * a 303 (or the page again, the message at its field).
 */

const SHOTS = join(import.meta.dirname, '..', '..', 'artifacts', 'screenshots');

/** A full-page photograph at 375 and 1280 px (kept when `E2E_PHOTOS=1`). */
async function shoot(page: import('@playwright/test').Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await photograph(page, join(SHOTS, `forced-nojs-${name}-${width}.png`));
  }
}

/** The words of each step in the account's language. */
const WORDS = {
  en: {
    title: 'Protect your account',
    confirm: 'Continue',
    step1: 'Step 1: your e-mail address',
    step2: 'Step 2: your phone number',
    send: 'Send a code',
    code: 'Verification code',
    submit: 'Confirm',
    invalid: 'Your code is invalid, try again.',
    done: 'Your account is protected',
    onward: 'Continue to the platform',
  },
  fr: {
    title: 'Protégez votre compte',
    confirm: 'Continuer',
    step1: /^Étape 1/,
    step2: /^Étape 2/,
    send: 'Envoyer un code',
    code: 'Code de vérification',
    submit: 'Confirmer',
    invalid: 'Votre code n’est pas valide, veuillez réessayer.',
    done: /protégé/,
    onward: 'Continuer vers la plateforme',
  },
  nl: {
    title: 'Bescherm je account',
    confirm: 'Doorgaan',
    step1: 'Stap 1: je e-mailadres',
    step2: 'Stap 2: je telefoonnummer',
    send: 'Code sturen',
    code: 'Verificatiecode',
    submit: 'Bevestigen',
    invalid: 'Je code is ongeldig, probeer het opnieuw.',
    done: 'Je account is beschermd',
    onward: 'Verder naar het platform',
  },
} as const;

const CASES = [
  { variant: 'be', url: BE_URL, from: 'forced@example.be', language: 'en', name: 'Finn' },
  { variant: 'be', url: BE_URL, from: 'forced@example.be', language: 'nl', name: 'Finn' },
  // The Luxembourg seed has no forced account: a copy of Marie's, with no second factor, forced.
  { variant: 'lu', url: LU_URL, from: 'marie@example.lu', language: 'fr', name: 'Marie' },
] as const;

test.describe('forced MFA setup with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const { variant, url, from, language, name } of CASES) {
    test(`${variant} (${language}): signs in, sets up the e-mail and phone codes, ends on the drawn dashboard`, async ({
      page,
      request,
      account,
    }) => {
      const words = WORDS[language];
      const person = await account(from, { mfa: [], mfaForced: true, language });
      const shots = variant === 'be';
      await page.goto(`${url}/login/email`);
      await page.locator('input[name=username]').fill(person.login);
      await page.locator('input[name=password]').fill(DEMO_PASSWORD);
      await page.locator('input[name=password]').press('Enter');

      // The sign-in's target went into the setup's flow: nothing of it stays in the address.
      await expect(page).toHaveURL(`${url}/setup-mfa`);
      await expect(page.getByRole('heading', { name: words.title })).toBeVisible();
      if (shots) await shoot(page, `intro-${language}`);
      await page.getByRole('button', { name: words.confirm, exact: true }).click();

      await expect(page).toHaveURL(`${url}/setup-mfa`);
      await expect(page.getByRole('heading', { name: words.step1 })).toBeVisible();
      if (shots) await shoot(page, `email-${language}`);
      await page.getByRole('button', { name: words.send }).click();
      await expect(page.getByLabel(words.code)).toBeVisible();
      // A wrong code: the same page, the message at the field.
      await page.getByLabel(words.code).fill('00000000');
      await page.getByRole('button', { name: words.submit, exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText(words.invalid);
      if (shots) await shoot(page, `code-refused-${language}`);
      await page.getByLabel(words.code).fill(await outboxCode(request, person.email, variant));
      await page.getByRole('button', { name: words.submit, exact: true }).click();

      await expect(page.getByRole('heading', { name: words.step2 })).toBeVisible();
      if (shots) await shoot(page, `phone-${language}`);
      await page.getByRole('button', { name: words.send }).click();
      await expect(page.getByLabel(words.code)).toBeVisible();
      if (shots) await shoot(page, `phone-code-${language}`);
      await page.getByLabel(words.code).fill(await outboxCode(request, person.phone, variant));
      await page.getByRole('button', { name: words.submit, exact: true }).click();

      await expect(page.getByRole('heading', { name: words.done })).toBeVisible();
      if (shots) await shoot(page, `done-${language}`);
      await page.getByRole('button', { name: words.onward }).click();
      await expect(page).toHaveURL(`${url}/user/dashboard`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    });
  }

  test('an account page typed in the address bar comes back to the setup, not the page', async ({
    page,
    account,
  }) => {
    const person = await account('forced@example.be', { mfa: [], mfaForced: true, language: 'en' });
    await page.goto(`${BE_URL}/login/email`);
    await page.locator('input[name=username]').fill(person.login);
    await page.locator('input[name=password]').fill(DEMO_PASSWORD);
    await page.locator('input[name=password]').press('Enter');
    await expect(page.getByRole('heading', { name: WORDS.en.title })).toBeVisible();
    // The gateway holds the session to the setup: the page asked for waits as its target.
    await page.goto(`${BE_URL}/security`);
    await expect(page).toHaveURL(/\/setup-mfa(\?|$)/);
    await expect(page.getByRole('heading', { name: WORDS.en.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Security' })).toHaveCount(0);
  });
});
