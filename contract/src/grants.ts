import { c } from './c';

// Domain: grants. Account-API routes (what an upstream speaks) and their portal
// counterparts (what the browser speaks under /api, with no token in it).
export const grantsAccount = c.router({});

export const grantsPortal = c.router({});
