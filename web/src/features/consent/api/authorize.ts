import type { AuthorizeQuery } from '@portal/contract';
import { tsr } from '../../../lib/tsr';

/** Query keys of the consent screen: one entry per authorisation request. */
export const consentKeys = {
  authorize: (request: AuthorizeQuery) => ['authorize', request] as const,
};

/** What the partner app asks for, and whether the user approved it before (`GET /authorize`). */
export const useAuthorize = (request: AuthorizeQuery) =>
  tsr.grants.authorize.useQuery({
    queryKey: consentKeys.authorize(request),
    queryData: { query: request },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
