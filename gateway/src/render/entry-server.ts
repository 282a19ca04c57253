import type {
  ConsentView,
  DeletionStatus,
  ErrorBody,
  ForcedMfaRefusal,
  ForcedMfaView,
  LockdownView,
  MergeView,
  OnboardingRefusal,
  OnboardingView,
  PortalConfig,
  RecoveryRefusal,
  RecoveryView,
  SignInStepRefusal,
  SignInView,
  User,
  UsernamesView,
} from '@portal/contract';
import type { DrawnPage } from './assemble';

/** The web app's server bundle (`web/src/entry-server.tsx`, built into `dist/ssr`). */
export interface EntryServer {
  ENTRY_PAGES: readonly string[];
  /** The sign-in's second-factor steps, drawn from the visitor's flow (absent in older bundles). */
  SIGN_IN_STEP_PAGES?: readonly string[];
  /** The onboarding's pages, drawn from the visitor's onboarding flow (absent in older bundles). */
  ONBOARDING_STEP_PAGES?: readonly string[];
  /** The recovery journeys' step pages, drawn from the visitor's flow (absent in older bundles). */
  RECOVERY_STEP_PAGES?: readonly string[];
  /** The lock link's page, drawn from the visitor's lockdown flow (absent in older bundles). */
  LOCKDOWN_PAGES?: readonly string[];
  SIGNED_IN_PAGES: readonly string[];
  /** The partner's consent page, drawn for the signed-in user from the consent flow (absent in older bundles). */
  CONSENT_PAGES?: readonly string[];
  /** The weak-password page, drawn for the session it confines (absent in older bundles). */
  AFTER_SIGN_IN_PAGES?: readonly string[];
  /** Every screen's path in the app's route table: the pages' metrics labels. */
  APP_PATHS?: readonly string[];
  /** The source modules each entry page is drawn from (keys of Vite's manifest). */
  PAGE_SOURCES: Readonly<Record<string, readonly string[]>>;
  localeFor(config: PortalConfig, acceptLanguage?: string, remembered?: string): string;
  render(
    location: string,
    config: PortalConfig,
    locale: string,
    extras?: DrawExtras,
  ): Promise<DrawnPage>;
  renderSignedIn(
    location: string,
    config: PortalConfig,
    user: User,
    extras?: DrawExtras,
    locale?: string,
  ): Promise<DrawnPage | null>;
  warmSignedIn?(config: PortalConfig): Promise<void>;
}

/** A sign-in step's journey state, drawn into its page (`web/src/page-data.ts`). */
export interface DrawExtras {
  signIn?: SignInView | null;
  /** The consent page's flow view; null: no consent under way in this browser. */
  consent?: ConsentView | null;
  /** A password reset's step (`/forgot-password-sent`, `/reset-password`). */
  recovery?: RecoveryView | null;
  /** Forgot username's answer (`/forgot-username-response`). */
  usernames?: UsernamesView | null;
  /** The lock link's page: whose account the flow locks, or why not. */
  lockdown?: { view: LockdownView } | { refusal: ErrorBody };
  /** The duplicate merge's page (`/duplicated`): its flow's view; null: none under way. */
  merge?: MergeView | null;
  /** The deletion-pending page's: the deletion under way (`GET /api/user/deletion`), if read. */
  deletion?: DeletionStatus | null;
  /** `/setup-mfa`: the forced setup's flow view (null: none under way) and a refused form. */
  forcedMfa?: {
    view: ForcedMfaView | null;
    form?: {
      refusal: ForcedMfaRefusal;
      retryAfter?: number | undefined;
      /** The number typed (never the code). */
      values: { phone?: string };
    };
  };
  form?: {
    path: string;
    refusal: SignInStepRefusal | RecoveryRefusal;
    retryAfter?: number | undefined;
    /** What was typed that the page shows again (never a password or a code). */
    values: Record<string, string>;
  };
  /** An onboarding page: its flow's view, and a refused form (`web/src/lib/onboarding-flow.ts`). */
  onboarding?: {
    view: OnboardingView | null;
    form?: {
      path: string;
      status: number;
      refusal: OnboardingRefusal;
      retryAfter?: number | undefined;
      values: Record<string, string>;
    };
  };
}

/** What a render thread needs from the start: the bundle, the page's template and the styles. */
export interface RenderSetup {
  /** The server bundle's path. */
  bundle: string;
  /** The built `index.html`. */
  template: string;
  /** Each drawn page's inline styles, by path. */
  styles: Record<string, string>;
  /** A variant's config to load the signed-in pages' code and texts with at start, if any. */
  warm?: PortalConfig;
}

/**
 * One page to draw: an entry page for a signed-out visitor in `locale`, or a
 * signed-in page for `user` (the server bundle decides whether it draws it).
 * `styles` names the page whose inline styles it carries.
 */
export type RenderTask =
  | {
      kind: 'entry';
      location: string;
      config: PortalConfig;
      locale: string;
      styles: string;
      /** A sign-in step's journey state (its flow's view, a refused form). */
      extras?: DrawExtras;
    }
  | {
      kind: 'signed-in';
      location: string;
      config: PortalConfig;
      user: User;
      styles: string;
      /** A journey's step drawn for the user (the consent page): its state. */
      extras?: DrawExtras;
      /** The journey's language; absent: the account's. */
      locale?: string | undefined;
    };
