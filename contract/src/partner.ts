import { c } from './c';

// Domain: partner. Account-API routes (what an upstream speaks) and their portal
// counterparts (what the browser speaks under /api, with no token in it).
export const partnerAccount = c.router({});

export const partnerPortal = c.router({});
