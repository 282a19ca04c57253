import { AsyncLocalStorage } from 'node:async_hooks';
import type { Locale, PortalConfig, User } from '@portal/contract';
import i18next, { type PostProcessorModule } from 'i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { newQueryClient, startSignedIn, startSignedOut, startSignInStep } from './app/App';
import { preloadPage } from './app/router';
import {
  AFTER_SIGN_IN_PAGES,
  CONSENT_PAGES,
  SIGN_IN_STEP_PAGES,
  SIGNED_IN_PAGES,
} from './entry-pages';
import {
  htmlLang,
  initI18n,
  localeOfLanguage,
  type Namespace,
  pickLocale,
  renderInstance,
  STARTUP_NAMESPACES,
  textsOf,
} from './i18n/i18n';
import { ALL_NAMESPACES } from './i18n/namespaces';
import { scopeConfig, setConfig } from './lib/config';
import { decide } from './lib/guard-rules';
import { pageTitleOf } from './lib/page-navigation';
import { routeNameOf, routes } from './lib/routes';
import { Page } from './page';
import type { DrawExtras, PageData } from './page-data';

/*
 * The server's half of the entry pages (docs/decisions/0005-server-rendered-entry-pages.md):
 * the gateway imports this bundle (`vite build --ssr`) and draws a signed-out
 * visitor's sign-in, recovery, onboarding and maintenance pages with React's
 * own renderer; `main.tsx` hydrates them with the same data.
 */

export {
  AFTER_SIGN_IN_PAGES,
  CONSENT_PAGES,
  ENTRY_PAGES,
  LOCKDOWN_PAGES,
  ONBOARDING_STEP_PAGES,
  PAGE_SOURCES,
  RECOVERY_STEP_PAGES,
  SIGN_IN_STEP_PAGES,
  SIGNED_IN_PAGES,
} from './entry-pages';

/** Every screen's path (the app's route table): the gateway labels its page metrics with them. */
export const APP_PATHS: readonly string[] = Object.values(routes);

/** The languages of an `Accept-Language` header, most wanted first (RFC 9110 §12.5.4). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, order };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map(({ tag }) => tag);
}

/** docs/product.md part 1 on the server: the remembered language, else the browser's, limited to the variant's. */
export function localeFor(
  config: PortalConfig,
  acceptLanguage: string | undefined,
  remembered: string | undefined,
): Locale {
  return pickLocale(
    config.languages,
    config.fallbackLanguage,
    acceptedLanguages(acceptLanguage),
    remembered ?? null,
  );
}

export interface DrawnPage {
  /** `<html lang>`. */
  lang: string;
  /** `<title>`, escaped for HTML. */
  title: string;
  /** The root's inner HTML. */
  html: string;
  /** The JSON data block the first client render reads (`page-data.ts`), safe inside `<script>`. */
  data: string;
}

/**
 * JSON to put inside `<script type="application/json">`: `<` as \u003c (no
 * text in the data can close the element or open a comment: `</script>`,
 * `<!--`), and the line and paragraph separators (U+2028, U+2029) escaped too,
 * as every JSON-in-HTML serializer does. What the user typed stays data.
 */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Every page's texts: `forms` names the password field's toggle, `titles` the page. */
const PAGE_NAMESPACES: readonly Namespace[] = [...STARTUP_NAMESPACES, 'forms', 'titles'];

/**
 * The namespaces whose texts a render used: they go with the page, so that
 * the browser draws it with the same words. Each render's own set, in its
 * i18next instance's options (`usedTexts`), where the post-processor finds it.
 */
interface UsedTexts {
  usedTexts?: Set<Namespace>;
}
const usedTexts: PostProcessorModule = {
  type: 'postProcessor',
  name: 'used-texts',
  process(value, keys, _options, translator) {
    const used = (translator as { options?: UsedTexts }).options?.usedTexts;
    for (const key of [keys].flat()) used?.add(key.split('.')[0] as Namespace);
    return value;
  },
};

/** The library's instance, started once: the store of texts every render's own instance shares. */
let texts: Promise<unknown> | null = null;
const textsReady = (locale: Locale) => {
  texts ??= initI18n(locale, PAGE_NAMESPACES).then(() => i18next.use(usedTexts));
  return texts;
};

/**
 * Each render's own state (docs/decisions/0005-server-rendered-entry-pages.md):
 * its query client, its i18next instance (its language, the texts it used)
 * and the variant's config. Renders run at once in a render thread without
 * sharing any of it: `getConfig()` reads the config of the render it is
 * called in (an AsyncLocalStorage, which follows React's work across its
 * awaits), the components their render's instance (`I18nextProvider`).
 */
const renderScope = new AsyncLocalStorage<PortalConfig>();
scopeConfig(() => renderScope.getStore());

function draw(
  location: string,
  config: PortalConfig,
  locale: Locale,
  user?: User,
  extras: DrawExtras = {},
): Promise<DrawnPage> {
  return renderScope.run(config, () => drawIn(location, config, locale, user, extras));
}

