import { tsr } from '../../../lib/tsr';

/** Query key of the account's e-mail notices (Profile → Notifications). */
export const notificationsKey = ['notifications'] as const;

/** The account's notification settings (`GET /user/notifications`). */
export const useNotificationSettings = () =>
  tsr.notifications.getNotificationSettings.useQuery({ queryKey: notificationsKey });
