import type { TrustedDevice } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useConfirmedAction } from '../../components/ConfirmedAction';
import '../../components/self-service.css';
import { EmptyState } from '../../components/EmptyState';
import { ListRow, ListRows } from '../../components/ListRow';
import { OutcomeNotice } from '../../components/OutcomeNotice';
import { deviceName } from '../../lib/device-name';
import { useFormat } from '../../lib/format';
import { trustedDevicesQuery, useStopTrusting } from './api/sessions';

/**
 * Security → Trusted devices: each device on which a sign-in skips the
 * verification code, with what it is, where, since when and when last used;
 * "stop trusting" one or all, after confirmation
 * (docs/decisions/0001-device-cookie.md).
 */
export default function TrustedDevicesScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery(trustedDevicesQuery);
  const devices = query.data?.body.devices ?? [];

  const nameOf = (d: TrustedDevice) =>
    d.device_name ? deviceName(t, d.device_name) : t('devices.unknownDevice');
  const placeOf = (d: TrustedDevice) => {
    const known = format.place(d.city, d.country);
    if (known) return known;
    return d.network ? t(`devices.network.${d.network}`) : t('devices.unknownPlace');
  };

  const stop = useStopTrusting();
  const stopped = stop.variables;
  const confirmed = useConfirmedAction(stop, (target) =>
    target === 'all'
      ? {
          title: t('devices.stopAllTitle'),
          text: t('devices.stopAllText', { count: devices.length }),
          confirmLabel: t('devices.stopAll'),
          cancelLabel: t('devices.cancel'),
        }
      : {
          title: t('devices.stopTitle'),
          text: t('devices.stopText', { device: nameOf(target) }),
          confirmLabel: t('devices.stop'),
          cancelLabel: t('devices.cancel'),
        },
  );

  return (
    <section aria-labelledby="trusted-title">
      <h1 id="trusted-title">{t('devices.title')}</h1>
      <OutcomeNotice
        outcome={
          stop.isError
            ? { tone: 'error', text: t('devices.failed') }
            : stop.isSuccess && stopped
              ? {
                  tone: 'success',
                  text:
                    stopped === 'all'
                      ? t('devices.stoppedAll')
                      : t('devices.stopped', { device: nameOf(stopped) }),
                }
              : null
        }
      />
      <div className="panel">
        <p>{t('devices.intro')}</p>
        {query.isPending && <p>{t('account.common.loading')}</p>}
        {query.isError && (
          <p className="notice notice-error" role="alert">
            {t('devices.loadFailed')}
          </p>
        )}
        {query.isSuccess && devices.length === 0 && (
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
                    onClick={() => confirmed.ask(d)}
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
            onClick={() => confirmed.ask('all')}
          >
            {t('devices.stopAll')}
          </button>
        )}
      </div>
      {confirmed.dialog}
    </section>
  );
}
