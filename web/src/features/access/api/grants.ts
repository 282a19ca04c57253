import type { Grant } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOrThrow, api } from '../../../lib/api';

/** Query keys of the access screen. */
export const grantKeys = {
  all: ['grants'] as const,
};

/** The partner apps the user let in (`GET /tokens`). */
export const grantsQuery = queryOptions({
  queryKey: grantKeys.all,
  queryFn: ({ signal }) => answerOrThrow(api.grants.listGrants({ fetchOptions: { signal } })),
});

/** Takes an app's access back (`DELETE /token/:client_id`); the list is read again. */
export function useRevokeGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grant: Grant) =>
      answerOrThrow(api.grants.revokeGrant({ params: { client_id: String(grant.client_id) } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: grantKeys.all }),
  });
}
