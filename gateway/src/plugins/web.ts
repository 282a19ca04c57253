import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import {
  type DeletionStatus,
  isPartnerClient,
  type MergeView,
  needsSession,
  type OnboardingRefusal,
  type PortalConfig,
  SsoProvider,
  setupFirst,
  type User,
  type Variant,
} from '@portal/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { consentView, pendingConsent } from '../flows/consent';
import { FORCED_MFA_PAGE } from '../flows/forced-mfa';
import { forcedMfaForm, forcedMfaPage } from '../flows/forced-mfa-pages';
import { type FormOutcome, formRefusal, formStep, portalCall, refusalOf } from '../flows/forms';
import { lockdownExtras, readLockdown } from '../flows/lockdown';
import { mergeSteps, readSignedInSteps } from '../flows/merge';
import {
  ONBOARDING_PAGE_PATHS,
  ONBOARDING_REFUSAL_FIELDS,
  onboardingFormOf,
  onboardingPageOf,
  onboardingPageVisit,
  onboardingViewOf,
  readOnboarding,
} from '../flows/onboarding';
import { recoveryExtras, recoveryFormStep } from '../flows/recovery-pages';
import { readSignIn, resolveSignInTarget, viewOf, withQuery } from '../flows/sign-in';
import { flowId } from '../flows/store';
import type { DrawExtras, EntryServer } from '../render/entry-server';
import { innerRead } from '../render/inner';
import { type RenderFallback, RenderPool } from '../render/pool';
import { portalConfig } from '../variant';
import { notFound } from './errors';
import { isForcedSession } from './forced-mfa-lockdown';
import { sessionToken } from './session';

/**
 * Whether a path (the router's, decoded, without the leading slash) can be
 * one of the web app's screens: not under `api/` or `assets/` in any case,
 * and no file name with an extension in its last segment (`robots.txt`,
 * `wp-login.php`, a missing `/assets/x.js`).
 */
export function isScreenPath(path: string): boolean {
  const first = path.split('/')[0]?.toLowerCase();
  if (first === 'api' || first === 'assets') return false;
  const last = path.split('/').pop() ?? '';
  return !/\.[a-z0-9]+$/i.test(last);
}

/**
 * The screen a page's path is for, as a metrics label: the route template of
 * the app's table (`/sso/:provider/login/callback`), or undefined for any
 * other path (one label, `/*`, however many a client makes up).
 */
export function screenMatcher(templates: readonly string[]): (path: string) => string | undefined {
  const exact = new Set(templates.filter((t) => !t.includes(':')));
  const patterns = templates
    .filter((t) => t.includes(':'))
    .map((t) => ({ t, re: new RegExp(`^${t.replace(/:\w+/g, '[^/]+')}$`) }));
  return (path) => (exact.has(path) ? path : patterns.find(({ re }) => re.test(path))?.t);
}

/** brotli/gzip for whatever a scope serves over 1 KB; a quick brotli level, as it runs per answer. */
export const compressOptions = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  threshold: 1024,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
};

/** The language cookie the web app writes (`web/src/i18n/remember.ts`) and the server reads. */
const LANGUAGE_COOKIE = 'lang';
/**
 * A `?lang=` choice handed to the next page, which makes it this tab's visit
 * choice and deletes it (`web/src/i18n/remember.ts`, docs/journeys-signin.md).
 */
const CHOSEN_COOKIE = 'lang_chosen';
const HAND_OVER_S = 10 * 60;
/**
 * How long a signed-in page waits to be drawn (the user's read, the render)
 * before the app's shell goes instead: about what the browser takes to draw
 * it itself on a phone. Past it, the person gets the app's own loading state
 * rather than a blank tab while the account API is slow.
 */
export const SIGNED_IN_WAIT_MS = 1000;
/**
 * How long an entry page waits for a render thread and its render (the first
 * of each variant, language and path; the rest come from the cache, and a
 * query's page each time) before the app's shell goes instead.
 */
export const ENTRY_WAIT_MS = 1000;
const ONE_YEAR_S = 365 * 24 * 60 * 60;
const LANGUAGES = new Set(['en', 'fr', 'nl', 'de']);
/** The sign-in's pages after the session starts (`web/src/entry-pages.ts`), whose forms the gateway takes. */
const WEAK_PASSWORD_PAGE = '/weak-password';
const DELETION_PENDING_PAGE = '/deletion-pending';
/** The one field the weak-password page's refusal is said at. */
const WEAK_PASSWORD_FIELDS: ReadonlySet<string> = new Set(['password']);

/** The partner's consent page, drawn from its flow (`flows/consent.ts`). */
const CONSENT_PAGE = '/approve';
/** The duplicate merge's page (docs/flows.md, "Duplicate merge"). */
const MERGE_PAGE = '/duplicated';
/** The fields of the merge's claim a refusal may name. */
const MERGE_FIELDS: ReadonlySet<string> = new Set(['card_number', 'password', 'captcha']);
/** The step-up's entry as a link (`GET /step-up?target=`). */
const STEP_UP_ENTRY = '/step-up';
/**
 * Where the callback's answer goes on to: the session's next page (linked), the link offer
 * or the options (not linked, no account), a locked account's reset (403); null: refused.
 */
