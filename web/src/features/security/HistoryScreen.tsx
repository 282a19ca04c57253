import type { HistoryEntry, Session } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { History as HistoryIcon, Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/Modal';
import { deviceName } from '../../lib/device-name';
import '../../components/self-service.css';
import { BreakableContact } from '../../components/BreakableContact';
import { EmptyState } from '../../components/EmptyState';
import { ListRow, ListRows } from '../../components/ListRow';
import { OutcomeNotice } from '../../components/OutcomeNotice';
import { maybeConfig } from '../../lib/config';
import { useFormat } from '../../lib/format';
import { useContactFormat } from '../../lib/phone';
import { historyQuery, sessionsQuery, useEndSessions } from './api/sessions';
import { GlobalLogout } from './components/GlobalLogout';
import { LockAccountDialog } from './components/LockAccount';
import { historyDetail } from './history-detail';

/** Devices and sessions, then the security history (docs/product.md part 2, Security). */
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

/**
 * Sessions of the same device, browser and system (and app) are one row: a
 * person knows their devices, not their sessions. The group of this device
 * first, then the others by their latest activity; logged-out ones last.
 */
interface SessionGroup {
  key: string;
  sessions: Session[];
  current: boolean;
  active: boolean;
  latest: Session;
}

export function groupSessions(list: readonly Session[]): SessionGroup[] {
  const groups = new Map<string, SessionGroup>();
  for (const s of list) {
    const key = [s.device_name, s.browser, s.os, s.services.join(','), s.status].join('|');
    const group = groups.get(key);
    if (!group) {
      groups.set(key, {
        key,
        sessions: [s],
        current: s.current,
        active: s.status === 'active',
        latest: s,
      });
      continue;
    }
    group.sessions.push(s);
    group.current ||= s.current;
    if (s.recent_activity > group.latest.recent_activity) group.latest = s;
  }
  const rank = (g: SessionGroup) => (g.current ? 0 : g.active ? 1 : 2);
  return [...groups.values()].sort(
    (a, b) => rank(a) - rank(b) || b.latest.recent_activity.localeCompare(a.latest.recent_activity),
  );
}

function Devices() {
  const { t } = useTranslation();
  const format = useFormat();
  const [toEnd, setToEnd] = useState<{ device: string; sessions: Session[] } | null>(null);
  const sessions = useQuery(sessionsQuery);
  const list = sessions.data?.body.sessions ?? [];
  const deviceOf = (s: Session) =>
    s.device_name ? deviceName(t, s.device_name) : t('account.sessions.unknownDevice');
  const end = useEndSessions();

  return (
    <section className="panel" aria-labelledby="devices-title">
      <h2 id="devices-title">{t('account.sessions.title')}</h2>
      <OutcomeNotice
        outcome={
          end.isError
            ? { tone: 'error', text: t('account.sessions.logoutFailed') }
            : end.isSuccess
              ? {
                  tone: 'success',
                  text: t('account.sessions.loggedOut', { device: end.variables.device }),
                }
              : null
        }
      />
      {sessions.isPending && <p>{t('account.common.loading')}</p>}
      <ListRows label={t('account.sessions.title')}>
        {groupSessions(list).map((g) => {
          const s = g.latest;
          const device = deviceOf(s);
          // This device's own session stays: "Log out" ends the others of the group.
          const others = g.sessions.filter((x) => x.status === 'active' && !x.current);
          const what = [s.browser, s.os].filter(Boolean).join(' · ');
          const place = format.place(s.city, s.country);
          return (
            <ListRow
              key={g.key}
              label={device}
              icon={s.os === 'Android' || s.os === 'iOS' ? Smartphone : Monitor}
              title={device}
              badge={g.current ? t('account.sessions.current') : undefined}
              description={
                <>
                  <span>
                    {[what, place].filter(Boolean).join(' · ') || t('account.sessions.unknown')}
                  </span>
                  <br />
                  <span>
                    {g.active
                      ? t('account.sessions.lastActive', {
                          date: format.dateTime(s.recent_activity),
                        })
                      : t('account.sessions.loggedOutOn', {
                          date: format.dateTime(s.recent_activity),
                        })}
                    {g.sessions.length > 1 &&
                      ` · ${t('account.sessions.count', { count: g.sessions.length })}`}
                    {s.services.length > 0 && ` · ${s.services.join(', ')}`}
                  </span>
                </>
              }
              action={
                others.length > 0 && (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    // Within this device's row "Log out the others" says it all.
                    aria-label={
                      g.current ? undefined : t('account.sessions.logoutDevice', { device })
                    }
                    onClick={() => {
                      if (!end.isPending) end.reset();
                      setToEnd({ device, sessions: others });
                    }}
                  >
                    {g.current ? t('account.sessions.logoutOthers') : t('account.sessions.logout')}
                  </button>
                )
              }
            />
          );
        })}
      </ListRows>
      <GlobalLogout />
      {toEnd && (
        <ConfirmDialog
          title={t('account.sessions.logoutTitle', { device: toEnd.device })}
          text={t('account.sessions.logoutSessionsText', {
            device: toEnd.device,
            count: toEnd.sessions.length,
          })}
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
  'mfa_paused',
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
  const show = useContactFormat();
  const history = useQuery(historyQuery);
  const [suspect, setSuspect] = useState<HistoryEntry | null>(null);
  // An older new-device alert's link names its event: "this wasn't me" (the lock) is one click away.
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get('event'));
  const events = [...(history.data?.body.events ?? [])].sort((a, b) =>
    b.time.localeCompare(a.time),
  );

  const linkedEvent =
    linked > 0 ? events.find((e) => e.id === linked && ALARMING.has(e.kind)) : undefined;

  return (
    <section className="panel" aria-labelledby="events-title">
      <h2 id="events-title">{t('account.history.title')}</h2>
      <p>{t('account.history.intro')}</p>
      {history.isPending && <p>{t('account.common.loading')}</p>}
      {history.isSuccess && events.length === 0 && (
        <EmptyState icon={HistoryIcon}>{t('account.history.empty')}</EmptyState>
      )}
      <ol className="timeline" aria-label={t('account.history.title')}>
        {events.map((e) => {
          const place = format.place(e.city, e.country);
          const device = [e.device_name && deviceName(t, e.device_name), e.browser, e.os]
            .filter(Boolean)
            .join(' · ');
          return (
            <li key={e.id}>
              <strong>{kindLabel(e.kind)}</strong>
              {e.detail && (
                <span className="muted">
                  {' · '}
                  <BreakableContact value={historyDetail(t, show, e.kind, e.detail) ?? ''} />
                </span>
              )}
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
        <LockAccountDialog
          onClose={() => {
            setSuspect(null);
            if (linkedEvent) setParams({}, { replace: true });
          }}
        />
      )}
    </section>
  );
}
