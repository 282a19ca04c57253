import type { User } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { changeLocale, currentLocale, localeOfLanguage } from '../i18n/i18n';
import { answerOrThrow, api, queryKeys } from './api';
import { getConfig } from './config';

const ACCOUNT_COPY = 'account';

/** Keeps (or, with null, forgets) the account copy. */
export function keepCopy(user: User | null): void {
  // The server's render keeps nothing.
  if (typeof localStorage === 'undefined') return;
  try {
    if (user) localStorage.setItem(ACCOUNT_COPY, JSON.stringify(user));
    else localStorage.removeItem(ACCOUNT_COPY);
  } catch {
    // Spec part 8: local storage missing is only logged.
    console.info('local storage unavailable; the account copy is not kept');
  }
}

/** The copy kept by an earlier visit (spec part 4, root on load), or null. */
export function storedUser(): User | null {
  try {
    const raw = localStorage.getItem(ACCOUNT_COPY);
    const user = raw === null ? null : (JSON.parse(raw) as User);
    return user && typeof user === 'object' && typeof user.language === 'string' ? user : null;
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
 * The signed-in user, or null when the gateway says nobody is signed in. A
 * copy is kept in local storage (spec part 3): on load it shows at once while
 * the gateway is asked (spec part 4, root on load); the gateway's answer rules.
 */
export function useCurrentUser() {
  const queryClient = useQueryClient();
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
    placeholderData: () => {
      // Once the gateway has said nobody is signed in, the copy is not shown again
      // while a new observer asks once more.
      if (queryClient.getQueryState(queryKeys.user)?.error) return undefined;
      const copy = storedUser();
      return copy
        ? { status: 200 as const, body: { data: copy }, headers: new Headers() }
        : undefined;
    },
  });
  const user = query.data ?? null;
  // Loading only until the first answer. A signed-out visitor's 401 is an error,
  // not data: each new observer (the header's tools mount after the page) fetches
  // again and TanStack Query puts a query without data back to `pending` while it
  // does; counting that as loading would unmount the page under the visitor's
  // typing. A sign-in resets the query (`refreshUser`), which starts over.
  // `fromCopy`: the user shown is the stored copy, the gateway has not answered yet.
  return {
    user,
    isLoading: query.isPending && !query.isFetched,
    fromCopy: query.isPlaceholderData,
    query,
  };
}

/**
 * Spec part 4, root on load: the language follows the signed-in user's, when
 * the variant offers it, else the variant's default. Applied when the user's
 * language becomes known or changes on the server, so that the header's
 * switcher (which saves the choice to the profile) is never undone.
 */
export function useFollowUserLanguage(): void {
  const { user } = useCurrentUser();
  const language = user?.language;
  useEffect(() => {
    if (!language) return;
    const config = getConfig();
    const locale = localeOfLanguage(language, config.languages) ?? config.defaultLanguage;
    if (locale !== currentLocale()) void changeLocale(locale);
  }, [language]);
}

/** After a sign-in: forget any previous answer and read the user afresh. */
export async function refreshUser(queryClient: ReturnType<typeof useQueryClient>) {
  await queryClient.resetQueries({ queryKey: queryKeys.user });
}
