import { tsr } from '../../../lib/tsr';

/** Query keys of the access screen. */
export const grantKeys = {
  all: ['grants'] as const,
};

/** The partner apps the user let in (`GET /grants`). */
export const useGrants = () => tsr.grants.listGrants.useQuery({ queryKey: grantKeys.all });
