import type { Passkey } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../components/self-service.css';
import { EmptyState } from '../../components/EmptyState';
import { ListRow, ListRows } from '../../components/ListRow';
import { ConfirmDialog, Modal } from '../../components/Modal';
import { useStepUpInPlace } from '../../components/StepUp';
import { api } from '../../lib/api';
import { useFormat } from '../../lib/format';
import {
  browserHasWebAuthn,
  createPasskey,
  type PasskeyFailure,
  passkeysKey,
  usePasskeys,
} from '../../lib/webauthn';
import { deviceNames } from './device-name';

type Notice = { kind: 'added' | 'renamed' | 'deleted'; name: string };

/**
 * Security → Passkeys (issue 16): add one named after this device, list them
 * with when each was added and last used, rename one, delete one after a
 * step-up (in place: a passkey is offered first, then a code).
 */
export default function PasskeysScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const list = usePasskeys();
  const stepUp = useStepUpInPlace();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [failure, setFailure] = useState<PasskeyFailure | null>(null);
  const [adding, setAdding] = useState(false);
  const [toRename, setToRename] = useState<Passkey | null>(null);
  const [toDelete, setToDelete] = useState<Passkey | null>(null);
  const [busy, setBusy] = useState(false);
  const passkeys = list.data?.status === 200 ? list.data.body.passkeys : [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: passkeysKey });

  const defaultName = () => {
    const { browser, os } = deviceNames(navigator as Parameters<typeof deviceNames>[0]);
    if (browser && os) return t('passkeys.defaultName', { browser, os });
    return browser ?? os ?? t('passkeys.thisDevice');
  };

  const add = async () => {
    setNotice(null);
    setFailure(null);
    setAdding(true);
    try {
      const outcome = await createPasskey(defaultName(), () =>
        stepUp.run(() => api.passkeys.startRegistration()),
      );
      if (!outcome.ok) return setFailure(outcome.reason);
      setNotice({ kind: 'added', name: outcome.value.name });
      await refresh();
    } finally {
      setAdding(false);
    }
  };

  const remove = async (passkey: Passkey) => {
    setBusy(true);
    setNotice(null);
    setFailure(null);
    try {
      const res = await stepUp.run(() =>
        api.passkeys.deletePasskey({ params: { id: passkey.id } }),
      );
      setToDelete(null);
      if (res === null) return;
      if (res.status === 204 || res.status === 404) {
        setNotice({ kind: 'deleted', name: passkey.name });
      } else {
        setFailure('failed');
      }
      await refresh();
    } catch {
      setFailure('failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="passkeys-title">
      <h1 id="passkeys-title">{t('passkeys.title')}</h1>
      <p>{t('passkeys.intro')}</p>
      <div role="status">
        {notice && (
          <p className="notice notice-success">
            {t(`passkeys.notices.${notice.kind}`, { name: notice.name })}
          </p>
        )}
        {adding && <p>{t('passkeys.adding')}</p>}
      </div>
      {failure && (
        <p className="notice notice-error" role="alert">
          {t(`passkeys.errors.${failure}`)}
        </p>
      )}

      <section className="panel" aria-labelledby="passkeys-list-title">
        <div className="panel-head">
          <h2 id="passkeys-list-title">{t('passkeys.list')}</h2>
          {browserHasWebAuthn() && (
            <button
              type="button"
              className="button button-small"
              onClick={() => void add()}
              disabled={adding}
            >
              {t('passkeys.add')}
            </button>
          )}
        </div>
        {!browserHasWebAuthn() && <p className="hint">{t('passkeys.errors.unsupported')}</p>}
        {list.isPending && <p>{t('account.common.loading')}</p>}
        {list.isSuccess && passkeys.length === 0 && (
          <EmptyState icon={KeyRound} title={t('passkeys.empty.title')}>
            {t('passkeys.empty.text')}
          </EmptyState>
        )}
        {passkeys.length > 0 && (
          <ListRows label={t('passkeys.list')}>
            {passkeys.map((p) => (
              <ListRow
                key={p.id}
                label={p.name}
                icon={KeyRound}
                title={p.name}
                badge={p.backed_up ? t('passkeys.synced') : undefined}
                description={
                  <>
                    {t('passkeys.addedOn', { date: format.date(p.created_at) })}
                    {' · '}
                    {p.last_used_at
                      ? t('passkeys.lastUsed', { date: format.dateTime(p.last_used_at) })
                      : t('passkeys.neverUsed')}
                  </>
                }
                action={
                  <>
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      aria-label={`${t('passkeys.rename')}: ${p.name}`}
                      onClick={() => setToRename(p)}
                    >
                      {t('passkeys.rename')}
                    </button>
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      aria-label={`${t('passkeys.delete')}: ${p.name}`}
                      onClick={() => setToDelete(p)}
                    >
                      {t('passkeys.delete')}
                    </button>
                  </>
                }
              />
            ))}
          </ListRows>
        )}
      </section>

      {toRename && (
        <RenameDialog
          passkey={toRename}
          onDone={(renamed) => {
            setToRename(null);
            if (!renamed) return;
            setFailure(null);
            setNotice({ kind: 'renamed', name: renamed.name });
            void refresh();
          }}
        />
      )}
      {toDelete && !stepUp.dialog && (
        <ConfirmDialog
          title={t('passkeys.deleteTitle')}
          text={t('passkeys.deleteText', { name: toDelete.name })}
          confirmLabel={t('passkeys.confirmDelete')}
          cancelLabel={t('passkeys.cancel')}
          busy={busy}
          onConfirm={() => void remove(toDelete)}
          onCancel={() => setToDelete(null)}
        />
      )}
      {stepUp.dialog}
    </section>
  );
}

function RenameDialog({
  passkey,
  onDone,
}: {
  passkey: Passkey;
  onDone: (renamed: Passkey | null) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('passkeys.errors.name'));
    setBusy(true);
    try {
      const res = await api.passkeys.renamePasskey({
        params: { id: passkey.id },
        body: { name: name.trim() },
      });
      if (res.status === 200) return onDone(res.body);
      setError(t(res.status === 400 ? 'passkeys.errors.name' : 'passkeys.errors.failed'));
    } catch {
      setError(t('passkeys.errors.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t('passkeys.renameTitle')} onClose={() => onDone(null)}>
      <form onSubmit={save} noValidate>
        <div className="field">
          <label htmlFor={inputId}>{t('passkeys.nameLabel')}</label>
          <input
            id={inputId}
            value={name}
            maxLength={64}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
          />
          {error && (
            <p id={errorId} className="error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            {t('passkeys.save')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => onDone(null)}>
            {t('passkeys.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
