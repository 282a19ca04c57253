import { finishOnboarding, PASSWORD } from '../../fixtures/onboarding';
import { outboxCode } from '../../fixtures/portal';
import { reviewer } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/stack';
import { LU_URL } from '../../playwright.config';

/**
 * Onboarding with a card (an activation code in Luxembourg), with the
 * script: each screen checked by axe and photographed; the journey ends on
 * the drawn dashboard in at most 6 screens and leaves nothing in storage.
 */

const review = reviewer('onboarding');

test('onboarding by card 5065000000000001 ends on the dashboard in 6 screens, nothing stored', async ({
  page,
  context,
  request,
}) => {
  // Each screen gets the accessibility check and two photographs: more than 30 s on a busy machine.
  test.setTimeout(90_000);
  await page.goto('/login/email');
  // Every page the tab shows from the start of the onboarding (documents and in-app moves alike).
  const screens: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const path = new URL(frame.url()).pathname;
    if (screens.at(-1) !== path) screens.push(path);
  });
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);

  // The first step: the card number in groups of four, the steps that follow listed.
  await expect(page.getByRole('heading', { name: 'Enter your card number' })).toBeVisible();
  await expect(page.getByRole('list').getByRole('listitem')).toHaveText([
    'Your card',
    'Your details',
    'Your e-mail address',
    'Your mobile number',
    'Your password',
  ]);
  await page.getByLabel('Card number', { exact: true }).fill('1234');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card number is invalid.');
  await review(page, 'card with its error');
  await page.getByLabel('Card number', { exact: true }).fill('');
  await page.getByLabel('Card number', { exact: true }).pressSequentially('5065000000000001');
  await expect(page.getByLabel('Card number', { exact: true })).toHaveValue('5065 0000 0000 0001');
  await review(page, 'card');
  await page.getByRole('button', { name: 'Continue' }).click();

  await finishOnboarding(
    page,
    request,
    { email: { keep: 'new.employee@example.be' }, phone: '0470 11 22 33' },
    review,
  );

  await expect(page).toHaveURL(/\/onboarding\/confirmation$/);
  await expect(page.getByRole('heading', { name: 'Your card is activated' })).toBeVisible();
  await review(page, 'confirmation');
  const cookie = (await context.cookies()).find((c) => c.name === 'access_token');
  expect(cookie?.httpOnly).toBe(true);

  await page.getByRole('button', { name: 'Go to my account' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ivy');
  // Six screens before the dashboard: the card, the details, the e-mail, the phone, the
  // password and the confirmation (the codes on their address's page).
  expect(screens.slice(screens.indexOf('/onboarding'))).toEqual([
    '/onboarding',
    '/onboarding/create',
    '/onboarding/email-verification',
    '/onboarding/phone-verification',
    '/onboarding/password',
    '/onboarding/confirmation',
    '/user/dashboard',
  ]);
  // Nothing of the journey in the browser's storage: the device id and the language only
  // (`account` is the account's language, kept for the next visit's first paint).
  const stored = await page.evaluate(() => ({
    session: Object.keys(sessionStorage),
    local: Object.keys(localStorage),
  }));
  expect(stored.session).toEqual([]);
  for (const key of stored.local) expect(['device-id', 'lang', 'account']).toContain(key);
  // Nor in the flow cookie: spent with the journey.
  expect((await context.cookies()).find((c) => c.name === 'flow')).toBeUndefined();

  // The card belongs to the new account now: a second onboarding with it is sent to sign in.
  await page.getByRole('button', { name: /Log out|Afmelden/ }).click();
  await expect(page).toHaveURL(/\/login\/email/);
  await page.goto('/onboarding/card');
  await page.getByLabel('Card number', { exact: true }).fill('5065000000000001');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('heading', { name: 'This card already has an account' }),
  ).toBeVisible();
  await review(page, 'existingCard');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('card 5065000000000002: the account exists but the card activation failed', async ({
  page,
  request,
}) => {
  await page.goto('/onboarding');
  await page.getByLabel('Card number', { exact: true }).fill('5065000000000002');
  await page.getByRole('button', { name: 'Continue' }).click();
  await finishOnboarding(page, request, {
    email: { personal: 'sam.second@example.be', choice: true },
    phone: '0470 22 33 44',
  });
  await expect(
    page.getByRole('heading', {
      name: 'Your account is ready, but your card is not activated yet',
    }),
  ).toBeVisible();
  await expect(page.getByText('You can activate it later in the app.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact customer service' })).toBeVisible();
  await review(page, 'confirmation, activation failed');
  await page.getByRole('button', { name: 'Go to my account' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test.describe('Luxembourg', () => {
  // A browser language the LU variant does not offer: the variant's default, French.
  test.use({ locale: 'nl-BE' });

  test('LU onboarding with activation code LU-ACT-0001, in French', async ({ page, request }) => {
    await page.goto(`${LU_URL}/onboarding`);
    await expect(
      page.getByRole('heading', { name: 'Saisissez votre code d’activation' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-LU');
    await page.getByLabel('Code d’activation', { exact: true }).fill('LU-ACT-9999');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByRole('alert')).toHaveText('Votre code d’activation n’est pas valide.');
    await review(page, 'LU activation code with its error');
    await page.getByLabel('Code d’activation', { exact: true }).fill('lu-act-0001');
    await page.getByRole('button', { name: 'Continuer' }).click();

    await page.getByLabel('Prénom').fill('Luc');
    await page.getByLabel('Nom de famille').fill('Nouveau');
    await page.getByLabel('J’accepte les conditions générales').check();
    await page.getByLabel('J’accepte la politique de confidentialité').check();
    await page.getByLabel('Oui, tenez-moi informé(e)').check();
    await page.getByRole('button', { name: 'Continuer' }).click();

    await page.getByLabel('Adresse e-mail', { exact: true }).fill('luc.nouveau@example.lu');
    await page.getByRole('button', { name: 'M’envoyer un code' }).click();
    await expect(page.getByText(/Nous avons envoyé un code à 8 chiffres à/)).toBeVisible();
    await page
      .getByLabel('Code de vérification')
      .fill(await outboxCode(request, 'luc.nouveau@example.lu', 'lu'));

    // A Luxembourg number typed nationally.
    await page.getByLabel('Numéro de téléphone mobile', { exact: true }).fill('621 123 456');
    await page.getByRole('button', { name: 'M’envoyer un code' }).click();
    await expect(page.getByText(/par SMS au/)).toBeVisible();
    await page
      .getByLabel('Code de vérification')
      .fill(await outboxCode(request, '+352621123456', 'lu'));

    await expect(page.getByRole('list', { name: 'Où vos codes sont envoyés' })).toContainText(
      'Par SMS',
    );
    await review(page, 'LU password');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Répétez le nouveau mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByRole('heading', { name: 'Votre carte est activée' })).toBeVisible();
    await review(page, 'LU confirmation');
  });
});
