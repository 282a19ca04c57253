import { portalApi } from 'virtual:portal-api';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';
import { clientArgs } from './api';

/**
 * TanStack Query hooks derived from the portal contract, for shared widgets'
 * reads (the MFA methods, the step-up); a feature's calls are its `api/`
 * folder's, on `api` with `answerOrThrow` (./api), which fills the same cache
 * entries the same way. Not imported by the first page's code (`main.tsx` and
 * what it loads at once): this module brings every TanStack hook with it, 4 KB
 * gzipped over the /login/email budget.
 */
export const tsr = initTsrReactQuery(portalApi, clientArgs);
