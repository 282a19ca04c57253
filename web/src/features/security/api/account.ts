import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOrThrow, api, queryKeys, type Sender, sentOrThrow } from '../../../lib/api';
import { securityKeys } from './sessions';

/** Changes the password (`POST /user/password`, through the step-up); the user is read again. */
export function useChangePassword(run: Sender) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { current_password: string; password: string; captcha?: string }) =>
      sentOrThrow(run, () => api.profile.changePassword({ body })),
    onSuccess: async (res) => {
      if (res) await queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
}

/** Removes the workplace login (`DELETE /user/sso`); the user and the history are read again. */
export function useUnlinkWorkplace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answerOrThrow(api.partner.unlinkSso({})),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.user });
      await queryClient.invalidateQueries({ queryKey: securityKeys.history });
    },
  });
}
