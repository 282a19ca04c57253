import { SESSION_PAGES, setupFirst } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  decide,
  type GuardInput,
  type GuardUser,
  isPartnerLogin,
  targetClientOf,
} from './guard-rules';
import { type RouteName, routeNameOf } from './routes';

const plain: GuardUser = { mfa_forced: false, password_status: 0 };
const forced: GuardUser = { mfa_forced: true, password_status: 0 };
const weak: GuardUser = { mfa_forced: false, password_status: 1 };

function input(to: RouteName | null, over: Partial<GuardInput> = {}): GuardInput {
  return {
    to,
    from: null,
    path: '/somewhere',
    user: null,
    targetClientId: null,
    ...over,
  };
}

describe('public routes (docs/product.md part 4): a signed-in user goes home', () => {
  const publicRoutes: RouteName[] = [
    'login.email',
    'login.phone',
    'forgot-password',
    'forgot-password.email',
    'forgot-password.phone',
    'forgot-password-sent',
    'reset-password',
    'reset-password-confirmed',
    'forgot-username',
    'onboarding',
    'onboarding.existingCard',
    'partner.link-existing',
    'partner.no-account',
    'sso.callback',
  ];
  it.each(publicRoutes)('%s: shown to a visitor, home for a signed-in user', (to) => {
    expect(decide(input(to))).toEqual({ kind: 'render' });
    expect(decide(input(to, { user: plain }))).toEqual({ kind: 'redirect', to: '/' });
  });
  it('a weak session goes to the weak-password screen, then back to the page it asked for', () => {
    const weak = { ...plain, password_status: 1 };
    expect(decide(input('profile', { user: weak, path: '/profile' }))).toEqual({
      kind: 'redirect',
      to: '/weak-password?verified=true&target=%2Fprofile',
    });
  });
});

describe('a signed-in visit to a signed-out page (every door leaves by a real navigation)', () => {
  it.each(['weak-password', 'login.email'] as const)('%s: goes home', (to) => {
    expect(decide(input(to, { user: { ...plain } }))).toEqual({ kind: 'redirect', to: '/' });
  });
});

describe('the legal documents the onboarding links to', () => {
  it.each(['legal.terms', 'legal.privacy'] as const)(
    '%s: open to visitors and signed-in users',
    (to) => {
      expect(decide(input(to))).toEqual({ kind: 'render' });
      expect(decide(input(to, { user: plain }))).toEqual({ kind: 'render' });
      expect(routeNameOf(`/${to.replace('.', '/')}`)).toBe(to);
    },
  );
});

describe('other routes (docs/product.md part 4): a visitor signs in first, keeping the target', () => {
  it.each([
    ['user.dashboard', '/user/dashboard', '/login/email?target=%2Fuser%2Fdashboard'],
    [
      'security.history',
      '/security/history?page=2',
      '/login/email?target=%2Fsecurity%2Fhistory%3Fpage%3D2',
    ],
    ['approve', '/approve?client_id=101', '/login/email?target=%2Fapprove%3Fclient_id%3D101'],
    ['setup-mfa', '/setup-mfa', '/login/email?target=%2Fsetup-mfa'],
  ] as const)('%s', (to, path, expected) => {
    expect(decide(input(to, { path }))).toEqual({ kind: 'redirect', to: expected });
  });

  it('sends a signed-out visitor of the merge to the sign-in (the merge is a signed-in flow)', () => {
    expect(decide(input('duplicated', { path: '/duplicated' }))).toEqual({
      kind: 'redirect',
      to: '/login/email?target=%2Fduplicated',
    });
  });

  it.each([
    ['mfa-methods', 'render'],
    ['mfa', 'render'],
    ['mfa-totp-recovery', 'redirect'],
  ] as const)('%s, a sign-in step the gateway draws from its flow: %s', (to, kind) => {
    expect(decide(input(to)).kind).toBe(kind);
  });

  it('shows the maintenance screen to anyone', () => {
    expect(decide(input('maintenance'))).toEqual({ kind: 'render' });
    expect(decide(input('maintenance', { user: forced }))).toEqual({ kind: 'render' });
  });
});

describe('unknown paths go home', () => {
  it.each([
    ['/nowhere', null],
    ['/user/dashboard/extra', null],
    ['/security/history', 'security.history'],
    ['/sso/acme/login/callback', 'sso.callback'],
    ['/login/email/', 'login.email'],
  ] as const)('%s is %s', (path, name) => {
    expect(routeNameOf(path)).toBe(name);
  });
  it('redirects an unknown route home', () => {
    expect(decide(input(null, { user: plain }))).toEqual({ kind: 'redirect', to: '/' });
    expect(decide(input(null))).toEqual({ kind: 'redirect', to: '/' });
  });
});

describe('sensitive routes need a recent MFA check', () => {
  it.each([
    'security.mfa-edit',
    'security.edit-recovery',
    'security.edit-password',
    'profile.edit-credentials',
    'partner.link-success',
  ] as const)('%s', (to) => {
    expect(decide(input(to, { user: plain }))).toEqual({ kind: 'stepUp' });
  });
  it.each(['security', 'security.history', 'profile', 'user.access'] as const)(
    '%s is not sensitive',
    (to) => {
      expect(decide(input(to, { user: plain }))).toEqual({ kind: 'render' });
    },
  );
});

