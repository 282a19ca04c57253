import { portalApi } from 'virtual:portal-api';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';
import { clientArgs } from './api';

/**
 * The only way screens talk to the gateway: TanStack Query hooks derived from
 * the portal contract. Not imported by the first page's code (`main.tsx` and
 * what it loads at once): this module brings every TanStack hook with it, 4 KB
 * gzipped over the /login/email budget. That code uses `api` with
 * `answerOrThrow` (./api), which fills the same cache entries the same way.
 */
export const tsr = initTsrReactQuery(portalApi, clientArgs);
