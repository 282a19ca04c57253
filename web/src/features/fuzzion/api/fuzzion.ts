import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Query keys of the duplicate merge: one entry per merge payload. */
export const fuzzionKeys = {
  all: ['fuzzion'] as const,
  details: (payload: string) => ['fuzzion', payload] as const,
};

/** The merge as it stands (`POST /fuzzion/details`, read with the payload sign-in handed over). */
export const useFuzzionDetails = (payload: string) =>
  useQuery({
    queryKey: fuzzionKeys.details(payload),
    queryFn: () => api.fuzzion.details({ body: { payload } }),
    // Read afresh on arrival: a code check on the MFA screens may have proven ownership.
    refetchOnMount: 'always',
    retry: false,
  });
