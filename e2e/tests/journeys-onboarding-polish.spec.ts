import type { APIRequestContext, Page } from '@playwright/test';
import { outboxCode } from '../fixtures/mfa';
import { expect, test } from '../fixtures/stack';
import { LU_URL } from '../playwright.config';
import { screenshotter } from './screenshots';

/**
 * The onboarding's polish: each step named for what it asks ("Step 3 of 7 ·
 * Your details") over a progress bar, the recommended personal e-mail chosen
 * to begin with, an address in use leading to the sign-in or the password
 * reset, the password form carrying the username for password managers, and
 * no "Log in" in the header on the way.
 */

const PASSWORD = 'New-Account-2026!';

/** The words the walk through the onboarding needs, and the stepper's, per language. */
const TEXTS = {
  en: {
    startCard: /With my card number/,
    cardLabel: 'Card number',
    next: 'Continue',
    getStarted: 'Get started',
    acceptTerms: 'I accept the terms and conditions',
    acceptPrivacy: 'I accept the privacy policy',
    firstname: 'First name',
    lastname: 'Family name',
    personal: /Use a personal e-mail address/,
    keep: /^Keep /,
    email: 'E-mail address',
    send: 'Send me a code',
    code: 'Verification code',
    confirm: 'Confirm',
    phone: 'Mobile phone number',
    newPassword: 'New password',
    repeat: 'Repeat the new password',
    create: 'Create my account',
    step: (n: number) => `Step ${n} of 7`,
    steps: [
      'Your card',
      'Terms and privacy',
      'Your details',
      'Your e-mail address',
      'Your mobile number',
      'Two-step verification',
      'Your password',
    ],
  },
  fr: {
    startCard: /Avec mon numéro de carte/,
    cardLabel: 'Numéro de carte',
    next: 'Continuer',
    getStarted: 'Commencer',
    acceptTerms: 'J’accepte les conditions générales',
    acceptPrivacy: 'J’accepte la politique de confidentialité',
    firstname: 'Prénom',
    lastname: 'Nom de famille',
    personal: /Utiliser une adresse e-mail personnelle/,
    keep: /^Garder /,
    email: 'Adresse e-mail',
    send: 'M’envoyer un code',
    code: 'Code de vérification',
    confirm: 'Confirmer',
    phone: 'Numéro de téléphone mobile',
    newPassword: 'Nouveau mot de passe',
    repeat: 'Répétez le nouveau mot de passe',
    create: 'Créer mon compte',
    step: (n: number) => `Étape ${n} sur 7`,
    steps: [
      'Votre carte',
      'Conditions et confidentialité',
      'Vos informations',
      'Votre adresse e-mail',
      'Votre numéro de mobile',
      'Vérification en deux étapes',
      'Votre mot de passe',
    ],
  },
  nl: {
    startCard: /Met mijn kaartnummer/,
    cardLabel: 'Kaartnummer',
    next: 'Doorgaan',
    getStarted: 'Beginnen',
    acceptTerms: 'Ik aanvaard de algemene voorwaarden',
    acceptPrivacy: 'Ik aanvaard het privacybeleid',
    firstname: 'Voornaam',
    lastname: 'Familienaam',
    personal: /Een persoonlijk e-mailadres gebruiken/,
    keep: / behouden/,
    email: 'E-mailadres',
    send: 'Stuur me een code',
    code: 'Verificatiecode',
    confirm: 'Bevestigen',
    phone: 'Gsm-nummer',
    newPassword: 'Nieuw wachtwoord',
    repeat: 'Herhaal het nieuwe wachtwoord',
    create: 'Mijn account aanmaken',
    step: (n: number) => `Stap ${n} van 7`,
    steps: [
      'Je kaart',
      'Voorwaarden en privacy',
      'Je gegevens',
      'Je e-mailadres',
      'Je gsm-nummer',
      'Tweestapsverificatie',
      'Je wachtwoord',
    ],
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

/** The stepper says "Step n of 7 · <name>" as text, and its bar stands at n of 7. */
async function expectStep(page: Page, n: number, texts: Texts = TEXTS.en) {
  await expect(
    page.getByText(`${texts.step(n)} · ${texts.steps[n - 1]}`, { exact: true }),
  ).toBeVisible();
  const bar = page.getByRole('progressbar');
  await expect(bar).toHaveJSProperty('value', n);
  await expect(bar).toHaveJSProperty('max', 7);
}

/** Mid-flow the header offers no "Log in": the person is on their way in. */
async function expectNoHeaderLogin(page: Page) {
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toHaveCount(0);
}

/** What each screen of the walk gets on the way: the stepper checked, the header, a photograph. */
type Visit = (step: number | null, what: string) => Promise<void>;

/** From the start to the e-mail step with card 5065000000000001 (its e-mail on file offered). */
async function toEmailStep(page: Page, texts: Texts = TEXTS.en, visit?: Visit) {
  // Drawn by the server; its list's stylesheet comes with the script that takes the page over.
  await page.goto('/onboarding', { waitUntil: 'networkidle' });
  await visit?.(null, 'start');
  await page.getByRole('link', { name: texts.startCard }).click();
  await expect(page.getByLabel(texts.cardLabel, { exact: true })).toBeVisible();
  await visit?.(1, 'card');
  await page.getByLabel(texts.cardLabel, { exact: true }).fill('5065000000000001');
  await page.getByRole('button', { name: texts.next }).click();
  await expect(page.getByRole('link', { name: texts.getStarted })).toBeVisible();
  await visit?.(null, 'welcome');
  await page.getByRole('link', { name: texts.getStarted }).click();
  await expect(page.getByLabel(texts.acceptTerms)).toBeVisible();
  await visit?.(2, 'terms');
  await page.getByLabel(texts.acceptTerms).check();
  await page.getByLabel(texts.acceptPrivacy).check();
  await page.getByRole('button', { name: texts.next }).click();
  await expect(page.getByLabel(texts.firstname)).toBeVisible();
  await visit?.(3, 'details');
  await page.getByLabel(texts.firstname).fill('Nina');
  await page.getByLabel(texts.lastname).fill('Nieuw');
  await page.getByRole('button', { name: texts.next }).click();
  await expect(page.getByLabel(texts.personal)).toBeVisible();
  await visit?.(4, 'email');
}

/** From the e-mail step to the password step, with `email` typed as the personal address. */
async function toPasswordStep(
  page: Page,
  request: APIRequestContext,
  { email, phone }: { email: string; phone: string },
  texts: Texts = TEXTS.en,
  visit?: Visit,
) {
  await page.getByLabel(texts.email, { exact: true }).fill(email);
  await page.getByRole('button', { name: texts.send }).click();
  await expect(page.getByLabel(texts.code)).toBeVisible();
  await visit?.(4, 'email-code');
  await page.getByLabel(texts.code).fill(await outboxCode(request, email));
  await page.getByRole('button', { name: texts.confirm }).click();
  await expect(page.getByLabel(texts.phone, { exact: true })).toBeVisible();
  await visit?.(5, 'phone');
  await page.getByLabel(texts.phone, { exact: true }).fill(phone);
  await page.getByRole('button', { name: texts.send }).click();
  await expect(page.getByLabel(texts.code)).toBeVisible();
  await visit?.(5, 'phone-code');
  const e164 = `+32${phone.replace(/\D/g, '').replace(/^0/, '')}`;
  await page.getByLabel(texts.code).fill(await outboxCode(request, e164));
  await page.getByRole('button', { name: texts.confirm }).click();
  await expect(page).toHaveURL(/\/onboarding-mfa$/);
  await visit?.(6, 'two-step');
  await page.getByRole('button', { name: texts.next }).click();
  await expect(page.getByLabel(texts.newPassword, { exact: true })).toBeVisible();
  await visit?.(7, 'password');
}

test('each step says "Step n of 7" and what it asks, over its bar; no "Log in" in the header', async ({
  page,
  request,
}) => {
  const visit: Visit = async (step) => {
    if (step !== null) await expectStep(page, step);
    await expectNoHeaderLogin(page);
  };
  await toEmailStep(page, TEXTS.en, visit);
  // The details step asks the name: its button says where it goes, not "Confirm my e-mail".
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your e-mail address');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What is your name?');
  await expect(page.getByRole('button', { name: /e-mail/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await toPasswordStep(
    page,
    request,
    { email: 'nina.steps@example.be', phone: '0470 55 66 01' },
    TEXTS.en,
    visit,
  );
});

test('the invitation and the LU activation code name the first step after themselves', async ({
  page,
}) => {
  await page.goto('/onboarding');
  await page.getByRole('link', { name: /With an invitation code/ }).click();
  await expect(page.getByText('Step 1 of 7 · Your invitation', { exact: true })).toBeVisible();

  // The LU variant in English (en_LU): the card is known by its activation code.
  await page.goto(`${LU_URL}/onboarding`);
  await page.getByRole('link', { name: /With my activation code/ }).click();
  await expect(page.getByText('Step 1 of 7 · Your activation code', { exact: true })).toBeVisible();
});

test('the personal e-mail address, recommended, is the one chosen to begin with', async ({
  page,
}) => {
  await toEmailStep(page);
  const personal = page.getByLabel(/Use a personal e-mail address/);
  await expect(personal).toBeChecked();
  await expect(page.getByRole('radio', { name: /Recommended/ })).toBeChecked();
  await expect(page.getByLabel(/^Keep n•••e@example\.be/)).not.toBeChecked();
  await expect(page.getByLabel('E-mail address', { exact: true })).toBeVisible();
  // The card's address stays one choice away; its field goes with the choice.
  await page.getByLabel(/^Keep /).check();
  await expect(page.getByLabel('E-mail address', { exact: true })).toHaveCount(0);
});

test('an e-mail address in use offers to log in with it filled in, or to reset the password', async ({
  page,
}) => {
  await toEmailStep(page);
  await page.getByLabel('E-mail address', { exact: true }).fill('employee@example.be');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This email is already in use. Please use another one.',
  );
  await expect(page.getByRole('link', { name: 'Reset my password' })).toHaveAttribute(
    'href',
    '/forgot-password/email',
  );
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\/email$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue(
    'employee@example.be',
  );
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
});

test('the password form carries the e-mail typed as its username, for password managers', async ({
  page,
  request,
}) => {
  await toEmailStep(page);
  await toPasswordStep(page, request, {
    email: 'nina.saved@example.be',
    phone: '0470 55 66 02',
  });
  const form = page
    .locator('form')
    .filter({ has: page.getByLabel('New password', { exact: true }) });
  const username = form.locator('input[autocomplete="username"]');
  await expect(username).toHaveValue('nina.saved@example.be');
  await expect(username).toBeHidden();
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the new password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your card is activated' })).toBeVisible();
});

for (const language of ['en', 'fr', 'nl'] as const) {
  test.describe(`screens in ${language}`, () => {
    test.use({ locale: `${language}-BE` });

    test(`every onboarding step in ${language}, at 375 and 1280 px, nothing wider than a phone`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const texts = TEXTS[language];
      const shoot = screenshotter(`onboarding-polish-${language}`);
      const visit: Visit = async (step, what) => {
        if (step !== null) await expectStep(page, step, texts);
        await shoot(page, what);
      };
      await toEmailStep(page, texts, visit);
      // An address in use, with its two ways on.
      await page.getByLabel(texts.email, { exact: true }).fill('employee@example.be');
      await page.getByRole('button', { name: texts.send }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await shoot(page, 'email-in-use');
      await page.getByLabel(texts.keep).check();
      await shoot(page, 'email-keep');
      await page.getByLabel(texts.personal).check();
      await toPasswordStep(
        page,
        request,
        { email: 'nina.shots@example.be', phone: '0470 55 66 03' },
        texts,
        visit,
      );
      await page.getByLabel(texts.newPassword, { exact: true }).fill(PASSWORD);
      await page.getByLabel(texts.repeat).fill(PASSWORD);
      await page.getByRole('button', { name: texts.create }).click();
      await expect(page).toHaveURL(/\/onboarding\/confirmation$/);
      await shoot(page, 'confirmation');
    });
  });
}
