import type {
  ConsentView,
  DeletionStatus,
  Locale,
  MergeView,
  PortalConfig,
  RecoveryView,
  SignInView,
  User,
  UsernamesView,
} from '@portal/contract';
import type { ForcedMfaDraw } from './features/forced-mfa/flow';
import type { PageTexts } from './i18n/i18n';
import type { LockdownRead } from './lib/lockdown';
import type { OnboardingDraw } from './lib/onboarding-flow';
import type { DrawnForm } from './lib/sign-in-flow';

/**
 * What a server-drawn page carries for its first client render, in
 * `<script type="application/json" id="page-data">` (data, not code: the CSP
 * allows it): the variant's config, the language and the texts the server
 * drew with (and, signed in, the user), so that hydration draws the same page
 * without a request.
 */
export interface PageData {
  config: PortalConfig;
  locale: Locale;
  texts: PageTexts;
  /**
   * On a signed-in page the gateway drew (the dashboard): the user it drew it
   * for, as `GET /api/user` answered this request. Absent on a signed-out page.
   */
  user?: User;
  /**
   * On a sign-in step page (`/mfa`, `/mfa/methods`): the flow's view the
   * gateway drew it with; null when this browser has no sign-in under way.
   */
  signIn?: SignInView | null;
  /** On a password reset's step page: the flow's view; null when no reset is under way. */
  recovery?: RecoveryView | null;
  /** On forgot username's answer page: the usernames found; null when none were looked up. */
  usernames?: UsernamesView | null;
  /** A step sent as a form without script and refused: the page says why, at its field. */
  form?: DrawnForm;
  /** On an onboarding page: its flow's view (null: none under way) and a refused form. */
  onboarding?: OnboardingDraw;
  /**
   * On the consent page (`/approve`): the consent flow's view the gateway drew
   * it with, in the journey's language; null when no consent is under way.
   */
  consent?: ConsentView | null;
  /** On the lock link's page (`/lock-account`): whose account its flow locks, or why not. */
  lockdown?: LockdownRead;
  /** On the duplicate merge's page (`/duplicated`): its flow's view; null when none is under way. */
  merge?: MergeView | null;
  /** The deletion-pending page's: the deletion under way (`GET /api/user/deletion`'s answer). */
  deletion?: DeletionStatus | null;
  /** On the forced second-factor setup (`/setup-mfa`): its flow's view and a refused form. */
  forcedMfa?: ForcedMfaDraw;
}

/** What the gateway adds to a drawn page beyond its location: the journey's state. */
export interface DrawExtras {
  signIn?: SignInView | null;
  recovery?: RecoveryView | null;
  usernames?: UsernamesView | null;
  form?: DrawnForm;
  onboarding?: OnboardingDraw;
  consent?: ConsentView | null;
  lockdown?: LockdownRead;
  merge?: MergeView | null;
  /** The deletion-pending page's: the deletion under way (`GET /api/user/deletion`'s answer). */
  deletion?: DeletionStatus | null;
  /** On the forced second-factor setup (`/setup-mfa`): its flow's view and a refused form. */
  forcedMfa?: ForcedMfaDraw;
}

export const PAGE_DATA_ID = 'page-data';

/** The page's data block, or null on a page the server did not draw. */
export function readPageData(): PageData | null {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null;
  }
}
