import { expect, test } from '../../fixtures/login';
import { handoverToken } from '../../fixtures/portal';

/** Signing in from a first-party app's link: `#token=…` in the address (docs/flows.md, Sign-in). */

test('arriving with a token in the address hash signs in and clears the hash', async ({
  page,
  request,
}) => {
  const hashToken = await handoverToken(request, 'customer@example.be');

  await page.goto(`/user/dashboard#token=${hashToken}&payload=p1&origin-app=mobile-app`);
  // Chloé is a customer without MFA: the offer to set it up comes first, in her language.
  await expect(page).toHaveURL(/\/setup-mfa\?redirect=%2Fuser%2Fdashboard$/);
  expect(new URL(page.url()).hash).toBe('');
  await page.getByRole('button', { name: 'Passer pour le moment' }).click();
  await expect(page.getByRole('heading', { name: 'Bienvenue, Chloé' })).toBeVisible();
  // The same token does not work twice.
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login\/email$/);
  await page.goto(`/user/dashboard#token=${hashToken}`);
  await expect(page.getByRole('alert')).toHaveText(
    'Ce lien de connexion n’est plus valable. Veuillez vous connecter.',
  );
});
