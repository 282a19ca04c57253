import { queryOptions, useMutation } from '@tanstack/react-query';
import { answerOrThrow, api, goneOrThrow } from '../../../lib/api';

/** Query keys of the duplicate merge: one entry per merge payload. */
export const fuzzionKeys = {
  all: ['fuzzion'] as const,
  details: (payload: string) => ['fuzzion', payload] as const,
};

/** The merge as it stands (`POST /fuzzion/details`, read with the payload sign-in handed over). */
export const fuzzionDetailsQuery = (payload: string) =>
  queryOptions({
    queryKey: fuzzionKeys.details(payload),
    queryFn: ({ signal }) =>
      answerOrThrow(api.fuzzion.details({ body: { payload }, fetchOptions: { signal } })),
    // Read afresh on arrival: a code check on the MFA screens may have proven ownership.
    refetchOnMount: 'always',
    retry: false,
  });

/** Claims the other account by its card number or its platform's password (`POST /fuzzion/claim`). */
export const useClaim = () =>
  useMutation({
    mutationFn: (
      body:
        | { payload: string; card_number: string }
        | { payload: string; password: string; captcha?: string },
    ) => answerOrThrow(api.fuzzion.claim({ body })),
  });

/** Ownership proven: merges the accounts or keeps them apart (`POST /fuzzion/accept`, `/decline`). */
export const useDecide = () =>
  useMutation({
    mutationFn: ({ payload, merge }: { payload: string; merge: boolean }): Promise<unknown> =>
      merge
        ? answerOrThrow(api.fuzzion.accept({ body: { payload } }))
        : answerOrThrow(api.fuzzion.decline({ body: { payload } })),
  });

/**
 * Ends the merge without one: "not me" or "ignore for now" (`POST
 * /fuzzion/not-me`, `/ignore`); a merge that is over already (404) has
 * nothing left to settle.
 */
export const useLeave = () =>
  useMutation({
    mutationFn: ({
      payload,
      end,
    }: {
      payload: string;
      end: 'notMe' | 'ignore';
    }): Promise<unknown> =>
      end === 'notMe'
        ? goneOrThrow(api.fuzzion.notMe({ body: { payload } }))
        : goneOrThrow(api.fuzzion.ignore({ body: { payload } })),
  });
