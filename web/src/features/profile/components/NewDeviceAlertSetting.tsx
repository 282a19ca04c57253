import type { NotificationSettings } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../../components/Choices';
import { tsr } from '../../../lib/tsr';
import './setting.css';
import { notificationsKey, useNotificationSettings } from '../api/notifications';

/**
 * Profile → Notifications: the new-device sign-in alert, on or off (issue 16,
 * item 4), saved upstream as soon as it is ticked.
 */
export function NewDeviceAlertSetting() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<'saved' | 'failed' | null>(null);
  const query = useNotificationSettings();
  const settings = query.data?.status === 200 ? query.data.body : null;

  const save = useMutation({
    mutationFn: (change: Partial<NotificationSettings>) =>
      tsr.notifications.updateNotificationSettings.mutate({ body: change }),
    onSuccess: (res) => {
      if (res.status !== 200) return setResult('failed');
      queryClient.setQueryData(notificationsKey, res);
      setResult('saved');
    },
    onError: () => setResult('failed'),
  });

  return (
    <fieldset className="setting">
      <legend>{t('devices.alerts.title')}</legend>
      <Switch
        checked={settings?.new_device_sign_in ?? false}
        disabled={!settings || save.isPending}
        describedBy={`${id}-hint`}
        onChange={(checked) => {
          setResult(null);
          save.mutate({ new_device_sign_in: checked });
        }}
      >
        {t('devices.alerts.newDevice')}
      </Switch>
      <p id={`${id}-hint`} className="muted">
        {t('devices.alerts.newDeviceHint')}
      </p>
      <div role="status">
        {result === 'saved' && <p className="notice notice-success">{t('devices.alerts.saved')}</p>}
      </div>
      {(result === 'failed' || query.isError) && (
        <p className="notice notice-error" role="alert">
          {t('devices.alerts.failed')}
        </p>
      )}
    </fieldset>
  );
}