function ssoNext(status: number, body: { status?: unknown; next?: unknown }): string | null {
  if (status === 200 && body.status === 'not_linked') return '/partner/link-existing';
  if (status === 200 && body.status === 'no_account') return '/partner/no-account';
  const onward = (status === 200 && body.status === 'linked') || status === 403;
  return onward && typeof body.next === 'string' ? body.next : null;
}

/** The identity provider's way back to the portal (`redirect_uri` of `routes/partner.ts`). */
const SSO_CALLBACK = /^\/sso\/([^/]+)\/login\/callback$/;

/** A journey's step drawn for the signed-in user: its state, in the language the journey began in. */
interface JourneyDraw {
  extras: DrawExtras;
  /** The journey's language; absent: the account's, as any signed-in page. */
  locale?: string | undefined;
}

/** Vite's build manifest (`dist/.vite/manifest.json`): each chunk's file, stylesheets and imports. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/**
 * The stylesheets that the chunks of `sources`, and every chunk they import,
 * bring, once each, in the order the browser would apply them. A screen loaded
 * on demand brings its CSS with its script; a drawn page needs it before.
 */
export function stylesheetsOf(manifest: Manifest, sources: readonly string[]): string[] {
  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return [...css];
}

/** A CSP source expression allowing one inline `<style>` by its content: `'sha256-…'`. */
export const styleHash = (css: string) =>
  `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

/** What the gateway reads of the built web app, once, at start. */
export interface WebBuild {
  root: string;
  template: string;
  /**
   * The server bundle's page lists and language rule, read on this thread; null
   * without a bundle: every page is then drawn in the browser.
   */
  server: EntryServer | null;
  /** The server bundle's file, which the render threads load (`render/pool.ts`). */
  bundle: string | null;
  /** Each entry page's styles, the app's own first, to be inlined into its drawn HTML. */
  styles: ReadonlyMap<string, string>;
}

/**
 * Reads the built web app in `root` (its `index.html`, server bundle and
 * manifest), or null when there is none. Each entry page's stylesheets are
 * read here so that its drawn HTML carries them inline: one response, and the
 * page paints before any other file arrives. The CSP allows each by its hash
 * (`inlineStyleHashes`), not by `'unsafe-inline'`.
 */
export async function readWebBuild(root: string): Promise<WebBuild | null> {
  if (!existsSync(join(root, 'index.html'))) return null;
  const template = readFileSync(join(root, 'index.html'), 'utf8');
  const bundle = join(root, 'ssr', 'entry-server.mjs');
  const server: EntryServer | null = existsSync(bundle)
    ? ((await import(pathToFileURL(bundle).href)) as EntryServer)
    : null;
  const manifestFile = join(root, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  const styles = new Map<string, string>();
  for (const path of [
    ...(server?.ENTRY_PAGES ?? []),
    ...(server?.SIGN_IN_STEP_PAGES ?? []),
    ...(server?.ONBOARDING_STEP_PAGES ?? []),
    ...(server?.RECOVERY_STEP_PAGES ?? []),
    ...(server?.LOCKDOWN_PAGES ?? []),
    ...(server?.SIGNED_IN_PAGES ?? []),
    ...(server?.CONSENT_PAGES ?? []),
    ...(server?.AFTER_SIGN_IN_PAGES ?? []),
  ]) {
    const files = stylesheetsOf(manifest, ['index.html', ...(server?.PAGE_SOURCES[path] ?? [])]);
    const css = files.map((file) => readFileSync(join(root, file), 'utf8')).join('\n');
    // Text that would end the element early is never inlined (the build writes none).
    if (css && !/<\/style/i.test(css)) styles.set(path, css);
  }
  return { root, template, server, bundle: server ? bundle : null, styles };
}

/** The CSP sources of the inline styles the drawn pages of `build` carry. */
export const inlineStyleHashes = (build: WebBuild | null): string[] => [
  ...new Set([...(build?.styles.values() ?? [])].map(styleHash)),
];

/**
 * Serves the built web app: hashed assets (`/assets/*`) cached for a year as
 * immutable, everything else `no-cache`, compressed with brotli or gzip
 * (pre-compressed `.br`/`.gz` files are used when present), and every other
 * GET of a screen's path answered with `index.html` (history-mode routing); a
 * file that is not there is a 404, not the app.
 *
 * The entry pages (sign-in, recovery, onboarding, maintenance) of a visitor
 * without a session cookie come drawn by the app's server bundle, in the
 * variant and language the visitor gets, each cached per variant, language
 * and path (docs/decisions/0005-server-rendered-entry-pages.md). `/` and
 * `/login` send that visitor to the e-mail sign-in at once.
 * Encapsulated: compression applies to these routes only, not to the API.
 */
