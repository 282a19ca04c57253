import {
  expectStep,
  PASSWORD,
  TEXTS,
  toEmailStep,
  toPasswordStep,
  type Visit,
} from '../../fixtures/onboarding';
import { expectInformalDutch, screenshotter } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/stack';

/** Every onboarding step photographed in each Belgian language (e2e/artifacts/screenshots/onboarding-polish-*.png). */

for (const language of ['en', 'fr', 'nl'] as const) {
  test.describe(`screens in ${language}`, () => {
    test.use({ locale: `${language}-BE` });

    test(`every onboarding step in ${language}, at 375 and 1280 px, nothing wider than a phone`, async ({
      page,
      request,
      account,
    }) => {
      const emma = await account();
      test.setTimeout(120_000);
      const texts = TEXTS[language];
      const shoot = screenshotter(`onboarding-polish-${language}`);
      const visit: Visit = async (step, what) => {
        if (step !== null) await expectStep(page, step, texts);
        await shoot(page, what);
        // The onboarding once said "u" where the rest of the product says "je".
        if (language === 'nl') await expectInformalDutch(page, `onboarding ${what}`);
      };
      await toEmailStep(page, texts, visit);
      // An address in use is answered as a free one: the code step, which says what a
      // missing code may mean, with the two ways on (docs/security.md, V6.3).
      await page.getByLabel(texts.email, { exact: true }).fill(emma.login);
      await page.getByRole('button', { name: texts.send }).click();
      await expect(page.getByLabel(texts.code)).toBeVisible();
      await shoot(page, 'email-code-no-code-hint');
      await page.getByRole('button', { name: texts.changeEmail }).click();
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
