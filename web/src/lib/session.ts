import type { User } from '@portal/contract';
import { useQuery, type useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { changeLocale, currentLocale, localeOfLanguage } from '../i18n/i18n';
import { forgetVisitChoice, isLanguage, visitLocale } from '../i18n/remember';
import { answerOrThrow, api, queryKeys } from './api';
import { getConfig } from './config';

const ACCOUNT_COPY = 'account';

/**
 * What the browser keeps of the account between visits: the language only,
 * so that a returning user's first paint is in their language before the
 * gateway answers (docs/decisions/0004-browser-keeps-first-paint-data.md).
 * Nothing that identifies or reaches the person (names, addresses, numbers,
 * IBAN, birth date) is kept: local storage outlives the session and any
 * script of the page can read it. Screens wait for the gateway's answer,
 * which `index.html` preloads with the page.
 */
interface FirstPaint {
  language: User['language'];
}
/** Keeps (or, with null, forgets) the first-paint copy of the account. */
export function keepCopy(user: FirstPaint | null): void {
  // The server's render keeps nothing.
  if (typeof localStorage === 'undefined') return;
  try {
    if (user) localStorage.setItem(ACCOUNT_COPY, JSON.stringify({ language: user.language }));
    else localStorage.removeItem(ACCOUNT_COPY);
  } catch {
    // docs/product.md part 8: local storage missing is only logged.
    console.info('local storage unavailable; the account copy is not kept');
  }
}

/**
 * The language an earlier visit kept (docs/product.md part 4, root on load), or null. A
 * whole account kept by an older version is cut down to it here.
 */
export function storedLanguage(): User['language'] | null {
  try {
    const raw = localStorage.getItem(ACCOUNT_COPY);
    const copy = raw === null ? null : (JSON.parse(raw) as Partial<FirstPaint> | null);
    const language = isLanguage(copy?.language) ? copy.language : null;
    if (raw !== null && (language === null || Object.keys(copy ?? {}).length > 1)) {
      keepCopy(language === null ? null : { language });
    }
    return language;
  } catch {
    return null;
  }
}

function selectUser(res: { status: number; body: unknown }): User | null {
  const user = res.status === 200 ? (res.body as { data: User }).data : null;
  keepCopy(user);
  return user;
}

/**
 * The signed-in user, or null when the gateway says nobody is signed in:
 * always the gateway's answer (`GET /api/user`, preloaded with the page),
 * never a stored copy.
 */
export function useCurrentUser() {
  // `api` rather than the `tsr` hook: this runs on the first page (bundle budget, see ./tsr).
  const query = useQuery({
    queryKey: queryKeys.user,
    queryFn: ({ signal }) =>
      answerOrThrow(
        api.profile.getUser({ fetchOptions: { signal } }).then((res) => {
          // Nobody signed in: the copy of an earlier visit goes.
          if (res.status === 401) keepCopy(null);
          return res;
        }),
      ),
    retry: false,
    staleTime: 60_000,
    select: selectUser,
  });
  const user = query.data ?? null;
  // Loading only until the first answer. A signed-out visitor's 401 is an error,
  // not data: each new observer (the header's tools mount after the page) fetches
  // again and TanStack Query puts a query without data back to `pending` while it
  // does; counting that as loading would unmount the page under the visitor's
  // typing. A sign-in resets the query (`refreshUser`), which starts over.
  return {
    user,
    isLoading: query.isPending && !query.isFetched,
    query,
  };
}

/**
 * A journey's step drawn in the language the journey began in (the partner's
 * consent, which ends at the partner): the account's language waits until the
 * journey is over (one language per journey, docs/flows.md).
 */
let journeyLanguageHeld = false;
export function holdJourneyLanguage(): void {
  journeyLanguageHeld = true;
}

/**
 * docs/product.md part 4, root on load: the language follows the signed-in user's, when
 * the variant offers it, else the variant's default. Applied when the user's
 * language becomes known or changes on the server, so that the header's
 * switcher (which saves the choice to the profile) is never undone.
 *
 * A language picked during this visit, before the sign-in, stays instead
 * (the first account page offers it for the account once:
 * docs/journeys-signin.md#the-language-chosen-before-signing-in), until the
 * account's language changes while the page is open: that is the latest word.
 */
export function useFollowUserLanguage(): void {
  const { user } = useCurrentUser();
  const language = user?.language;
  const seen = useRef<User['language'] | undefined>(undefined);
  useEffect(() => {
    const before = seen.current;
    seen.current = language;
    if (!language || journeyLanguageHeld) return;
    if (before && before !== language) forgetVisitChoice();
    const config = getConfig();
    const locale =
      visitLocale(config.languages) ??
      localeOfLanguage(language, config.languages) ??
      config.defaultLanguage;
    if (locale !== currentLocale()) void changeLocale(locale);
  }, [language]);
}

/** After a sign-in: forget any previous answer and read the user afresh. */
export async function refreshUser(queryClient: ReturnType<typeof useQueryClient>) {
  await queryClient.resetQueries({ queryKey: queryKeys.user });
}
