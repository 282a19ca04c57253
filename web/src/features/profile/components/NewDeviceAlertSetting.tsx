import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../../components/Choices';
import { OutcomeNotice } from '../../../components/OutcomeNotice';
import { firstField, focusStep } from '../../../lib/step-focus';
import './setting.css';
import { notificationsQuery, useUpdateNotifications } from '../api/notifications';

/**
 * Profile → Notifications: the new-device sign-in alert, on or off, saved
 * upstream as soon as it is ticked (docs/threat-model.md, each door's
 * "New-device alert").
 */
export function NewDeviceAlertSetting() {
  const { t } = useTranslation();
  const id = useId();
  const query = useQuery(notificationsQuery);
  const settings = query.data?.body ?? null;
  const save = useUpdateNotifications();
  // Saved or not, the cursor stays on the switch (off while the save runs): docs/focus.md.
  const box = useRef<HTMLFieldSetElement>(null);

  return (
    <fieldset ref={box} className="setting">
      <legend>{t('devices.alerts.title')}</legend>
      <Switch
        checked={settings?.new_device_sign_in ?? false}
        disabled={!settings || save.isPending}
        describedBy={`${id}-hint`}
        onChange={(checked) =>
          save.mutate(
            { new_device_sign_in: checked },
            { onSettled: () => focusStep(() => firstField(box.current)) },
          )
        }
      >
        {t('devices.alerts.newDevice')}
      </Switch>
      <p id={`${id}-hint`} className="muted">
        {t('devices.alerts.newDeviceHint')}
      </p>
      <OutcomeNotice
        outcome={
          save.isError || query.isError
            ? { tone: 'error', text: t('devices.alerts.failed') }
            : save.isSuccess
              ? { tone: 'success', text: t('devices.alerts.saved') }
              : null
        }
      />
    </fieldset>
  );
}
