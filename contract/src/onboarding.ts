import { c } from './c';

// Domain: onboarding. Account-API routes (what an upstream speaks) and their portal
// counterparts (what the browser speaks under /api, with no token in it).
export const onboardingAccount = c.router({});

export const onboardingPortal = c.router({});
