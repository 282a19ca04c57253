import {
  ActivationCode,
  CardNumber,
  Email,
  InvitationCode,
  type Language,
  NewPassword,
  ONBOARDING_PAGES,
  OnboardingField,
  type OnboardingFlowStep,
  type OnboardingNext,
  type OnboardingOutcome,
  type OnboardingRefusal,
  type OnboardingView,
  PersonName,
} from '@portal/contract';
import { toE164 } from '@portal/contract/rules';
import type { FastifyRequest } from 'fastify';
import { GatewayError } from '../errors';
import { startSession, upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { variantLanguages } from '../variant';
import { languageOf } from './sign-in';
import { currentFlow, endFlow, type Flow, saveFlow, startFlow } from './store';

/*
 * The onboarding journey (docs/flows.md, "Onboarding"; docs/product.md part 4,
 * onboarding order), owned by the gateway: card (LU activation code) or
 * invitation code, "Your details" (names, terms, privacy, marketing), the
 * e-mail address and its code, the mobile number and its code, the password
 * (which creates the account and signs in), the confirmation, the dashboard.
 * The account API's payload, the names and the choices stay here; the
 * browser holds the flow's id only and follows the `next` each step answers.
 *
 *   state        step sent   account API says            next state     the browser goes to
 *   (any|none)   start       200 payload                 details        /onboarding/create
 *   (any|none)   start       200 existingAccount         existing       /onboarding/existingCard
 *   (any|none)   start       400 / 404                   (unchanged)    same page, at the field
 *   details      details     -                           email          /onboarding/email-verification
 *   email(-code) email       200 code sent               email-code     /onboarding/email-verification
 *   email-code   code        200                         phone          /onboarding/phone-verification
 *   email-code   code        422 wrong / expired         email-code     same page, at the code
 *   phone(-code) phone       200 code sent               phone-code     /onboarding/phone-verification
 *   phone-code   code        200                         password       /onboarding/password
 *   *-code       resend      200 code sent again         (unchanged)    same page
 *   password     password    200, then terms 200         done           /onboarding/confirmation (signed in)
 *   password     password    400 rules / 422 breached    password       same page, at the password
 *   done         continue    -                           (spent)        /user/dashboard
 *   email-done   continue    -                           phone|phone-done
 *   phone-done   continue    -                           password
 *   back: details → the start page · email, email-done → details · email-code → email ·
 *         phone, phone-done → email-done · phone-code → phone · password → phone-done ·
 *         existing → the start page (spent) · done: none (the account exists)
 *   an account API 404 (its payload expired): (spent), 410; anything else out of turn: 409
 *
 * `email-done` and `phone-done` are the confirmed address and number shown
 * again after Back: the account API takes each only once, in its order.
 */

export const ONBOARDING = 'onboarding';

type Step = OnboardingFlowStep;

export interface OnboardingState {
  step: Step;
  source: 'card' | 'code';
  /** The card number, activation code or invitation code, as the account API took it. */
  entry: string;
  /** The account API's handle on its onboarding. */
  payload: string;
  currentEmail: string | null;
  details: { firstname: string; lastname: string; marketing: boolean } | null;
  /** The e-mail chosen: what was sent (to send it again) and where the code went. */
  email: {
    choice: { email: string } | { keep_current: true };
    to: string;
    login: string | null;
    verified: boolean;
  } | null;
  phone: { e164: string; verified: boolean } | null;
  outcome: OnboardingOutcome | null;
  existingUsername: string | null;
}

type OnboardingFlow = Flow<OnboardingState>;

export interface OnboardingRefused {
  status: 400 | 409 | 410 | 429;
  body: OnboardingRefusal;
  retryAfter?: string | undefined;
}
export type OnboardingResult = { status: 200; body: OnboardingNext } | OnboardingRefused;

const refused = (
  status: OnboardingRefused['status'],
  code: string,
  message: string,
  field?: OnboardingField,
  extra: Partial<OnboardingRefusal> = {},
): OnboardingRefused => ({
  status,
  body: { code, message, ...(field ? { field } : {}), ...extra },
});

/** docs/product.md part 8's words for an onboarding that is over (expired, complete or never started). */
export const ONBOARDING_GONE = refused(
  410,
  'flow_gone',
  'This account creation has expired or is already complete. Please start again.',
);
/** The fields of the onboarding's forms a refusal is said at (`flows/forms.ts`). */
export const ONBOARDING_REFUSAL_FIELDS: ReadonlySet<string> = new Set(OnboardingField.options);

const OUT_OF_ORDER = refused(
  409,
  'flow_step',
  'This step does not belong here: the account creation is at another step.',
);

/** The card number in groups of four, as printed on the card. */
export const groupedCard = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** What the onboarding's pages draw: no payload. */
export function onboardingViewOf(flow: OnboardingFlow): OnboardingView {
  const { state } = flow;
  return {
    step: state.step,
    source: state.source,
    entry: /^\d{16}$/.test(state.entry) ? groupedCard(state.entry) : state.entry,
    currentEmail: state.currentEmail,
    details: state.details,
    email: state.email && {
      to: state.email.to,
      login: state.email.login,
      verified: state.email.verified,
    },
    phone: state.phone && { to: state.phone.e164, verified: state.phone.verified },
    outcome: state.outcome,
    existingUsername: state.existingUsername,
  };
}

/** The start page of an onboarding by `source`. */
export const startPageOf = (source: 'card' | 'code') =>
  source === 'card' ? '/onboarding' : '/onboarding/code';

/** The page a flow is at. */
export const onboardingPageOf = (flow: OnboardingFlow) => ONBOARDING_PAGES[flow.state.step];

const DASHBOARD = '/user/dashboard';

type Reply = Parameters<typeof startSession>[1] & Parameters<typeof endFlow>[1];

/** Moves the flow to `step` (with `change`), stored; its page is next. */
async function moveTo(
  request: FastifyRequest,
  id: string,
  flow: OnboardingFlow,
  step: Step,
  change: Partial<OnboardingState> = {},
): Promise<OnboardingResult> {
  const next: OnboardingFlow = { ...flow, state: { ...flow.state, ...change, step } };
  await saveFlow(request, id, next);
  return {
    status: 200,
    body: { next: ONBOARDING_PAGES[step], view: onboardingViewOf(next) },
  };
}

/**
 * The language the account is created in: the journey's (the visitor's
 * choice, else the browser's first one the variant offers, else the
 * variant's fallback), as its pages were drawn.
 */
function journeyLanguage(request: FastifyRequest, flow: OnboardingFlow): Language {
  const offered = variantLanguages(request.variant).map((locale) => locale.slice(0, 2));
  const wanted = [
    flow.language.chosen,
    ...(flow.language.accept ?? '')
      .split(',')
      .map((part) => part.split(';')[0]?.trim().slice(0, 2).toLowerCase()),
  ];
  const found = wanted.find((language) => language && offered.includes(language));
  return (found ?? (request.variant === 'lu' ? 'fr' : 'en')) as Language;
}

/** An account API answer that is not the step's 200, as the step answers it. */
async function upstreamRefusal(
  request: FastifyRequest,
  reply: Reply,
  id: string,
  res: { status: number; body: unknown; headers: Headers },
  field: OnboardingField,
): Promise<OnboardingRefused> {
  const body = (res.body ?? {}) as { code?: string; message?: string };
  if (res.status === 404) {
    // Its payload expired (an hour) or is spent: the journey starts again.
    await endFlow(request, reply, id);
    return ONBOARDING_GONE;
  }
  if (res.status === 409 && body.code === 'wrong_step') return OUT_OF_ORDER;
  if (res.status === 429) {
    return {
      ...refused(429, body.code ?? 'rate_limited', body.message ?? 'Too many tries.', field),
      retryAfter: res.headers.get('retry-after') ?? undefined,
    };
  }
  const issues = (res.body as { issues?: OnboardingRefusal['issues'] } | null)?.issues;
  return refused(
    400,
    body.code ?? 'invalid',
    body.message ?? 'This was refused.',
    field,
    issues ? { issues } : {},
  );
}

/** The first message of a failed field check. */
const firstIssue = (error: { issues: { message: string }[] }, fallback: string) =>
  error.issues[0]?.message ?? fallback;

/** The flow at one of `steps`, or why the step is refused. */
async function at(
  request: FastifyRequest,
  steps: readonly Step[],
): Promise<{ id: string; flow: OnboardingFlow } | OnboardingRefused> {
  const current = await currentFlow<OnboardingState>(request, ONBOARDING);
  if (!current) return ONBOARDING_GONE;
  return steps.includes(current.flow.state.step) ? current : OUT_OF_ORDER;
}

const isRefused = (value: object): value is OnboardingRefused => 'status' in value;

/** Sends the e-mail step's code to the choice kept in the flow. */
async function sendEmail(
  request: FastifyRequest,
  reply: Reply,
  id: string,
  flow: OnboardingFlow,
  choice: { email: string } | { keep_current: true },
): Promise<OnboardingResult> {
  const res = await upstreamOf(request).onboarding.sendEmailCode({
    body: { payload: flow.state.payload, ...choice },
    extraHeaders: upstreamHeaders(request),
  });
  if (res.status !== 200) return upstreamRefusal(request, reply, id, res, 'email');
  const typed = 'email' in choice ? choice.email : null;
  return moveTo(request, id, flow, 'email-code', {
    payload: res.body.payload,
    // The address typed here is shown in full; the card's kept one as the account API masks it.
    email: { choice, to: typed ?? res.body.recipient ?? '', login: typed, verified: false },
  });
}

/** Sends the phone step's code by SMS to `e164`. */
async function sendPhone(
  request: FastifyRequest,
  reply: Reply,
  id: string,
  flow: OnboardingFlow,
  e164: string,
): Promise<OnboardingResult> {
  const res = await upstreamOf(request).onboarding.sendPhoneCode({
    body: { payload: flow.state.payload, phone: e164 },
    extraHeaders: upstreamHeaders(request),
  });
  if (res.status !== 200) return upstreamRefusal(request, reply, id, res, 'phone');
  return moveTo(request, id, flow, 'phone-code', {
    payload: res.body.payload,
    phone: { e164, verified: false },
  });
}

/** The previous step of each (Back), or null: the start page. */
const BACK: Record<Step, Step | null> = {
  details: null,
  email: 'details',
  'email-code': 'email',
  'email-done': 'details',
  phone: 'email-done',
  'phone-code': 'phone',
  'phone-done': 'email-done',
  password: 'phone-done',
  done: null,
  existing: null,
};

/** The steps of the journey: each is one contract operation (`portalApi.onboardingFlow`). */
export const onboardingSteps = {
  /** The card number (BE), activation code (LU) or invitation code: always a new journey. */
  async start(
    request: FastifyRequest,
    reply: Reply,
    input: { card: string; invitation: string },
  ): Promise<OnboardingResult> {
    const lu = request.variant === 'lu';
    const source = input.invitation.trim() !== '' ? 'code' : 'card';
    let body: { card_number: string } | { activation_code: string } | { invitation_code: string };
    let field: OnboardingField;
    if (source === 'code') {
      field = 'invitation';
      const code = InvitationCode.safeParse(input.invitation);
      if (!code.success) return refused(400, 'invitation_invalid', 'The code is invalid.', field);
      body = { invitation_code: code.data };
    } else if (lu) {
      field = 'card';
      const code = ActivationCode.safeParse(input.card);
      if (!code.success) {
        return refused(400, 'activation_code_invalid', 'Your activation code is invalid.', field);
      }
      body = { activation_code: code.data };
    } else {
      field = 'card';
      // Spaces, dots and dashes as printed or grouped are not part of the number.
      const card = CardNumber.safeParse(input.card.replace(/[\s.-]/g, ''));
      if (!card.success) return refused(400, 'card_invalid', 'Your card number is invalid.', field);
      body = { card_number: card.data };
    }
    const res = await upstreamOf(request).onboarding.start({
      body,
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status !== 200) {
      const answer = res.body as { code?: string; message?: string };
      return refused(400, answer.code ?? 'invalid', answer.message ?? 'Invalid.', field);
    }
    const entry = Object.values(body)[0] as string;
    const base: OnboardingState = {
      step: 'details',
      source,
      entry,
      payload: '',
      currentEmail: null,
      details: null,
      email: null,
      phone: null,
      outcome: null,
      existingUsername: null,
    };
    const state: OnboardingState =
      'existingAccount' in res.body
        ? { ...base, step: 'existing', existingUsername: res.body.existingAccount.username }
        : { ...base, payload: res.body.payload, currentEmail: res.body.currentEmail };
    const flow: OnboardingFlow = {
      journey: ONBOARDING,
      language: languageOf(request),
      target: null,
      state,
      expiresAt: 0,
    };
    await startFlow(request, reply, flow);
    return {
      status: 200,
      body: { next: ONBOARDING_PAGES[state.step], view: onboardingViewOf(flow) },
    };
  },

  /** "Your details": names, the terms and the privacy policy (both required), marketing optional. */
  async details(
    request: FastifyRequest,
    _reply: Reply,
    input: {
      firstname: string;
      lastname: string;
      terms: boolean;
      privacy: boolean;
      marketing: boolean;
    },
  ): Promise<OnboardingResult> {
    const current = await at(request, ['details']);
    if (isRefused(current)) return current;
    const { id, flow } = current;
    for (const name of ['firstname', 'lastname'] as const) {
      const checked = PersonName.safeParse(input[name]);
      if (!checked.success) {
        return refused(400, 'required', firstIssue(checked.error, 'Required.'), name);
      }
    }
    if (!input.terms) {
      return refused(400, 'terms_required', 'The terms must be accepted.', 'terms');
    }
    if (!input.privacy) {
      return refused(400, 'privacy_required', 'The privacy policy must be accepted.', 'privacy');
    }
    const details = {
      firstname: input.firstname.trim(),
      lastname: input.lastname.trim(),
      marketing: input.marketing,
    };
    return moveTo(request, id, flow, flow.state.email?.verified ? 'email-done' : 'email', {
      details,
    });
  },

  /** The e-mail address (a personal one, or the card's kept): its code is sent. */
  async email(
    request: FastifyRequest,
    reply: Reply,
    input: { email: string; keep: boolean },
  ): Promise<OnboardingResult> {
    const current = await at(request, ['email', 'email-code']);
    if (isRefused(current)) return current;
    const { id, flow } = current;
    if (input.keep) {
      if (!flow.state.currentEmail) {
        return refused(
          400,
          'no_current_email',
          'There is no current e-mail address for this card: give one.',
          'email',
        );
      }
      return sendEmail(request, reply, id, flow, { keep_current: true });
    }
    const email = Email.safeParse(input.email);
    if (!email.success) {
      return refused(400, 'email_invalid', firstIssue(email.error, 'Invalid.'), 'email');
    }
    return sendEmail(request, reply, id, flow, { email: email.data });
  },

  /** The mobile number, read in the variant's country unless international: its code is sent. */
  async phone(
    request: FastifyRequest,
    reply: Reply,
    input: { phone: string },
  ): Promise<OnboardingResult> {
    const current = await at(request, ['phone', 'phone-code']);
    if (isRefused(current)) return current;
    const { id, flow } = current;
    const e164 = toE164(
      input.phone.trim().replace(/^00/, '+'),
      request.variant === 'lu' ? 'LU' : 'BE',
    );
    if (!e164) {
      return refused(400, 'phone_invalid', 'The phone number provided is invalid.', 'phone');
    }
    return sendPhone(request, reply, id, flow, e164);
  },

  /** The code of the e-mail or phone step under way. */
  async code(request: FastifyRequest, reply: Reply, input: { code: string }) {
    const current = await at(request, ['email-code', 'phone-code']);
    if (isRefused(current)) return current;
    const { id, flow } = current;
    const code = input.code.replace(/\s/g, '');
    if (!/^\d{8}$/.test(code)) {
      return refused(400, 'code_invalid', 'The code is invalid.', 'code');
    }
    const body = { payload: flow.state.payload, code };
    const extraHeaders = upstreamHeaders(request);
    const onboarding = upstreamOf(request).onboarding;
    if (flow.state.step === 'email-code') {
      const res = await onboarding.verifyEmail({ body, extraHeaders });
      if (res.status !== 200) return upstreamRefusal(request, reply, id, res, 'code');
      const email = flow.state.email && { ...flow.state.email, verified: true };
      return moveTo(request, id, flow, 'phone', { payload: res.body.payload, email });
    }
    const res = await onboarding.verifyPhone({ body, extraHeaders });
    if (res.status !== 200) return upstreamRefusal(request, reply, id, res, 'code');
    const phone = flow.state.phone && { ...flow.state.phone, verified: true };
    return moveTo(request, id, flow, 'password', { payload: res.body.payload, phone });
  },

  /** "Send a new code": to the same address or number. */
  async resend(request: FastifyRequest, reply: Reply): Promise<OnboardingResult> {
    const current = await at(request, ['email-code', 'phone-code']);
    if (isRefused(current)) return current;
    const { id, flow } = current;
    const { email, phone } = flow.state;
    if (flow.state.step === 'email-code' && email) {
      return sendEmail(request, reply, id, flow, email.choice);
    }
    if (phone) return sendPhone(request, reply, id, flow, phone.e164);
    return OUT_OF_ORDER;
  },

  /**
   * The password: saved, then the account created with the details and the
   * terms given (docs/product.md part 4: the terms come before the account exists), the
   * card activated and the browser signed in.
   */
  async password(
    request: FastifyRequest,
    reply: Reply,
    input: { password: string; confirm?: string | undefined },
  ): Promise<OnboardingResult> {
    const current = await at(request, ['password']);
    if (isRefused(current)) return current;
    const { id, flow } = current;
    const { details, payload } = flow.state;
    if (!details) return OUT_OF_ORDER;
    if (input.confirm !== undefined && input.confirm !== input.password) {
      return refused(400, 'password_mismatch', "Passwords don't match!", 'password');
    }
    const rules = NewPassword.safeParse(input.password);
    if (!rules.success) {
      const issues = rules.error.issues.map((issue) => ({
        path: 'password',
        message: issue.message,
        ...(issue.code === 'custom' && typeof issue.params?.code === 'string'
          ? { code: issue.params.code }
          : {}),
      }));
      return refused(400, 'invalid_request', firstIssue(rules.error, 'Invalid.'), 'password', {
        issues,
      });
    }
    const extraHeaders = upstreamHeaders(request);
    const onboarding = upstreamOf(request).onboarding;
    const saved = await onboarding.setPassword({
      body: { payload, password: input.password },
      extraHeaders,
    });
    if (saved.status !== 200) return upstreamRefusal(request, reply, id, saved, 'password');
    const created = await onboarding.acceptTerms({
      body: {
        payload: saved.body.payload,
        firstname: details.firstname,
        lastname: details.lastname,
        terms: true,
        privacy: true,
        marketing: details.marketing,
        // The new account speaks the language its onboarding was done in.
        language: journeyLanguage(request, flow),
      },
      extraHeaders,
    });
    if (created.status !== 200) {
      const body = created.body as { code?: string };
      // An address or number taken meanwhile: chosen again at its step.
      if (created.status === 409 && body.code === 'email-duplicated') {
        await saveFlow(request, id, { ...flow, state: { ...flow.state, step: 'email' } });
      }
      if (created.status === 409 && body.code === 'phone-duplicated') {
        await saveFlow(request, id, { ...flow, state: { ...flow.state, step: 'phone' } });
      }
      return upstreamRefusal(request, reply, id, created, 'password');
    }
    if (!('access_token' in created.body)) throw new GatewayError('upstream_contract');
    await startSession(request, reply, created.body);
    return moveTo(request, id, flow, 'done', { payload: '', outcome: created.body.outcome });
  },

  /** On without a change: a confirmed address or number, or the confirmation (the journey ends). */
  async continue(request: FastifyRequest, reply: Reply): Promise<OnboardingResult> {
    const current = await at(request, ['email-done', 'phone-done', 'done']);
    if (isRefused(current)) return current;
    const { id, flow } = current;
    switch (flow.state.step) {
      case 'email-done':
        return moveTo(request, id, flow, flow.state.phone?.verified ? 'phone-done' : 'phone');
      case 'phone-done':
        return moveTo(request, id, flow, 'password');
      default:
        await endFlow(request, reply, id);
        return { status: 200, body: { next: DASHBOARD, view: null } };
    }
  },

  /** Back: the previous step, or (from the first) the start page. */
  async back(request: FastifyRequest, reply: Reply): Promise<OnboardingResult> {
    const current = await currentFlow<OnboardingState>(request, ONBOARDING);
    if (!current) return ONBOARDING_GONE;
    const { id, flow } = current;
    const { step, source } = flow.state;
    if (step === 'done') return OUT_OF_ORDER;
    const previous = BACK[step];
    if (previous) return moveTo(request, id, flow, previous);
    // The start page: a card or code typed there starts a new journey.
    if (step === 'existing') await endFlow(request, reply, id);
    return {
      status: 200,
      body: {
        next: startPageOf(source),
        view: step === 'existing' ? null : onboardingViewOf(flow),
      },
    };
  },
};

/** The onboarding under way in this browser, or null. */
export async function readOnboarding(request: FastifyRequest): Promise<OnboardingFlow | null> {
  const current = await currentFlow<OnboardingState>(request, ONBOARDING);
  return current?.flow ?? null;
}

/** The pages an onboarding starts at: drawn for anyone without a session, a flow or not. */
const START_PAGES = new Set(['/onboarding', '/onboarding/card', '/onboarding/code']);
/** Screens of the old onboarding, folded into the steps: an old link goes to the flow's page. */
const FOLDED_PAGES = new Set([
  '/onboarding/welcome',
  '/onboarding/terms-conditions',
  '/onboarding-mfa',
]);

/** Every onboarding page the gateway answers (drawn, or sent to the flow's page). */
export const ONBOARDING_PAGE_PATHS: ReadonlySet<string> = new Set([
  ...START_PAGES,
  ...FOLDED_PAGES,
  ...Object.values(ONBOARDING_PAGES),
]);

/**
 * docs/product.md part 4, onboarding order, on the server: a step's page is drawn only
 * when the flow is at that step; any other visit goes to the page of the step
 * the flow is at (none under way: the start). Answers where to send the
 * visitor, `shell` for the app's own page (a signed-in visitor with no
 * onboarding: the route guard sends them home), or null to draw `path`.
 */
export async function onboardingPageVisit(
  request: FastifyRequest,
  path: string,
  signedIn: boolean,
): Promise<string | 'shell' | null> {
  const flow = await readOnboarding(request);
  if (START_PAGES.has(path)) {
    if (signedIn && !flow) return 'shell';
    // A query (an old link's flags) is not kept: the flow holds the journey.
    return request.url === path ? null : path;
  }
  if (!flow) return signedIn ? 'shell' : '/onboarding';
  const page = onboardingPageOf(flow);
  return page === path && request.url === path ? null : page;
}

/** What a drawn onboarding page's form sent, as the portal call it is. */
export interface OnboardingFormStep {
  call: string;
  body: Record<string, unknown>;
  /** What the page shows again if the step is refused (never a password or a code). */
  values: Record<string, string>;
}

const KEPT_VALUES = [
  'card',
  'invitation',
  'firstname',
  'lastname',
  'terms',
  'privacy',
  'marketing',
  'choice',
  'email',
  'phone',
] as const;

/**
 * The step a drawn onboarding page's form is (JavaScript off, or before the
 * script arrived): Back, Continue and "Send a new code" are buttons of the
 * form, named; otherwise the page's own step with its fields.
 */
export function onboardingFormOf(
  path: string,
  form: Record<string, string>,
): OnboardingFormStep | null {
  if (!ONBOARDING_PAGE_PATHS.has(path)) return null;
  const values: Record<string, string> = {};
  for (const name of KEPT_VALUES) if (typeof form[name] === 'string') values[name] = form[name];
  const step = (name: string, body: Record<string, unknown> = {}) => ({
    call: `/api/onboarding-flow/${name}`,
    body,
    values,
  });
  if (form.back !== undefined) return step('back');
  if (form.resend !== undefined) return step('resend');
  if (form.continue !== undefined) return step('continue');
  const field = (name: string) => form[name] ?? '';
  switch (path) {
    case '/onboarding':
    case '/onboarding/card':
      return step('start', { card: field('card') });
    case '/onboarding/code':
      return step('start', { invitation: field('invitation') });
    case '/onboarding/create':
      return step('details', {
        firstname: field('firstname'),
        lastname: field('lastname'),
        terms: field('terms'),
        privacy: field('privacy'),
        marketing: field('marketing') === 'true' ? 'on' : '',
      });
    case '/onboarding/email-verification':
      return form.code !== undefined
        ? step('code', { code: field('code') })
        : step('email', {
            email: field('email'),
            keep: form.choice === 'keep' ? 'on' : '',
          });
    case '/onboarding/phone-verification':
      return form.code !== undefined
        ? step('code', { code: field('code') })
        : step('phone', { phone: field('phone') });
    case '/onboarding/password':
      return step('password', { password: field('password'), confirm: field('confirm') });
    case '/onboarding/confirmation':
      return step('continue');
    default:
      return step('back');
  }
}
