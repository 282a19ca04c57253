import { finishOnboarding, PASSWORD } from '../../fixtures/onboarding';
import { outboxCode } from '../../fixtures/portal';
import { reviewer } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/stack';
import { LU_URL } from '../../playwright.config';

/** Onboarding with a card (an activation code in Luxembourg): each screen checked by axe and photographed. */

const review = reviewer('onboarding');

test('onboarding by card 5065000000000001 ends signed in with "card activated"', async ({
  page,
  context,
  request,
}) => {
  // Ten screens each get the accessibility check and two photographs: more than 30 s on a busy machine.
  test.setTimeout(90_000);
  await page.goto('/login/email');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await review(page, 'onboarding start');
  await page.getByRole('link', { name: /With my card number/ }).click();

  await expect(page.getByRole('heading', { name: 'Enter your card number' })).toBeVisible();
  await page.getByLabel('Card number', { exact: true }).fill('1234');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card number is invalid.');
  await review(page, 'card with its error');
  await page.getByLabel('Card number', { exact: true }).fill('5065 0000 0000 0001');
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
  await expect(page.getByRole('button', { name: /Log out|Afmelden/ })).toBeVisible();

  // The card belongs to the new account now: a second onboarding with it is sent to sign in.
  await page.getByRole('button', { name: /Log out|Afmelden/ }).click();
  await page.goto('/onboarding/card');
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('link', { name: /With my card number/ }).click();
  await page.getByLabel('Card number', { exact: true }).fill('5065000000000001');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('heading', { name: 'This card already has an account' }),
  ).toBeVisible();
  await review(page, 'existingCard');
});

test('card 5065000000000002: the account exists but the card activation failed', async ({
  page,
  request,
}) => {
  await page.goto('/onboarding');
  await page.getByRole('link', { name: /With my card number/ }).click();
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
    await expect(page.getByRole('heading', { name: 'Créer votre compte' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-LU');
    await review(page, 'LU onboarding start');
    await page.getByRole('link', { name: /Avec mon code d’activation/ }).click();

    await expect(
      page.getByRole('heading', { name: 'Saisissez votre code d’activation' }),
    ).toBeVisible();
    await page.getByLabel('Code d’activation', { exact: true }).fill('LU-ACT-9999');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByRole('alert')).toHaveText('Votre code d’activation n’est pas valide.');
    await review(page, 'LU activation code with its error');
    await page.getByLabel('Code d’activation', { exact: true }).fill('lu-act-0001');
    await page.getByRole('button', { name: 'Continuer' }).click();

    await expect(page.getByText('Nous avons reconnu votre code d’activation.')).toBeVisible();
    await page.getByRole('link', { name: 'Commencer' }).click();
    await page.getByLabel('J’accepte les conditions générales').check();
    await page.getByLabel('J’accepte la politique de confidentialité').check();
    await page.getByLabel('Oui, tenez-moi informé(e)').check();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByLabel('Prénom').fill('Luc');
    await page.getByLabel('Nom de famille').fill('Nouveau');
    await page.getByRole('button', { name: 'Continuer' }).click();

    await page.getByLabel('Adresse e-mail', { exact: true }).fill('luc.nouveau@example.lu');
    await page.getByRole('button', { name: 'M’envoyer un code' }).click();
    await expect(page.getByText(/Nous avons envoyé un code à 8 chiffres à/)).toBeVisible();
    await page
      .getByLabel('Code de vérification')
      .fill(await outboxCode(request, 'luc.nouveau@example.lu', 'lu'));
    await page.getByRole('button', { name: 'Confirmer' }).click();

    // A Luxembourg number typed nationally.
    await page.getByLabel('Numéro de téléphone mobile', { exact: true }).fill('621 123 456');
    await page.getByRole('button', { name: 'M’envoyer un code' }).click();
    await expect(page.getByText(/par SMS au/)).toBeVisible();
    await page
      .getByLabel('Code de vérification')
      .fill(await outboxCode(request, '+352621123456', 'lu'));
    await page.getByRole('button', { name: 'Confirmer' }).click();

    await expect(
      page.getByRole('heading', { name: 'La vérification en deux étapes protège votre compte' }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Où vos codes sont envoyés' })).toContainText(
      'Par SMS',
    );
    await review(page, 'LU onboarding-mfa');
    await page.getByRole('button', { name: 'Continuer' }).click();

    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Répétez le nouveau mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByRole('heading', { name: 'Votre carte est activée' })).toBeVisible();
    await review(page, 'LU confirmation');
  });
});
