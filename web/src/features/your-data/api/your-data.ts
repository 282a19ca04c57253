import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOrThrow, api, queryKeys, type Sender, sentOrThrow } from '../../../lib/api';
import { keepCopy } from '../../../lib/session';

/** Query keys of the your-data screens. */
export const yourDataKeys = {
  deletion: queryKeys.deletion,
};

/** What deleting the account means, its grace period, and the request under way (`GET /user/deletion`). */
export const deletionQuery = queryOptions({
  queryKey: yourDataKeys.deletion,
  queryFn: async ({ signal }) =>
    (await answerOrThrow(api.yourData.getDeletion({ fetchOptions: { signal } }))).body,
});

/**
 * Makes a copy of the account (`POST /user/export`, through the step-up):
 * answers the copy, which stays in this page only (the screen shows its
 * summary and saves it as a file), or null when the check was closed.
 */
export function useExportData(run: Sender) {
  return useMutation({
    mutationFn: async () => {
      const res = await sentOrThrow(run, () => api.yourData.exportData({}));
      return res?.body ?? null;
    },
  });
}

/**
 * Asks for the deletion (`POST /user/deletion`, through the step-up). The
 * account API ended every session, this one too: what the app kept of the
 * user goes, as at a sign-out, once the screen has moved on (`then`).
 */
export function useRequestDeletion(run: Sender, then: (deleteAt: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_: object = {}) =>
      sentOrThrow(run, () => api.yourData.requestDeletion({ body: { confirm: true } })),
    onSuccess: (res) => {
      if (!res) return;
      then(res.body.delete_at);
      keepCopy(null);
      queryClient.removeQueries();
    },
  });
}

/** Keeps the account (`DELETE /user/deletion`): the request under way is cancelled. */
export function useCancelDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_: object = {}) => answerOrThrow(api.yourData.cancelDeletion({})),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: yourDataKeys.deletion }),
  });
}
