import { DEMO_PASSWORD, expect, outboxCode, test } from '../../fixtures/login';
import { authorizePath, PARTNER_CALLBACK, PARTNER_REQUEST } from '../../fixtures/partner';
import { screenshotter } from '../../fixtures/screenshots';
import { BE_URL, LU_URL } from '../../playwright.config';

/*
 * A partner's authorisation with JavaScript off (docs/flows.md, "Partner
 * authorisation"): the partner's link, signed out, goes through the sign-in
 * flow with the request as its target, then the consent the gateway draws
 * from its flow, whose plain form sends the browser to the partner's
 * callback. One language per journey: the visitor's, not the account's.
 */

const JOURNEYS = [
  // employee@example.be speaks Dutch; the visitor reads French.
  {
    variant: 'be',
    url: BE_URL,
    login: 'employee@example.be',
    visitor: 'fr',
    texts: {
      email: 'Adresse e-mail',
      password: 'Mot de passe',
      code: /^Code de vérification/,
      confirm: 'Confirmer',
      title: 'Autoriser l’accès',
      wants: 'Partner Shop souhaite accéder à votre compte.',
      allow: 'Autoriser',
      refuse: 'Refuser',
      // The journey is over: the account's language (Dutch) takes over.
      gone: 'Dit verzoek is niet meer geldig',
    },
  },
  // marie@example.lu speaks French; the visitor reads English.
  {
    variant: 'lu',
    url: LU_URL,
    login: 'marie@example.lu',
    visitor: 'en',
    texts: {
      email: 'E-mail address',
      password: 'Password',
      code: /^Verification code/,
      confirm: 'Confirm',
      title: 'Allow access',
      wants: 'Partner Shop wants to access your account.',
      allow: 'Allow',
      refuse: 'Refuse',
      // The journey is over: the account's language (French) takes over.
      gone: 'Cette demande n’est plus valable',
    },
  },
] as const;

const REQUEST = { ...PARTNER_REQUEST, state: 'no-script-state' };
const shoot = screenshotter('partner');

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const { variant, url, login: demo, visitor, texts } of JOURNEYS) {
    for (const answer of ['allow', 'refuse'] as const) {
      test(`${variant}: the partner's link, signed out, through sign-in and consent (${answer}) to the partner's callback`, async ({
        page,
        request,
        account,
      }) => {
        // A copy of the demo account, this test's own.
        const { login } = await account(demo);
        await page.context().addCookies([{ name: 'lang', value: visitor, url }]);
        await page.goto(`${url}${authorizePath(REQUEST)}`);
        await expect(page).toHaveURL(/\/login\/email\?target=%2Fauthorize%3F/);
        await page.getByLabel(texts.email).fill(login);
        await page.getByLabel(texts.password, { exact: true }).fill(DEMO_PASSWORD);
        await page.getByLabel(texts.password, { exact: true }).press('Enter');

        await expect(page).toHaveURL(`${url}/mfa`);
        await page.getByLabel(texts.code).fill(await outboxCode(request, login, variant));
        await page.getByRole('button', { name: texts.confirm }).click();

        // The consent, drawn by the gateway from its flow: nothing of the request in the address,
        // and the language the journey began in, not the account's.
        await expect(page).toHaveURL(`${url}/approve`);
        await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
        await expect(page.getByText(texts.wants)).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${visitor}`));
        // As drawn, before any script: phone- and desktop-sized, nothing overflowing.
        if (answer === 'allow') await shoot(page, `consent-without-javascript-${variant}`);

        // The gateway's 303 leads to the partner (nothing listens there: the address is watched).
        const leaving = page.waitForRequest((r) => r.url().startsWith(PARTNER_CALLBACK));
        await page.getByRole('button', { name: texts[answer], exact: true }).click();
        const back = new URL((await leaving).url());
        expect(`${back.origin}${back.pathname}`).toBe(PARTNER_CALLBACK);
        expect(back.searchParams.get('state')).toBe('no-script-state');
        if (answer === 'allow') {
          expect(back.searchParams.get('code')).toMatch(/^[\w-]{8,}$/);
          expect(back.searchParams.has('error')).toBe(false);
        } else {
          expect(back.searchParams.get('error')).toBe('access_denied');
          expect(back.searchParams.has('code')).toBe(false);
          // Answered: the consent page now says the request is over, in the account's language.
          const again = await page.context().newPage();
          await again.goto(`${url}/approve`);
          await expect(again.getByRole('heading', { level: 1 })).toHaveText(texts.gone);
          await expect(again.getByRole('button', { name: texts.allow })).toHaveCount(0);
          await shoot(again, `consent-gone-without-javascript-${variant}`);
        }
      });
    }
  }

  test('an invalid partner configuration shows the spec message and never leaves for the partner', async ({
    page,
  }) => {
    let leftToEvil = false;
    page.on('request', (r) => {
      if (new URL(r.url()).hostname === 'evil.example') leftToEvil = true;
    });
    await page.goto(authorizePath({ ...REQUEST, redirect_uri: 'https://evil.example/cb' }));
    await expect(page).toHaveURL(/\/approve\?error=invalid_configuration/);
    await expect(page.getByRole('alert')).toHaveText(
      "Oops. Seems like the partner you're coming from uses an invalid configuration.",
    );
    expect(leftToEvil).toBe(false);
  });
});
