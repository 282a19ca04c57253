import { c } from './c';

// Domain: sessions. Account-API routes (what an upstream speaks) and their portal
// counterparts (what the browser speaks under /api, with no token in it).
export const sessionsAccount = c.router({});

export const sessionsPortal = c.router({});
