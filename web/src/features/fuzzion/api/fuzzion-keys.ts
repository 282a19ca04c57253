/** Query keys of the duplicate merge: one entry per merge payload. */
export const fuzzionKeys = {
  all: ['fuzzion'] as const,
  details: (payload: string) => ['fuzzion', payload] as const,
};
