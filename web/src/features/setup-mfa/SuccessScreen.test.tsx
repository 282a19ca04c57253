import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { withRealStack } from '../../test/stack';
import SuccessScreen from './SuccessScreen';

withRealStack();

const routes = [{ path: '/setup-mfa/success', element: <SuccessScreen /> }];

describe('/setup-mfa/success: Continue leads where the gateway checked the redirect to lead', () => {
  it('to the page the setup interrupted', async () => {
    await renderScreen(
      `/setup-mfa/success?redirect=${encodeURIComponent('/a/../user/access?tab=1')}`,
      routes,
    );
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/user/access?tab=1',
    );
  });

  it("to a partner's authorise request, as a real navigation to the gateway's URL", async () => {
    const authorize = '/authorize?client_id=101&state=s';
    await renderScreen(`/setup-mfa/success?redirect=${encodeURIComponent(authorize)}`, routes);
    const link = await screen.findByRole('link', { name: 'Continue' });
    expect(link.getAttribute('href')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/authorize\?client_id=101&state=s$/,
    );
  });

  it.each([
    '/.//127.0.0.1:3399/x',
    '/%2e//127.0.0.1:3399/x',
    '/a/..//127.0.0.1:3399/x',
    '//127.0.0.1:3399/x',
    'javascript:alert(1)',
  ])('nowhere for %j: no Continue, never a link to another host', async (target) => {
    await renderScreen(`/setup-mfa/success?redirect=${encodeURIComponent(target)}`, routes);
    // The ways on are drawn once the gateway answered; it refused Continue's target.
    expect(await screen.findByRole('link', { name: 'Go to the dashboard' })).toBeVisible();
    expect(document.querySelector('a[href*="127.0.0.1:3399"], a[href^="javascript"]')).toBeNull();
  });
});
