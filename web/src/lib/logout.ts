import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOrThrow, api } from './api';
import { keepCopy } from './session';
import { setWeakLock } from './weak-lock';

/**
 * Logout (docs/product.md part 4): the gateway deletes the server token and the cookie;
 * the user data and the MFA state go too (no journey keeps anything in the browser:
 * its flows are the gateway's, docs/decisions/0011-journeys-owned-by-the-gateway.md). Apart from
 * ./session, so that the first page does without `useMutation`.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_: object = {}) => answerOrThrow(api.auth.deleteToken({})),
    onSettled: () => {
      setWeakLock(false);
      keepCopy(null);
      queryClient.removeQueries();
    },
  });
}
