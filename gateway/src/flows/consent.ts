import type { AuthorizeAnswer, AuthorizeQuery, ConsentView } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { currentFlow, endFlow, type Flow, startFlow } from './store';

/*
 * A partner's authorisation and the consent it may need (docs/flows.md,
 * "Partner authorisation"; docs/product.md part 4, "Authorize" and "Consent"), owned by
 * the gateway. The partner's request is checked once at `GET /authorize`
 * and, when the account API asks for the user's approval, kept in this flow:
 * the consent page (`/approve`) is drawn from it, in the language the journey
 * began in, and its form sends only the answer. The browser keeps nothing of
 * it, and no address after `/authorize` carries it.
 *
 *   state     event                                        next state  the browser goes to
 *   (none)    GET /authorize, client or redirect_uri bad   (none)      /approve?error=invalid_configuration, never the partner
 *   (none)    GET /authorize, signed out                   (none)      /login/email?target=/authorize?… (the sign-in flow)
 *   sign-in   the sign-in ends, its target /authorize?…    sign-in     GET /authorize (the sign-in's language handed over)
 *   any       GET /authorize, signed in, weak password     unchanged   /weak-password?verified=true&target=/authorize?…
 *   any       GET /authorize, signed in, already allowed   (spent)     redirect_uri?code&state
 *   any       GET /authorize, signed in, approval asked    consent     /approve, drawn from the flow (in the
 *                                                                      sign-in's language, else the account's)
 *   consent   POST /approve, approve=true                  (spent)     redirect_uri?code&state
 *   consent   POST /approve, approve=false                 (spent)     redirect_uri?error=access_denied&state (RFC 6749 §4.1.2.1)
 *   consent   POST /approve, signed out meanwhile          consent     /login/email?target=/authorize?…
 *   consent   POST /approve, account=switch ("Not you?")   (spent)     signed out, /login/email?target=/authorize?…
 *   (none)    POST /approve                                (none)      /approve: "This request is no longer valid…"
 *   any       POST /approve from another site              unchanged   403, nothing sent
 */

export const CONSENT = 'consent';

export type ConsentState =
  /** A sign-in has ended with this journey's `/authorize?…` as its target: its language goes on. */
  | { step: 'sign-in' }
  /** The account API asked for the user's approval of `scopes` for `client`. */
  | {
      step: 'consent';
      request: AuthorizeQuery;
      client: AuthorizeAnswer['client'];
      scopes: string[];
      /**
       * `journey`: a sign-in led here, and the page is drawn in the language it
       * began in (the flow's). `account`: the visitor came signed in, and the
       * page speaks the account's language, as every signed-in page does.
       */
      speaks: 'journey' | 'account';
    };

type ConsentFlow = Flow<ConsentState>;
type Reply = Parameters<typeof startFlow>[1];
type Language = ConsentFlow['language'];

/** The partner's request as the portal's own address (`/authorize?…`), the sign-in's target. */
export function authorizePath(query: AuthorizeQuery): string {
  const params = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return `/authorize?${params}`;
}

/** Two addresses of `/authorize` name the same request: the same parameters, in any order. */
function sameRequest(a: string, b: string): boolean {
  const canonical = (path: string) => {
    const url = new URL(path, 'http://portal.invalid');
    url.searchParams.sort();
    return `${url.pathname}?${url.searchParams}`;
  };
  return canonical(a) === canonical(b);
}

/**
 * A sign-in ends with `target`: when that is a partner's `/authorize?…`, the
 * journey goes on to its consent in the language the sign-in began in (one
 * language per journey), whatever the account's language sets meanwhile.
 */
export async function handOverToConsent(
  request: FastifyRequest,
  reply: Reply,
  target: string | null,
  language: Language,
): Promise<void> {
  if (!target || new URL(target, 'http://portal.invalid').pathname !== '/authorize') return;
  await startFlow<ConsentState>(request, reply, {
    journey: CONSENT,
    language,
    target,
    state: { step: 'sign-in' },
  });
}

/** The consent flow of this browser, or null. */
export function readConsent(request: FastifyRequest) {
  return currentFlow<ConsentState>(request, CONSENT);
}

/**
 * The language `GET /authorize` goes on in: the journey's, when the sign-in
 * that led here handed this very request over; else null (the account's).
 */
export async function consentLanguage(
  request: FastifyRequest,
  path: string,
): Promise<Language | null> {
  const current = await readConsent(request);
  const handedOver =
    current?.flow.state.step === 'sign-in' &&
    current.flow.target !== null &&
    sameRequest(current.flow.target, path);
  return handedOver && current ? current.flow.language : null;
}

/** The account API asks for approval: a new consent flow (any earlier one is spent). */
export async function askConsent(
  request: FastifyRequest,
  reply: Reply,
  query: AuthorizeQuery,
  answer: AuthorizeAnswer,
  language: Language | null,
): Promise<void> {
  await startFlow<ConsentState>(request, reply, {
    journey: CONSENT,
    language: language ?? {},
    target: authorizePath(query),
    state: {
      step: 'consent',
      request: query,
      client: answer.client,
      scopes: answer.scopes,
      speaks: language ? 'journey' : 'account',
    },
  });
}

/** The journey is over (answered, or nothing left to ask): its flow spent, its cookie gone. */
export async function endConsent(request: FastifyRequest, reply: Reply): Promise<void> {
  const current = await readConsent(request);
  if (current) await endFlow(request, reply, current.id);
}

/** The consent under way, with its request, or null (none, expired, answered, only a sign-in's). */
export async function pendingConsent(request: FastifyRequest): Promise<{
  id: string;
  flow: ConsentFlow;
  state: Extract<ConsentState, { step: 'consent' }>;
} | null> {
  const current = await readConsent(request);
  const state = current?.flow.state;
  if (!current || state?.step !== 'consent') return null;
  return { ...current, state };
}

/** What the consent page draws: the app, its site, the scopes, and the request to start again from. */
export function consentView(state: Extract<ConsentState, { step: 'consent' }>): ConsentView {
  return {
    client: state.client,
    site: URL.parse(state.request.redirect_uri)?.host || null,
    scopes: state.scopes,
    restart: authorizePath(state.request),
  };
}
