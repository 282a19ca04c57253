import type { ConsentView } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/*
 * The partner's consent as the browser sees it (docs/flows.md, "Partner
 * authorisation"): the gateway keeps the request in the consent flow and
 * draws `/approve` from it; the page reads what it shows from its data block,
 * or (drawn in the browser) from `GET /api/consent`. Its form is the
 * gateway's: the answer goes as a plain HTML post, with JavaScript or without.
 */

/** The consent under way in this browser, or null (none, answered, expired). */
export const consentFlowQuery = queryOptions({
  queryKey: ['consent-flow'] as const,
  queryFn: async (): Promise<ConsentView | null> => {
    const res = await api.grants.readConsent();
    return res.status === 200 ? res.body : null;
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});
