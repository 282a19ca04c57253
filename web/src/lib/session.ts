import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, tsr } from './api';

/** The signed-in user, or null when the gateway says nobody is signed in. */
export function useCurrentUser() {
  const query = tsr.profile.getUser.useQuery({
    queryKey: queryKeys.user,
    retry: false,
    staleTime: 60_000,
  });
  const user = query.data?.status === 200 ? query.data.body.data : null;
  return { user, isLoading: query.isPending, query };
}

/** Logout (spec part 4): server tokens deleted, cookie cleared, user data dropped. */
export function useLogout() {
  const queryClient = useQueryClient();
  const mutation = tsr.auth.deleteToken.useMutation({
    onSettled: () => {
      sessionStorage.clear();
      queryClient.removeQueries();
    },
  });
  return mutation;
}
