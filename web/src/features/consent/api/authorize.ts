import type { AuthorizeQuery } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { answerOrThrow, api } from '../../../lib/api';

/** Query keys of the consent screen: one entry per authorisation request. */
export const consentKeys = {
  authorize: (request: AuthorizeQuery) => ['authorize', request] as const,
};

/** What the partner app asks for, and whether the user approved it before (`GET /authorize`). */
export const authorizationQuery = (request: AuthorizeQuery) =>
  queryOptions({
    queryKey: consentKeys.authorize(request),
    queryFn: ({ signal }) =>
      answerOrThrow(api.grants.authorize({ query: request, fetchOptions: { signal } })),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
