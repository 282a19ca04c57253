import type { HistoryEntry, Session } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { History as HistoryIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/Modal';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { EmptyState } from '../../components/EmptyState';
import { maybeConfig } from '../../lib/config';
import { errorOf } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { tsr } from '../../lib/tsr';
import { securityKeys, useHistory, useSessions } from './api/sessions';
import { GlobalLogout } from './components/GlobalLogout';
import { historyDetail } from './history-detail';

/** Devices and sessions, then the security history (spec part 2, Security). */
export default function HistoryScreen() {
  const { t } = useTranslation();
  const showHistory = maybeConfig()?.features.securityHistory ?? true;
  return (
    <section aria-labelledby="history-title">
      <h1 id="history-title">{t('account.sessions.pageTitle')}</h1>
      <Devices />
      {showHistory && <History />}
    </section>
  );
}

function where(
  format: ReturnType<typeof useFormat>,
  e: { city: string | null; country: string | null },
) {
  return [e.city, e.country ? format.country(e.country) : null].filter(Boolean).join(', ');
}

function Devices() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ ok: boolean; device?: string } | null>(null);
  const [toEnd, setToEnd] = useState<Session | null>(null);
  const sessions = useSessions();
  const list = sessions.data?.status === 200 ? sessions.data.body.sessions : [];
  const deviceOf = (s: Session) => s.device_name ?? t('account.sessions.unknownDevice');

  const end = useMutation({
    mutationFn: (s: Session) => tsr.sessions.deleteSession.mutate({ params: { id: s.id } }),
    onSuccess: async (res, s) => {
      if (res.status === 204) {
        setNotice({ ok: true, device: deviceOf(s) });
        await queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
      } else setNotice({ ok: false });
    },
    onError: () => setNotice({ ok: false }),
  });

  return (
    <section className="panel" aria-labelledby="devices-title">
      <h2 id="devices-title">{t('account.sessions.title')}</h2>
      <div role="status">
        {notice?.ok && (
          <p className="notice notice-success">
            {t('account.sessions.loggedOut', { device: notice.device ?? '' })}
          </p>
        )}
      </div>
      {notice && !notice.ok && (
        <p className="notice notice-error" role="alert">
          {t('account.sessions.logoutFailed')}
        </p>
      )}
      {sessions.isPending && <p>{t('account.common.loading')}</p>}
      <ul className="rows" aria-label={t('account.sessions.title')}>
        {list.map((s) => (
          <li key={s.id} aria-label={deviceOf(s)}>
            <div className="row-main">
              <strong>{deviceOf(s)}</strong>
              {s.current && (
                <span className="badge badge-brand">{t('account.sessions.current')}</span>
              )}
              <span className={s.status === 'active' ? 'badge badge-ok' : 'badge'}>
                {t(`account.sessions.status.${s.status}`)}
              </span>
              <dl className="facts">
                <dt>{t('account.sessions.browser')}</dt>
                <dd>
                  {[s.browser, s.os].filter(Boolean).join(' · ') || t('account.sessions.unknown')}
                </dd>
                <dt>{t('account.sessions.place')}</dt>
                <dd>{where(format, s) || t('account.sessions.unknown')}</dd>
                <dt>{t('account.sessions.firstConnection')}</dt>
                <dd>{format.dateTime(s.first_connection)}</dd>
                <dt>{t('account.sessions.recentActivity')}</dt>
                <dd>{format.dateTime(s.recent_activity)}</dd>
                <dt>{t('account.sessions.services')}</dt>
                <dd>{s.services.length ? s.services.join(', ') : t('account.sessions.portal')}</dd>
              </dl>
            </div>
            {s.status === 'active' && !s.current && (
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={t('account.sessions.logoutDevice', { device: deviceOf(s) })}
                onClick={() => {
                  setNotice(null);
                  setToEnd(s);
                }}
              >
                {t('account.sessions.logout')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <GlobalLogout />
      {toEnd && (
        <ConfirmDialog
          title={t('account.sessions.logoutTitle', { device: deviceOf(toEnd) })}
          text={t('account.sessions.logoutText', { device: deviceOf(toEnd) })}
          confirmLabel={t('account.sessions.logout')}
          cancelLabel={t('account.common.cancel')}
          onConfirm={() => {
            setToEnd(null);
            end.mutate(toEnd);
          }}
          onCancel={() => setToEnd(null)}
        />
      )}
    </section>
  );
}

/** Kinds a user would worry about if they did not do them. */
const ALARMING = new Set([
  'login',
  'login_failed',
  'password_changed',
  'password_reset',
  'iban_changed',
  'mfa_removed',
  'email_added',
  'phone_added',
  'mfa_added',
  'recovery_key_used',
  'new_device_sign_in',
]);

function History() {
  const { t, i18n } = useTranslation();
  // A kind this version does not know yet is shown generically (contract: kinds grow).
  const kindLabel = (kind: string): string => {
    const key = `account.history.kinds.${kind}`;
    return i18n.exists(key) ? t(key as 'account.history.kinds.login') : t('account.history.other');
  };
  const format = useFormat();
  const history = useHistory();
  const [suspect, setSuspect] = useState<HistoryEntry | null>(null);
  // The new-device alert's link names its event: "this wasn't me" is then one click away.
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get('event'));
  const events =
    history.data?.status === 200
      ? [...history.data.body.events].sort((a, b) => b.time.localeCompare(a.time))
      : [];

  const linkedEvent =
    linked > 0 ? events.find((e) => e.id === linked && ALARMING.has(e.kind)) : undefined;

  return (
    <section className="panel" aria-labelledby="events-title">
      <h2 id="events-title">{t('account.history.title')}</h2>
      <p>{t('account.history.intro')}</p>
      {history.isPending && <p>{t('account.common.loading')}</p>}
      {history.data?.status === 200 && events.length === 0 && (
        <EmptyState icon={HistoryIcon}>{t('account.history.empty')}</EmptyState>
      )}
      <ol className="timeline" aria-label={t('account.history.title')}>
        {events.map((e) => {
          const place = where(format, e);
          const device = [e.device_name, e.browser, e.os].filter(Boolean).join(' · ');
          return (
            <li key={e.id}>
              <strong>{kindLabel(e.kind)}</strong>
              {e.detail && <span className="muted"> · {historyDetail(t, e.kind, e.detail)}</span>}
              <br />
              <time dateTime={e.time}>{format.dateTime(e.time)}</time>
              {(device || place) && (
                <p className="muted">{[device, place].filter(Boolean).join(' — ')}</p>
              )}
              {ALARMING.has(e.kind) && (
                <button type="button" className="link-button" onClick={() => setSuspect(e)}>
                  {t('account.history.notMe')}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {(suspect || linkedEvent) && (
        <NotMe
          onClose={() => {
            setSuspect(null);
            if (linkedEvent) setParams({}, { replace: true });
          }}
        />
      )}
    </section>
  );
}

/**
 * "This wasn't me": every other session ends at once, then the user chooses a
 * new password (this session stays so that they can).
 */
function NotMe({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const secure = useMutation({
    mutationFn: async () => {
      const res = await tsr.sessions.listSessions.query({});
      if (res.status !== 200) throw new Error('sessions unavailable');
      const others = res.body.sessions.filter((s) => s.status === 'active' && !s.current);
      const ends = await Promise.all(
        others.map((s) => tsr.sessions.deleteSession.mutate({ params: { id: s.id } })),
      );
      // A session that is gone already (404) is as good as ended.
      const ended = (r: (typeof ends)[number]) =>
        r.status === 204 || errorOf(r).kind === 'notFound';
      if (!ends.every(ended)) throw new Error('not all ended');
      // Whoever it was may have ticked "trust this device": no device skips MFA any more.
      const untrusted = await tsr.devices.deleteAllTrustedDevices.mutate({});
      if (untrusted.status !== 204) throw new Error('devices still trusted');
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
      await queryClient.invalidateQueries({ queryKey: securityKeys.trustedDevices });
      navigate(href('security.edit-password'), { state: { notice: 'secured' } });
    },
    onError: () => setFailed(true),
  });
  return (
    <ConfirmDialog
      title={t('account.history.notMeTitle')}
      text={
        failed
          ? t('account.sessions.logoutFailed')
          : `${t('account.history.notMeText')} ${t('devices.notMeAlso')}`
      }
      confirmLabel={t('account.history.notMeConfirm')}
      cancelLabel={t('account.common.cancel')}
      busy={secure.isPending}
      onConfirm={() => secure.mutate()}
      onCancel={onClose}
    />
  );
}