async function drawIn(
  location: string,
  config: PortalConfig,
  locale: Locale,
  user: User | undefined,
  extras: DrawExtras,
): Promise<DrawnPage> {
  // The render's own cache: nothing of another visitor's page is in it, and it
  // goes, with the user's data, when the render ends.
  const client = newQueryClient();
  if (user) startSignedIn(user, client);
  else startSignedOut(client);
  startSignInStep(extras, client);
  await textsReady(locale);
  const used = new Set<Namespace>();
  // Every namespace in this language (a page's screens name theirs as they load).
  const i18n = await renderInstance(locale, ALL_NAMESPACES, {
    postProcess: [usedTexts.name],
    usedTexts: used,
  } satisfies UsedTexts & Record<string, unknown>);
  const { pathname } = new URL(location, 'http://portal');
  if (!config.maintenance) await preloadPage(pathname);
  let html = '';
  const { prelude } = await prerenderToNodeStream(
    <I18nextProvider i18n={i18n}>
      <Page config={config} location={location} client={client} />
    </I18nextProvider>,
  );
  for await (const chunk of prelude) html += chunk;
  // The CSP allows no style attribute (style-src 'self'): React Aria's visually hidden
  // parts keep theirs as data, which styles.css matches and `main.tsx` applies.
  html = html.replace(
    / style="([^"]*)"/g,
    (_attribute, style: string) => ` data-ssr-style="${style}"`,
  );
  const data: PageData = {
    config,
    locale,
    texts: textsOf(new Set([...PAGE_NAMESPACES, ...used]), locale),
    ...(user ? { user } : {}),
    ...extras,
  };
  const title = pageTitleOf(i18n.t, routeNameOf(pathname));
  return {
    lang: htmlLang(locale),
    title: escapeHtml(title),
    html,
    data: scriptSafeJson(data),
  };
}

/**
 * Draws `location` (path and query) for a signed-out visitor of `config`'s
 * variant in `locale`; a sign-in step with its journey's state (`extras`).
 */
export function render(
  location: string,
  config: PortalConfig,
  locale: Locale,
  extras: DrawExtras = {},
): Promise<DrawnPage> {
  return draw(location, config, locale, undefined, extras);
}

/**
 * Draws `location` for the signed-in `user` (`GET /api/user`'s answer to this
 * very request), in the account's language as the browser would pick it
 * (docs/product.md part 4, root on load), or null when the page is not one the server
 * draws for them: another page, an address with a query (the dashboard's
 * `redirect_uri`), or one the route guard would not show this user (a weak
 * password, a forced second factor): the browser then draws it as before.
 * A step-up's `/mfa` and `/mfa/methods` are drawn with its flow's view
 * (`extras.signIn`, and a refused form). The consent page is drawn with its flow's view (`extras.consent`) in the
 * language its journey began in (`locale`), its invalid-configuration
 * address (`?error=`) included; the sign-in's pages after the session starts
 * with their query, a refused form (`extras.form`) and the deletion under way.
 */
export function renderSignedIn(
  location: string,
  config: PortalConfig,
  user: User,
  extras: DrawExtras = {},
  locale?: string,
): Promise<DrawnPage | null> {
  const { pathname, search } = new URL(location, 'http://portal');
  const consent =
    (CONSENT_PAGES as readonly string[]).includes(pathname) && extras.consent !== undefined;
  // The sign-in's pages after the session starts keep their query (the sign-in's `target`).
  const afterSignIn = (AFTER_SIGN_IN_PAGES as readonly string[]).includes(pathname);
  // A step-up's or a merge's code and method list (`/mfa`, `/mfa/methods`), drawn from its flow.
  const stepUp =
    (SIGN_IN_STEP_PAGES as readonly string[]).includes(pathname) &&
    extras.signIn?.journey !== undefined &&
    extras.signIn.journey !== 'sign-in';
  // The duplicate merge's page, drawn from its flow (`extras.merge`).
  const merge = pathname === '/duplicated' && extras.merge !== undefined;
  const drawable =
    consent ||
    afterSignIn ||
    stepUp ||
    merge ||
    ((SIGNED_IN_PAGES as readonly string[]).includes(pathname) && !search);
  if (!drawable || config.maintenance) return Promise.resolve(null);
  const decision = decide({
    to: routeNameOf(pathname),
    from: null,
    path: location,
    user,
    targetClientId: extras.consent ? String(extras.consent.client.client_id) : null,
  });
  if (decision.kind !== 'render') return Promise.resolve(null);
  const journeyLocale = config.languages.find((allowed) => allowed === locale);
  const drawIn =
    journeyLocale ?? localeOfLanguage(user.language, config.languages) ?? config.defaultLanguage;
  const own = consent
    ? { consent: extras.consent }
    : stepUp
      ? { signIn: extras.signIn, ...(extras.form ? { form: extras.form } : {}) }
      : merge
        ? { merge: extras.merge, ...(extras.form ? { form: extras.form } : {}) }
        : pathname === '/setup-mfa'
          ? extras.forcedMfa !== undefined
            ? { forcedMfa: extras.forcedMfa }
            : {}
          : afterSignIn
            ? {
                ...(extras.form ? { form: extras.form } : {}),
                ...(extras.deletion !== undefined ? { deletion: extras.deletion } : {}),
              }
            : {};
  return draw(location, config, drawIn, user, own);
}

/**
 * Loads, once at the gateway's start, what drawing the signed-in pages needs
 * (their screens' code and texts): the first visitor after a start then gets
 * a drawn page within the gateway's wait like any other, not the app's shell.
 */
export async function warmSignedIn(config: PortalConfig): Promise<void> {
  setConfig(config);
  await textsReady(config.defaultLanguage);
  await renderScope.run(config, async () => {
    for (const path of SIGNED_IN_PAGES) await preloadPage(path);
  });
}
