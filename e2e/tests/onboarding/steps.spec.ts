import {
  expectNoHeaderLogin,
  expectStep,
  TEXTS,
  toEmailStep,
  toPasswordStep,
  type Visit,
} from '../../fixtures/onboarding';
import { expect, test } from '../../fixtures/stack';
import { LU_URL } from '../../playwright.config';

/**
 * The onboarding's steps: reached in order, each named for what it asks
 * ("Step 2 of 5 · Your details") over a progress bar, no "Log in" in the
 * header on the way.
 */

test('an onboarding screen reached out of order goes back to the start', async ({ page }) => {
  await page.goto('/onboarding/password');
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Enter your card number' })).toBeVisible();
});

test('each step says "Step n of 5" and what it asks, over its bar; no "Log in" in the header', async ({
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
  // Back is the page's own: the details as given, and on again.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What is your name?');
  await expect(page.getByLabel('First name')).toHaveValue('Nina');
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
  await page.getByRole('link', { name: 'With an invitation code' }).click();
  await expect(page.getByText('Step 1 of 5 · Your invitation', { exact: true })).toBeVisible();

  // The LU variant in English (en_LU): the card is known by its activation code.
  await page.goto(`${LU_URL}/onboarding`);
  await expect(page.getByText('Step 1 of 5 · Your activation code', { exact: true })).toBeVisible();
});
