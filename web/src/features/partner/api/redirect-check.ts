import { tsr } from '../../../lib/tsr';

/** Query keys of the partner screens. */
export const partnerKeys = {
  redirectCheck: (uri: string | null) => ['redirect-check', uri] as const,
};

/** Whether the gateway lets the user go to `uri` after linking (no open redirect). */
export const useRedirectCheck = (uri: string | null) =>
  tsr.grants.redirectCheck.useQuery({
    queryKey: partnerKeys.redirectCheck(uri),
    queryData: { query: { uri: uri ?? '' } },
    enabled: uri !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
