import { portalApi } from 'virtual:portal-api';
import { initClient } from '@ts-rest/core';
import { clientArgs } from './api';

/**
 * The ts-rest client of the portal contract. Loaded with the first call
 * (`api` in ./api is its stand-in until then): with the contract's routes and
 * the copy of zod 3 that @ts-rest/core carries inside it, it is 15 KB
 * compressed that a drawn page does not need before its first call
 * (docs/performance.md, the sign-in page's budget).
 */
export const client = initClient(portalApi, clientArgs);
