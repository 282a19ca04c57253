import { queryOptions } from '@tanstack/react-query';
import { answerOrThrow, api } from '../../../lib/api';

/** Query keys of the partner screens. */
export const partnerKeys = {
  redirectCheck: (uri: string) => ['redirect-check', uri] as const,
};

/** Whether the gateway lets the user go to `uri` after linking (no open redirect). */
export const redirectCheckQuery = (uri: string) =>
  queryOptions({
    queryKey: partnerKeys.redirectCheck(uri),
    queryFn: ({ signal }) =>
      answerOrThrow(api.grants.redirectCheck({ query: { uri }, fetchOptions: { signal } })),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
