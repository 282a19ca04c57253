import type { TrustedDevice } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/Modal';
import '../../components/self-service.css';
import { EmptyState } from '../../components/EmptyState';
import { ListRow, ListRows } from '../../components/ListRow';
import { useFormat } from '../../lib/format';
import { tsr } from '../../lib/tsr';
import { securityKeys, useTrustedDevices } from './api/sessions';

type Notice = { ok: true; text: string } | { ok: false };

/**
 * Security → Trusted devices (issue 16, item 3): each device on which a
 * sign-in skips the verification code, with what it is, where, since when
 * and when last used; "stop trusting" one or all, after confirmation.
 */
export default function TrustedDevicesScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [toStop, setToStop] = useState<TrustedDevice | 'all' | null>(null);
  const query = useTrustedDevices();
  const devices = query.data?.status === 200 ? query.data.body.devices : [];
  const failedToLoad = query.isError || (query.data !== undefined && query.data.status !== 200);

  const nameOf = (d: TrustedDevice) => d.device_name ?? t('devices.unknownDevice');
  const placeOf = (d: TrustedDevice) => {
    const known = format.place(d.city, d.country);
    if (known) return known;
    return d.network ? t(`devices.network.${d.network}`) : t('devices.unknownPlace');
  };

  const stop = useMutation({
    mutationFn: async (target: TrustedDevice | 'all') =>
      target === 'all'
        ? tsr.devices.deleteAllTrustedDevices.mutate({})
        : tsr.devices.deleteTrustedDevice.mutate({ params: { id: target.id } }),
    onSuccess: async (res, target) => {
      setToStop(null);
      // A device that is gone already (404) is as good as no longer trusted.
      if (res.status !== 204 && res.status !== 404) return setNotice({ ok: false });
      setNotice({
        ok: true,
        text:
          target === 'all'
            ? t('devices.stoppedAll')
            : t('devices.stopped', { device: nameOf(target) }),
      });
      await queryClient.invalidateQueries({ queryKey: securityKeys.trustedDevices });
      await queryClient.invalidateQueries({ queryKey: securityKeys.history });
    },
    onError: () => {
      setToStop(null);
      setNotice({ ok: false });
    },
  });

  return (
    <section aria-labelledby="trusted-title">
      <h1 id="trusted-title">{t('devices.title')}</h1>
      <div role="status">
        {notice?.ok && <p className="notice notice-success">{notice.text}</p>}
      </div>
      {notice && !notice.ok && (
        <p className="notice notice-error" role="alert">
          {t('devices.failed')}
        </p>
      )}
      <div className="panel">
        <p>{t('devices.intro')}</p>
        {query.isPending && <p>{t('account.common.loading')}</p>}
        {failedToLoad && (
          <p className="notice notice-error" role="alert">
            {t('devices.loadFailed')}
          </p>
        )}
        {query.data?.status === 200 && devices.length === 0 && (
          <EmptyState icon={MonitorSmartphone}>{t('devices.empty')}</EmptyState>
        )}
        {devices.length > 0 && (
          <ListRows label={t('devices.title')}>
            {devices.map((d) => (
              <ListRow
                key={d.id}
                label={nameOf(d)}
                icon={MonitorSmartphone}
                title={nameOf(d)}
                badge={d.current ? t('devices.thisDevice') : undefined}
                description={
                  <>
                    <span>
                      {[[d.browser, d.os].filter(Boolean).join(' · '), placeOf(d)]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                    <br />
                    <span>
                      {t('devices.sinceOn', { date: format.date(d.trusted_since) })}
                      {' · '}
                      {t('devices.lastUsedOn', { date: format.dateTime(d.last_used) })}
                    </span>
                  </>
                }
                action={
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={t('devices.stopDevice', { device: nameOf(d) })}
                    onClick={() => {
                      setNotice(null);
                      setToStop(d);
                    }}
                  >
                    {t('devices.stop')}
                  </button>
                }
              />
            ))}
          </ListRows>
        )}
        {devices.length > 0 && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setNotice(null);
              setToStop('all');
            }}
          >
            {t('devices.stopAll')}
          </button>
        )}
      </div>
      {toStop && (
        <ConfirmDialog
          title={toStop === 'all' ? t('devices.stopAllTitle') : t('devices.stopTitle')}
          text={
            toStop === 'all'
              ? t('devices.stopAllText', { count: devices.length })
              : t('devices.stopText', { device: nameOf(toStop) })
          }
          confirmLabel={toStop === 'all' ? t('devices.stopAll') : t('devices.stop')}
          cancelLabel={t('devices.cancel')}
          busy={stop.isPending}
          onConfirm={() => stop.mutate(toStop)}
          onCancel={() => setToStop(null)}
        />
      )}
    </section>
  );
}
