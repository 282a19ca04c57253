import type { User } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, tsr } from './api';
import { clearFlowState } from './flow-state';
import { setWeakLock } from './weak-lock';

const ACCOUNT_COPY = 'account';

function keepCopy(user: User | null): void {
  try {
    if (user) localStorage.setItem(ACCOUNT_COPY, JSON.stringify(user));
    else localStorage.removeItem(ACCOUNT_COPY);
  } catch {
    // Spec part 8: local storage missing is only logged.
    console.info('local storage unavailable; the account copy is not kept');
  }
}

function selectUser(res: { status: number; body: unknown }): User | null {
  const user = res.status === 200 ? (res.body as { data: User }).data : null;
  keepCopy(user);
  return user;
}

/**
 * The signed-in user, or null when the gateway says nobody is signed in. A
 * copy is kept in local storage (spec part 3); the gateway's answer rules.
 */
export function useCurrentUser() {
  const query = tsr.profile.getUser.useQuery({
    queryKey: queryKeys.user,
    retry: false,
    staleTime: 60_000,
    select: selectUser,
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, query };
}

/** After a sign-in: forget any previous answer and read the user afresh. */
export async function refreshUser(queryClient: ReturnType<typeof useQueryClient>) {
  await queryClient.resetQueries({ queryKey: queryKeys.user });
}

/**
 * Logout (spec part 4): the gateway deletes the server token and the cookie;
 * the user data, the MFA state and every flow's state go too.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return tsr.auth.deleteToken.useMutation({
    onSettled: () => {
      setWeakLock(false);
      clearFlowState();
      keepCopy(null);
      queryClient.removeQueries();
    },
  });
}