export const webPlugin: FastifyPluginAsync<{ build: WebBuild; config: Config }> = async (
  app,
  { build, config },
) => {
  const { root, template, server, styles } = build;
  await app.register(compress, compressOptions);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The server bundle is the gateway's to run, the build manifest its to read.
    allowedPath: (path) => !path.startsWith('/ssr/') && !path.startsWith('/.vite/'),
    setHeaders: (res, path) => {
      res.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  if (!server) app.log.warn({ root }, 'no server bundle: the entry pages are drawn in the browser');
  const entryPages = new Set(server?.ENTRY_PAGES ?? []);
  const signedInPages = new Set(server?.SIGNED_IN_PAGES ?? []);
  const signInPages = new Set(server?.SIGN_IN_STEP_PAGES ?? []);
  const onboardingPages = new Set(server?.ONBOARDING_STEP_PAGES ?? []);
  // The sign-in's and the recovery journeys' step pages, drawn from the visitor's flow.
  const stepPages = new Set([...signInPages, ...(server?.RECOVERY_STEP_PAGES ?? [])]);
  const lockPages = new Set(server?.LOCKDOWN_PAGES ?? []);
  const afterSignInPages = new Set(server?.AFTER_SIGN_IN_PAGES ?? []);
  const screenOf = screenMatcher([
    ...(server?.APP_PATHS ?? []),
    ...entryPages,
    ...stepPages,
    ...lockPages,
    ...signedInPages,
    ...afterSignInPages,
  ]);
  const configs: Record<Variant, PortalConfig> = {
    be: portalConfig(config, 'be'),
    lu: portalConfig(config, 'lu'),
  };
  // Pages are drawn in worker threads, never on the loop that answers the API: each
  // thread loads the bundle and the signed-in pages' code and texts when it starts.
  const pool =
    server && build.bundle
      ? await RenderPool.start(
          {
            bundle: build.bundle,
            template,
            styles: Object.fromEntries(styles),
            ...(signedInPages.size ? { warm: configs.be } : {}),
          },
          config.RENDER_THREADS,
        )
      : null;
  if (pool) app.addHook('onClose', () => pool.close());
  const { renderFallbacks } = app.metrics.renders(() => pool);
  /** A page answered with the app's shell rather than drawn, and why. */
  const fellBack = (request: FastifyRequest, fallback: RenderFallback | undefined) => {
    if (!fallback) return;
    renderFallbacks.labels({ reason: fallback }).inc();
    request.log.warn({ fallback }, "page not drawn on the server; the app's shell instead");
  };
  const failed = (request: FastifyRequest) => (err: unknown) =>
    request.log.warn({ err }, "page not drawn on the server; the app's shell instead");
  /** Drawn pages without a query, by variant, locale and path: the same for every visitor. */
  const drawn = new Map<string, Promise<string | null>>();

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html');

  const sendDrawn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    entry: EntryServer,
    renderer: RenderPool,
  ) => {
    const variantConfig = configs[request.variant];
    const locale = entry.localeFor(
      variantConfig,
      request.headers['accept-language'],
      request.cookies[LANGUAGE_COOKIE],
    );
    const { url } = request.raw;
    const path = url?.split('?')[0] ?? '/';
    const location = url ?? path;
    const draw = () =>
      renderer
        .draw(
          { kind: 'entry', location, config: variantConfig, locale, styles: path },
          ENTRY_WAIT_MS,
          failed(request),
        )
        .then((result) => {
          fellBack(request, result.html === null ? result.fallback : undefined);
          return result.html;
        });
    let html: Promise<string | null>;
    if (location === path) {
      const key = `${request.variant} ${locale} ${path}`;
      html = drawn.get(key) ?? draw();
      drawn.set(key, html);
      // A page that was not drawn is drawn again next time.
      void html.then((page) => page === null && drawn.get(key) === html && drawn.delete(key));
    } else {
      // A query (a partner's sign-in, a target) may change the page: drawn for this visit only.
      html = draw();
    }
    const page = await html;
    if (page === null) return sendIndex(reply);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language, cookie')
      .type('text/html; charset=utf-8')
      .send(page);
  };

  /**
   * A sign-in step (or the sign-in page a form was refused on), drawn from
   * the visitor's flow, in the language the journey began in (one language
   * per journey), for this visitor only: never cached, `no-store`.
   */
  const sendStep = async (
    request: FastifyRequest,
    reply: FastifyReply,
    entry: EntryServer,
    renderer: RenderPool,
    status: number,
    form?: DrawExtras['form'],
    onboardingForm?: NonNullable<DrawExtras['onboarding']>['form'],
  ) => {
    const variantConfig = configs[request.variant];
    const path = request.url.split('?')[0] ?? '/';
    // An onboarding page draws its own journey's flow; a sign-in step the sign-in's.
    const onboarding = onboardingPages.has(path) ? await readOnboarding(request) : null;
    const id = flowId(request);
    // The journey under way (whichever it is) began in a language: its pages keep it.
    const journey = onboarding ?? (id ? await request.server.flows.read(id) : null);
    const language = journey?.language ?? {
      accept: request.headers['accept-language'],
      chosen: request.cookies[LANGUAGE_COOKIE],
    };
    const locale = entry.localeFor(variantConfig, language.accept, language.chosen);
    const flow = signInPages.has(path) ? await readSignIn(request) : null;
    const extras: DrawExtras = {
      ...(signInPages.has(path) ? { signIn: flow && viewOf(flow) } : {}),
      ...(await recoveryExtras(request, path)),
      ...(lockPages.has(path) ? { lockdown: lockdownExtras(await readLockdown(request)) } : {}),
      ...(form ? { form } : {}),
      ...(onboardingPages.has(path)
        ? {
            onboarding: {
              view: onboarding && onboardingViewOf(onboarding),
              ...(onboardingForm ? { form: onboardingForm } : {}),
            },
          }
        : {}),
    };
    const { url } = request.raw;
    const result = await renderer.draw(
      {
        kind: 'entry',
        location: url ?? path,
        config: variantConfig,
        locale,
        styles: path,
        extras,
      },
      ENTRY_WAIT_MS,
      failed(request),
    );
    fellBack(request, result.html === null ? result.fallback : undefined);
    if (result.html === null) return sendIndex(reply);
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(result.html);
  };

  /**
   * A portal read the page itself makes for the browser of `request` (its
   * session): not a client's request, neither counted nor traced as one. A
   * form's post is drawn too: its body and origin are not the read's (the
   * form met the same-origin rule: `formRefusal`).
   */
  const pageRead = (request: FastifyRequest, url: string, extra: Record<string, string> = {}) => {
    const {
      'accept-encoding': _encoding,
      'content-length': _length,
      'content-type': _type,
      origin: _origin,
      'sec-fetch-site': _site,
      ...headers
    } = request.headers;
    return request.server.inject({
      method: 'GET',
      url,
      headers: {
        ...headers,
        ...innerRead.header,
        ...(request.traceparent ? { traceparent: request.traceparent } : {}),
        ...extra,
        accept: 'application/json',
      },
      remoteAddress: request.socket.remoteAddress ?? request.ip,
    });
  };

  /** What a page after the sign-in is drawn with: the deletion-pending page, the deletion under way. */
  const afterSignInExtras = async (request: FastifyRequest, path: string): Promise<DrawExtras> => {
    if (path !== DELETION_PENDING_PAGE) return {};
    // Asked by the API's CSRF rule, which a navigation cannot meet: the read is the page's own.
    const answer = await pageRead(request, '/api/user/deletion', { 'x-device-id': randomUUID() });
    return { deletion: answer.statusCode === 200 ? answer.json<DeletionStatus>() : null };
  };

  /**
   * A signed-in page drawn for the session's user, or null (the browser then
   * draws it). The user is read through the portal's own `GET /api/user`, so
   * every rule a signed-in call meets applies here too: the session store,
   * a revoked or replaced session, the weak-password confinement, the
   * account API's own answer. Anything but its 200 (no user, the account API
   * gone, maintenance), or no page within `SIGNED_IN_WAIT_MS` (the account API
   * slow), and the page is the app's shell, as before: the browser then meets
   * that answer itself and shows what it means.
   */
  const drawSignedIn = async (
    request: FastifyRequest,
    renderer: RenderPool,
    late: () => boolean,
    deadline: number,
    journey?: JourneyDraw,
  ): Promise<string | null> => {
    // Only for the person's own navigation (typed, a bookmark, a reload, a link of the
    // portal's): a page reached from another site is drawn in the browser, which reads the
    // user with a same-origin call. No answer to another site's request holds the user.
    // A journey's step (the consent a partner's link leads to) is drawn for a top-level
    // navigation from anywhere: it must work without script, and no other site can read
    // or frame what a navigation answers (frame-ancestors 'none').
    const site = request.headers['sec-fetch-site'];
    const navigation =
      request.headers['sec-fetch-mode'] === 'navigate' &&
      request.headers['sec-fetch-dest'] === 'document';
    const crossSite = site !== undefined && site !== 'same-origin' && site !== 'none';
    if (crossSite && !(journey && navigation)) return null;
    const answer = await pageRead(request, '/api/user');
    // Too late to be used: the shell has gone, no render for nobody.
    if (answer.statusCode !== 200 || late()) return null;
    const { data: user } = answer.json<{ data: User }>();
    const result = await renderer.draw(
      {
        kind: 'signed-in',
        location: request.url,
        config: configs[request.variant],
        user,
        styles: request.url.split('?')[0] ?? request.url,
        ...journey,
      },
      deadline - Date.now(),
      failed(request),
    );
    if (result.html === null && !late()) fellBack(request, result.fallback);
    return result.html;
  };

  const sendSignedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    renderer: RenderPool,
    journey?: JourneyDraw,
  ) => {
    let timer: NodeJS.Timeout | undefined;
    let late = false;
    const deadline = Date.now() + SIGNED_IN_WAIT_MS;
    const html = await Promise.race([
      drawSignedIn(request, renderer, () => late, deadline, journey).catch((err: unknown) => {
        request.log.warn({ err }, 'signed-in page not drawn; the browser draws it');
        return null;
      }),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => {
          late = true;
          fellBack(request, 'late');
          resolve(null);
        }, SIGNED_IN_WAIT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    if (html === null) return sendIndex(reply);
    // The person's own data: kept by no cache, not even the browser's back-forward one.
    return reply
      .header('cache-control', 'no-store')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  /**
   * `?lang=xx`: the switcher's links before the script runs. The choice is
   * remembered as the script would remember it (for the next visit, and
   * handed over to the next page as this visit's choice), and the same
   * address without it is loaded again.
   */
  const chooseLanguage = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const url = new URL(request.url, 'http://portal');
    const lang = url.searchParams.get('lang');
    if (lang === null) return false;
    url.searchParams.delete('lang');
    if (LANGUAGES.has(lang)) {
      const cookie = { path: '/', sameSite: 'lax', secure: request.publicOrigin.https } as const;
      reply.setCookie(LANGUAGE_COOKIE, lang, { ...cookie, maxAge: ONE_YEAR_S });
      reply.setCookie(CHOSEN_COOKIE, lang, { ...cookie, maxAge: HAND_OVER_S });
    }
    void reply.header('cache-control', 'no-store').redirect(`${url.pathname}${url.search}`, 303);
    return true;
  };

  /** Into the sign-in, `target` (a path of the portal) kept as where it ends. */
  const signInFirst = (reply: FastifyReply, target: string, partner = false) => {
    const query = new URLSearchParams({ target });
    if (partner) query.set('partner', '1');
    return reply.header('cache-control', 'no-store').redirect(`/login/email?${query}`, 302);
  };

  /**
   * The consent page (docs/flows.md, "Partner authorisation"), drawn from the
   * browser's consent flow in the language the journey began in; with no
   * consent under way it says the request is over. `?error=invalid_configuration`
   * is the spec's message for a partner never followed, signed in or not. An
   * older address with the partner's request in its query is asked again at
   * `/authorize`, which keeps the request in the flow.
   */
  const consentPage = async (request: FastifyRequest, reply: FastifyReply, signedOut: boolean) => {
    const url = new URL(request.url, 'http://portal');
    const error = url.searchParams.get('error');
    if (error === null && url.search) {
      url.searchParams.delete('partner');
      return reply.header('cache-control', 'no-store').redirect(`/authorize${url.search}`, 303);
    }
    const pending = error === null ? await pendingConsent(request) : null;
    if (signedOut) {
      if (pending?.flow.target) {
        return signInFirst(
          reply,
          pending.flow.target,
          isPartnerClient(pending.state.request.client_id),
        );
      }
      if (error === null) return signInFirst(reply, request.url);
      return server && pool ? sendDrawn(request, reply, server, pool) : sendIndex(reply);
    }
    if (!server || !pool) return sendIndex(reply);
    const language = pending?.state.speaks === 'journey' ? pending.flow.language : undefined;
    return sendSignedIn(request, reply, pool, {
      extras: { consent: pending ? consentView(pending.state) : null },
      locale:
        language && server.localeFor(configs[request.variant], language.accept, language.chosen),
    });
  };

  /**
   * The form of a page after the sign-in (docs/flows.md, "Weak password",
   * "Ask for deletion"): `act` makes the portal call the enhanced page makes,
   * answered 303 to the page the sign-in goes on to, or the page drawn again
   * with the refusal. Another site's form is refused; without a session, the
   * page again (which then says to log in).
   */
  const afterSignInForm = async (
    request: FastifyRequest,
    reply: FastifyReply,
    renderer: RenderPool | null,
    url: URL,
    act: () => Promise<FormOutcome>,
  ) => {
    const refusal = formRefusal(request);
    if (refusal) {
      return reply.code(403).type('text/plain; charset=utf-8').send(`${refusal} Nothing was done.`);
    }
    const again = () =>
      reply.header('cache-control', 'no-store').redirect(`${url.pathname}${url.search}`, 303);
    if (sessionToken(request) === undefined) return again();
    const outcome = await act();
    if ('next' in outcome) {
      return reply.header('cache-control', 'no-store').redirect(outcome.next, 303);
    }
    // Without a server bundle the browser draws the page: asked again, it says nothing more.
    if (!renderer) return again();
    const form = { path: url.pathname, refusal: outcome.refusal, values: {} };
    return sendSignedIn(request, reply.code(outcome.status), renderer, {
      extras: { ...(await afterSignInExtras(request, url.pathname)), form },
    });
  };

  /**
   * `GET /step-up?target=`: the step-up as a link (docs/flows.md, "Step-up"). Signed out,
   * the sign-in (whose code is a recent check) with the target; signed in, the same call the
   * enhanced page sends (`POST /api/step-up/start`), answered 303 to the step it names. A
   * link from another site starts at the method list: no code is sent unasked.
   */
  const stepUpEntry = async (request: FastifyRequest, reply: FastifyReply, signedOut: boolean) => {
    const target = new URL(request.url, 'http://portal').searchParams.get('target') ?? '';
    if (signedOut) return signInFirst(reply, target || '/user/dashboard');
    const site = request.headers['sec-fetch-site'];
    const own = site === undefined || site === 'same-origin' || site === 'none';
    const outcome = await formStep(request, reply, '/api/step-up/start', {
      target,
      ...(own ? {} : { quiet: true }),
    });
    if ('next' in outcome)
      return reply.header('cache-control', 'no-store').redirect(outcome.next, 303);
    if (outcome.status === 401) return signInFirst(reply, target || '/user/dashboard');
    return reply
      .code(outcome.status)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(outcome.refusal.message);
  };

  /**
   * `GET /sso/{provider}/login/callback?code&state`: the identity provider's way back
   * (docs/flows.md, "Workplace link"), a navigation the gateway answers itself. It makes the
   * call the page once made (`POST /api/sso/{provider}/callback`, every rule of the portal
   * API applying: the state cookie bound to this browser, the code budget) and answers 303
   * to what comes next: the session's next page (linked), the link offer or the options (not
   * linked, no account: the offer stays in the login's flow), a locked account's reset.
   * Anything else (a login this browser did not start, the provider's refusal, a code
   * spent) is 400 with the app, whose page says so with the way back to the sign-in.
   */
  const ssoCallback = async (request: FastifyRequest, reply: FastifyReply, provider: string) => {
    const query = new URL(request.url, 'http://portal').searchParams;
    const code = query.get('code');
    const state = query.get('state');
    if (SsoProvider.safeParse(provider).success && code && state) {
      const answer = await portalCall(request, reply, 'POST', `/api/sso/${provider}/callback`, {
        code,
        state,
      });
      const next = ssoNext(answer.statusCode, answer.json());
      if (next !== null) {
        return reply.header('cache-control', 'no-store').redirect(next, 303);
      }
    }
    return sendIndex(reply.code(400).header('cache-control', 'no-store'));
  };

  /** The merge under way (`GET /api/merge`, every rule of the portal API applying), or null. */
  const readMerge = async (request: FastifyRequest): Promise<MergeView | null> => {
    const { 'content-length': _length, 'content-type': _type, ...headers } = request.headers;
    const answer = await request.server.inject({
      method: 'GET',
      url: '/api/merge',
      headers: {
        ...headers,
        ...innerRead.header,
        accept: 'application/json',
        'x-device-id': randomUUID(),
        'sec-fetch-site': 'same-origin',
      },
      remoteAddress: request.socket.remoteAddress ?? request.ip,
    });
    return answer.statusCode === 200 ? answer.json<MergeView>() : null;
  };

  /** The weak-password page's: the new password (`password`, `confirm`), with the sign-in's target. */
  const weakPasswordStep = (
    request: FastifyRequest,
    reply: FastifyReply,
    form: Record<string, string>,
    target: string | null,
  ): Promise<FormOutcome> => {
    const password = form.password ?? '';
    if (password !== '' && password !== (form.confirm ?? '')) {
      const refusal = { code: 'password_mismatch', message: 'The two passwords differ.' };
      return Promise.resolve({ status: 400, refusal: { ...refusal, field: 'password' } });
    }
    return formStep(
      request,
      reply,
      '/api/user/password/weak',
      { password, ...(target ? { target: target.slice(0, 2000) } : {}) },
      WEAK_PASSWORD_FIELDS,
      // No longer weak (409) goes on as well: the answer names where.
      new Set([200, 409]),
    );
  };

  /**
   * The deletion-pending page's: "Keep my account" (`action=keep`) cancels the
   * deletion (`DELETE /api/user/deletion`; 404, none under way any more, goes
   * on too), "Continue" leaves it planned; either way on to the sign-in's
   * target as the gateway resolves it, else the dashboard.
   */
  const deletionPendingStep = async (
    request: FastifyRequest,
    reply: FastifyReply,
    form: Record<string, string>,
    target: string | null,
  ): Promise<FormOutcome> => {
    const next = (await resolveSignInTarget(request, target)) ?? '/user/dashboard';
    if (form.action !== 'keep') return { next };
    const answer = await portalCall(request, reply, 'DELETE', '/api/user/deletion');
    if (answer.statusCode === 204 || answer.statusCode === 404) return { next };
    const body = answer.body ? answer.json<Record<string, unknown>>() : {};
    return { status: answer.statusCode, refusal: refusalOf(body, new Set()) };
  };

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    request.pageRoute = screenOf(path);
    if (chooseLanguage(request, reply)) return reply;
    const signedOut = sessionToken(request) === undefined;
    if (server && pool && onboardingPages.size > 0 && ONBOARDING_PAGE_PATHS.has(path)) {
      // docs/product.md part 4, onboarding order, kept by the flow (docs/flows.md, "Onboarding").
      const visit = await onboardingPageVisit(request, path, !signedOut);
      if (visit === 'shell') return sendIndex(reply);
      if (visit !== null) return reply.header('cache-control', 'no-store').redirect(visit, 303);
      return sendStep(request, reply, server, pool, 200);
    }
    // docs/product.md part 4, root on load: a visitor without a session starts at the sign-in.
    if (signedOut && (path === '/' || path === '/login')) {
      const query = request.url.slice(path.length);
      return reply.header('cache-control', 'no-store').redirect(`/login/email${query}`, 302);
    }
    // Old addresses of the password reset: its start, and the confirmation it no longer ends on
    // (the reset now ends signed in: docs/flows.md, "Recovery").
    if (path === '/forgot-password' || path === '/reset-password-confirmed') {
      const query = request.url.slice(path.length);
      const to =
        path === '/forgot-password'
          ? `/forgot-password/email${query}`
          : signedOut
            ? '/login/email'
            : '/user/dashboard';
      return reply.header('cache-control', 'no-store').redirect(to, 303);
    }
    if (server && pool && signedOut && entryPages.has(path)) {
      return sendDrawn(request, reply, server, pool);
    }
    if (server && pool && signedOut && stepPages.has(path)) {
      // An old link's method list and flags (docs/product.md part 2's query) are not kept in the
      // address: the flow holds the methods.
      if (path !== request.url) {
        return reply.header('cache-control', 'no-store').redirect(path, 303);
      }
      return sendStep(request, reply, server, pool, 200);
    }
    // The step-up's entry (docs/flows.md, "Step-up"): a link's target is checked by the
    // gateway, the check starts (a code sent unasked only for this portal's own link).
    if (path === STEP_UP_ENTRY) return stepUpEntry(request, reply, signedOut);
    const provider = SSO_CALLBACK.exec(path)?.[1];
    if (provider !== undefined) return ssoCallback(request, reply, provider);
    // A step-up's code and method list, drawn from its flow for the signed-in user.
    if (pool && !signedOut && signInPages.has(path)) {
      // An old step-up link (docs/product.md part 2's `single=true&redirect=`): read once, into the flow.
      const query = new URL(request.url, 'http://portal').searchParams;
      if (query.get('single') === 'true' && !query.has('isFuzzion')) {
        const to = new URLSearchParams({ target: query.get('redirect') ?? '' });
        return reply.header('cache-control', 'no-store').redirect(`${STEP_UP_ENTRY}?${to}`, 303);
      }
      const view = await readSignedInSteps(request);
      if (view) {
        if (path !== request.url) {
          return reply.header('cache-control', 'no-store').redirect(path, 303);
        }
        return sendSignedIn(request, reply, pool, { extras: { signIn: view } });
      }
    }
    // The duplicate merge's page, drawn from its flow for the signed-in user (docs/flows.md).
    if (pool && !signedOut && path === MERGE_PAGE) {
      return sendSignedIn(request, reply, pool, { extras: { merge: await readMerge(request) } });
    }
    // The forced second-factor setup, drawn from its flow for the signed-in user (docs/flows.md).
    if (pool && !signedOut && path === FORCED_MFA_PAGE) {
      return forcedMfaPage(request, reply, (status, extras) =>
        sendSignedIn(request, reply.code(status), pool, { extras }),
      );
    }
    // A page that needs a session, visited without one (a bookmark, a link in an e-mail): into
    // the sign-in at once, the page as its target, before any of the app (docs/flows.md).
    if (signedOut && needsSession(path)) return signInFirst(reply, request.url);
    // An account that must set up a second factor first sees the setup's pages only; the
    // page asked for is the setup's target (docs/flows.md, "Forced MFA").
    if (!signedOut && setupFirst(path) && (await isForcedSession(request))) {
      return reply
        .header('cache-control', 'no-store')
        .redirect(withQuery(FORCED_MFA_PAGE, { redirect: request.url }), 303);
    }
    if (path === CONSENT_PAGE) return consentPage(request, reply, signedOut);
    if (server && pool && signedOut && lockPages.has(path)) {
      // The lock link's secret never stands in this page's address (`routes/lockdown-link.ts`).
      if (path !== request.url) {
        return reply.header('cache-control', 'no-store').redirect(path, 303);
      }
      // A link that locks nothing is said with its 4xx (400 not valid, 410 used or expired).
      return sendStep(request, reply, server, pool, (await readLockdown(request)).status);
    }
    // The dashboard, where a sign-in lands, drawn with its user (no query: see `renderSignedIn`).
    if (pool && !signedOut && signedInPages.has(request.url)) {
      return sendSignedIn(request, reply, pool);
    }
    // The sign-in's pages after the session starts (a weak password's replacement, a deletion
    // under way), drawn for the session with their query (docs/flows.md).
    if (pool && !signedOut && afterSignInPages.has(path)) {
      return sendSignedIn(request, reply, pool, { extras: await afterSignInExtras(request, path) });
    }
    return sendIndex(reply);
  };
  app.get('/', page);
  app.get('/*', (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    return isScreenPath(path) ? page(request, reply) : notFound(request, reply);
  });
  // A drawn page's form, sent without its script (or before it arrived). Parsed here (16 KB at
  // most); the sign-in's steps are the portal calls the enhanced page sends (`flows/forms.ts`).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  /** Each sign-in step page's form: the portal call it is, and what it sends. */
  const stepOf = (
    path: string,
    form: Record<string, string>,
    query: URLSearchParams,
  ): {
    call: string;
    body: Record<string, unknown>;
    typed?: Record<string, string>;
    fields?: ReadonlySet<string>;
  } | null => {
    switch (path) {
      case '/login/email':
      case '/login/phone': {
        const target = query.get('target');
        return {
          call: '/api/sign-in/password',
          body: {
            username: form.username ?? '',
            password: form.password ?? '',
            ...(form['cf-turnstile-response'] ? { captcha: form['cf-turnstile-response'] } : {}),
            ...(target ? { target } : {}),
          },
        };
      }
      case '/mfa/methods':
        return { call: '/api/sign-in/method', body: { mfaId: form.mfaId ?? '' } };
      case '/lock-account':
        return { call: '/api/lock-account', body: {} };
      case MERGE_PAGE:
        if (form.decision) return { call: '/api/merge/decide', body: { decision: form.decision } };
        return {
          call: '/api/merge/claim',
          body: form.password
            ? {
                password: form.password,
                ...(form['cf-turnstile-response']
                  ? { captcha: form['cf-turnstile-response'] }
                  : {}),
              }
            : { card_number: (form.card_number ?? '').replace(/[\s.-]/g, '') },
          fields: MERGE_FIELDS,
        };
      case '/mfa':
        return form.resend
          ? { call: '/api/sign-in/resend', body: {} }
          : {
              call: '/api/sign-in/code',
              body: { code: form.code ?? '', ...(form.trust ? { trust: form.trust } : {}) },
            };
      default:
        return recoveryFormStep(path, form, query);
    }
  };
  app.post('/*', async (request, reply) => {
    const url = new URL(request.url, 'http://portal');
    const path = url.pathname;
    const form = (request.body ?? {}) as Record<string, string>;
    const target = url.searchParams.get('target');
    if (path === WEAK_PASSWORD_PAGE) {
      return afterSignInForm(request, reply, pool, url, () =>
        weakPasswordStep(request, reply, form, target),
      );
    }
    if (path === DELETION_PENDING_PAGE) {
      return afterSignInForm(request, reply, pool, url, () =>
        deletionPendingStep(request, reply, form, target),
      );
    }
    if (pool && path === FORCED_MFA_PAGE) {
      return forcedMfaForm(request, reply, form, (status, extras) =>
        sendSignedIn(request, reply.code(status), pool, { extras }),
      );
    }
    const step =
      server && pool
        ? (stepOf(path, form, url.searchParams) ?? onboardingFormOf(path, form))
        : null;
    // `/mfa` and `/mfa/methods` are a signed-in user's step-up's and merge's too: their steps.
    const stepUp =
      server && pool && step && signInPages.has(path) && sessionToken(request) !== undefined
        ? await readSignedInSteps(request)
        : null;
    if (stepUp && step) {
      step.call = step.call.replace('/api/sign-in/', `/api/${stepUp.journey}/`);
      const { trust: _trust, ...body } = step.body;
      step.body =
        form.card_number && stepUp.journey === 'step-up'
          ? { ...body, card_number: form.card_number }
          : body;
    }
    // The merge's proof chosen: its field on `/duplicated`, or the other account's methods.
    if (server && pool && path === MERGE_PAGE && typeof form.proof === 'string') {
      const refusal = formRefusal(request);
      if (refusal) return reply.code(403).type('text/plain; charset=utf-8').send(refusal);
      const to =
        form.proof === 'code'
          ? '/mfa/methods'
          : form.proof === 'card' || form.proof === 'password'
            ? `${MERGE_PAGE}?step=${form.proof}`
            : `${MERGE_PAGE}?step=prove`;
      return reply.header('cache-control', 'no-store').redirect(to, 303);
    }
    if (server && pool && step) {
      const refusal = formRefusal(request);
      if (refusal) {
        return reply
          .code(403)
          .type('text/plain; charset=utf-8')
          .send(`${refusal} Nothing was done.`);
      }
      const onboarding = 'values' in step;
      const outcome = await formStep(
        request,
        reply,
        step.call,
        step.body,
        onboarding ? ONBOARDING_REFUSAL_FIELDS : 'fields' in step ? step.fields : undefined,
      );
      if ('next' in outcome) {
        return reply.header('cache-control', 'no-store').redirect(outcome.next, 303);
      }
      const retryAfter = Number(outcome.retryAfter);
      if (onboarding) {
        // A step out of turn (another tab moved the journey on): the page of the step it is at.
        const flow = outcome.status === 409 ? await readOnboarding(request) : null;
        if (flow) {
          return reply.header('cache-control', 'no-store').redirect(onboardingPageOf(flow), 303);
        }
        return sendStep(request, reply, server, pool, outcome.status, undefined, {
          path,
          status: outcome.status,
          // Its field is one of the onboarding's (`ONBOARDING_REFUSAL_FIELDS` kept no other).
          refusal: outcome.refusal as OnboardingRefusal,
          ...(Number.isInteger(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
          values: step.values as Record<string, string>,
        });
      }
      if (path === MERGE_PAGE) {
        // The merge's page again, with the refusal (a wrong proof at its field).
        void reply.code(outcome.status);
        // Read from the flow itself: the portal's read of a form's request may be refused.
        const read = (await readMerge(request)) ?? (await mergeSteps.read(request, reply));
        return sendSignedIn(request, reply, pool, {
          extras: {
            merge: 'data' in read ? read : null,
            form: { path, refusal: outcome.refusal, values: {} },
          },
        });
      }
      if (stepUp) {
        // The step-up's page again, drawn for the signed-in user with the refusal at its field.
        if (outcome.status === 401) {
          return reply.header('cache-control', 'no-store').redirect('/login/email', 303);
        }
        void reply.code(outcome.status);
        return sendSignedIn(request, reply, pool, {
          extras: {
            // The view the step was sent from: a check that is over says so there.
            signIn: stepUp,
            form: {
              path,
              refusal: outcome.refusal,
              ...(Number.isInteger(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
              values: {},
            },
          },
        });
      }
      return sendStep(request, reply, server, pool, outcome.status, {
        path,
        refusal: outcome.refusal,
        ...(Number.isInteger(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
        // What was typed comes back, never the password or the code.
        values:
          ('typed' in step ? step.typed : undefined) ??
          (typeof step.body.username === 'string' ? { username: step.body.username } : {}),
      });
    }
    // Another drawn page's form sent before its script ran: the page again, nothing kept or read.
    return server && entryPages.has(path)
      ? reply.header('cache-control', 'no-store').redirect(request.url, 303)
      : notFound(request, reply);
  });
};