describe('forced MFA (docs/product.md part 4)', () => {
  it.each([
    [null, 'redirect'],
    ['2', 'redirect'],
    ['17', 'redirect'],
    ['51', 'redirect'],
    ['66', 'redirect'],
    ['101', 'render'],
  ] as const)('target client %s: %s', (targetClientId, kind) => {
    expect(decide(input('user.dashboard', { user: forced, targetClientId })).kind).toBe(kind);
  });

  it('goes to setup-mfa, the page asked for as its target', () => {
    expect(decide(input('user.dashboard', { user: forced }))).toEqual({
      kind: 'redirect',
      to: '/setup-mfa?redirect=%2Fsomewhere',
    });
  });

  it.each([
    'setup-mfa',
    'setup-mfa.selection',
    'setup-mfa.totp',
    'setup-totp.success',
    'duplicated',
    'fuzzion-success',
    'mfa',
    'mfa-methods',
    'mfa-totp-recovery',
  ] as const)('%s is exempt', (to) => {
    expect(decide(input(to, { user: forced }))).toEqual({ kind: 'render' });
  });

  it('leaving setup-mfa while forced signs out to login.email', () => {
    expect(decide(input('user.dashboard', { user: forced, from: 'setup-mfa.email' }))).toEqual({
      kind: 'logout',
      to: '/login/email',
    });
    expect(decide(input('user.dashboard', { user: forced, from: 'user.dashboard' }))).toEqual({
      kind: 'redirect',
      to: '/setup-mfa?redirect=%2Fsomewhere',
    });
  });

  it('does not apply to a user who is not forced', () => {
    expect(decide(input('user.dashboard', { user: plain, from: 'setup-mfa.email' }))).toEqual({
      kind: 'render',
    });
  });
});

describe('weak password (docs/product.md part 4, Login 5)', () => {
  it('keeps a weak user on weak-password with verified=true, and where they were going', () => {
    expect(decide(input('user.dashboard', { user: weak }))).toEqual({
      kind: 'redirect',
      to: '/weak-password?verified=true&target=%2Fsomewhere',
    });
    expect(decide(input('weak-password', { user: weak }))).toEqual({ kind: 'render' });
    expect(decide(input('weak-password', { user: plain }))).toEqual({ kind: 'redirect', to: '/' });
  });
});

describe('onboarding pages and edit-info', () => {
  // The onboarding's order is the gateway's flow (docs/flows.md, "Onboarding"): the guard
  // shows its pages wherever the person comes from, as the gateway drew them.
  const onboardingPages: RouteName[] = [
    'onboarding',
    'onboarding.card',
    'onboarding.code',
    'onboarding.create',
    'onboarding.email-verification',
    'onboarding.phone-verification',
    'onboarding.password',
  ];

  it.each(onboardingPages)('%s renders for a visitor, from anywhere or nowhere', (to) => {
    expect(decide(input(to, { from: null }))).toEqual({ kind: 'render' });
    expect(decide(input(to, { from: 'login.email' }))).toEqual({ kind: 'render' });
  });

  it('the confirmation shows to the user its password step just signed in', () => {
    expect(
      decide(input('onboarding.confirmation', { user: plain, from: 'onboarding.password' })),
    ).toEqual({ kind: 'render' });
  });

  it('onboarding start and existingCard are reached from anywhere', () => {
    expect(decide(input('onboarding', { from: 'login.email' }))).toEqual({ kind: 'render' });
    expect(decide(input('onboarding.existingCard'))).toEqual({ kind: 'render' });
  });

  it('edit-info only from the profile', () => {
    expect(decide(input('profile.edit-info', { user: plain, from: 'profile' }))).toEqual({
      kind: 'render',
    });
    expect(decide(input('profile.edit-info', { user: plain, from: 'security' }))).toEqual({
      kind: 'redirect',
      to: '/profile',
    });
    expect(decide(input('profile.edit-info', { user: plain }))).toEqual({
      kind: 'redirect',
      to: '/profile',
    });
  });
});

describe('target client and partner-login', () => {
  it.each([
    ['?client_id=101', '101', true],
    ['?client_id=17', '17', false],
    [`?target=${encodeURIComponent('/authorize?client_id=101&redirect_uri=x')}`, '101', true],
    [`?redirect=${encodeURIComponent('/authorize?client_id=2')}`, '2', false],
    ['?target=%2Fuser%2Fdashboard', null, false],
    ['', null, false],
  ] as const)('%s → %s (partner %s)', (search, client, partner) => {
    expect(targetClientOf(search)).toBe(client);
    expect(isPartnerLogin(search)).toBe(partner);
  });
});

describe('the pages that need a session (the gateway sends a signed-out visit there first)', () => {
  it.each(SESSION_PAGES)(
    '%s: the guard sends an in-app visit without a user to the sign-in, as the gateway does',
    (path) => {
      const to = routeNameOf(path);
      expect(to, `${path} is a route of the app`).not.toBeNull();
      // Arriving from itself: the order rules (edit-info from the profile) are not what is tested.
      expect(decide(input(to, { path, from: to }))).toEqual({
        kind: 'redirect',
        to: `/login/email?${new URLSearchParams({ target: path })}`,
      });
    },
  );

  it.each(SESSION_PAGES)(
    '%s: a forced account goes to the setup in the app exactly where the gateway sends it',
    (path) => {
      const to = routeNameOf(path);
      const decision = decide(input(to, { path, from: to, user: forced }));
      if (setupFirst(path)) {
        expect(decision).toEqual({
          kind: 'redirect',
          to: `/setup-mfa?${new URLSearchParams({ redirect: path })}`,
        });
      } else {
        expect(decision).toEqual({ kind: 'render' });
      }
    },
  );

  it('the consent page says an invalid partner configuration to anyone, and is never a forced MFA setup', () => {
    const path = '/approve?error=invalid_configuration&partner=1';
    expect(decide(input('approve', { path }))).toEqual({ kind: 'render' });
    expect(decide(input('approve', { path: '/approve', user: forced }))).toEqual({
      kind: 'render',
    });
  });
});
