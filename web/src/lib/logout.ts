import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOrThrow, api } from './api';
import { clearFlowState } from './flow-state';
import { keepCopy } from './session';
import { setWeakLock } from './weak-lock';

/**
 * Logout (docs/product.md part 4): the gateway deletes the server token and the cookie;
 * the user data, the MFA state and every flow's state go too. Apart from
 * ./session, so that the first page does without `useMutation`.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_: object = {}) => answerOrThrow(api.auth.deleteToken({})),
    onSettled: () => {
      setWeakLock(false);
      clearFlowState();
      keepCopy(null);
      queryClient.removeQueries();
    },
  });
}
