import { c } from './c';

// Domain: fuzzion. Account-API routes (what an upstream speaks) and their portal
// counterparts (what the browser speaks under /api, with no token in it).
export const fuzzionAccount = c.router({});

export const fuzzionPortal = c.router({});
