import type { NotificationSettings } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOrThrow, api } from '../../../lib/api';

/** The account's notification settings (`GET /user/notifications`, Profile → Notifications). */
export const notificationsQuery = queryOptions({
  queryKey: ['notifications'] as const,
  queryFn: ({ signal }) =>
    answerOrThrow(api.notifications.getNotificationSettings({ fetchOptions: { signal } })),
});

/** Changes some of them (`PATCH /user/notifications`): the answer is the settings now. */
export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<NotificationSettings>) =>
      answerOrThrow(api.notifications.updateNotificationSettings({ body: change })),
    onSuccess: (res) => queryClient.setQueryData(notificationsQuery.queryKey, res),
  });
}
