import type { PortalPasskey as Passkey } from '@portal/contract';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../components/self-service.css';
import { EmptyState } from '../../components/EmptyState';
import { Form, requiredCheck, SubmitButton, TextField } from '../../components/form';
import { ListRow, ListRows } from '../../components/ListRow';
import { ConfirmDialog, Modal } from '../../components/Modal';
import { OutcomeNotice } from '../../components/OutcomeNotice';
import { useStepUpInPlace } from '../../components/StepUp';
import { clearFailure } from '../../lib/api';
import { errorOf } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { usePasskeyDefaultName } from '../../lib/passkey-name';
import { focusStep } from '../../lib/step-focus';
import { browserHasWebAuthn, type PasskeyFailure, usePasskeys } from '../../lib/webauthn';
import { useAddPasskey, useDeletePasskey, useRenamePasskey } from './api/passkeys';

type Notice = { kind: 'added' | 'renamed' | 'deleted'; name: string };

/**
 * Security → Passkeys: add one named after this device, list them with when
 * each was added and last used, rename one, delete one after a step-up (in
 * place: a passkey is offered first, then a code). What a passkey may do:
 * docs/threat-model.md, 3. Passkey.
 */
export default function PasskeysScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const list = usePasskeys();
  const stepUp = useStepUpInPlace();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [failure, setFailure] = useState<PasskeyFailure | null>(null);
  const [toRename, setToRename] = useState<Passkey | null>(null);
  const [toDelete, setToDelete] = useState<Passkey | null>(null);
  const add = useAddPasskey(stepUp.run);
  const remove = useDeletePasskey(stepUp.run);
  const passkeys = list.data?.status === 200 ? list.data.body.passkeys : [];

  const defaultName = usePasskeyDefaultName();

  /** Each action starts with a clean slate: what the last one said goes. */
  const forget = () => {
    setNotice(null);
    setFailure(null);
  };

  /** After an addition or a removal the list's heading takes the cursor (docs/focus.md). */
  const toList = () => focusStep(() => document.getElementById('passkeys-list-title'));

  const addOne = () => {
    forget();
    add.mutate(defaultName(), {
      onSuccess: (outcome) => {
        if (outcome.ok) setNotice({ kind: 'added', name: outcome.value.name });
        else setFailure(outcome.reason);
        toList();
      },
    });
  };

  const deleteOne = (passkey: Passkey) => {
    forget();
    remove.mutate(passkey, {
      onSuccess: (res) => {
        setToDelete(null);
        if (res) setNotice({ kind: 'deleted', name: passkey.name });
        toList();
      },
      onError: () => {
        setToDelete(null);
        setFailure('failed');
        toList();
      },
    });
  };

  return (
    <section aria-labelledby="passkeys-title">
      <h1 id="passkeys-title">{t('passkeys.title')}</h1>
      <p>{t('passkeys.intro')}</p>
      <OutcomeNotice
        outcome={
          failure
            ? { tone: 'error', text: t(`passkeys.errors.${failure}`) }
            : notice
              ? {
                  tone: 'success',
                  text: t(`passkeys.notices.${notice.kind}`, { name: notice.name }),
                }
              : null
        }
      >
        {add.isPending && <p>{t('passkeys.adding')}</p>}
      </OutcomeNotice>

      <section className="panel" aria-labelledby="passkeys-list-title">
        <div className="panel-head">
          <h2 id="passkeys-list-title">{t('passkeys.list')}</h2>
          {browserHasWebAuthn() && (
            <button
              type="button"
              className="button button-small"
              onClick={addOne}
              disabled={add.isPending}
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
                    {p.authenticator && (
                      <>
                        {p.authenticator}
                        {' · '}
                      </>
                    )}
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
                      id={`passkey-rename-${p.id}`}
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
            // Saved or not, back on the row's Rename (drawn anew with the new name).
            focusStep(() => document.getElementById(`passkey-rename-${toRename.id}`));
            setToRename(null);
            if (!renamed) return;
            setFailure(null);
            setNotice({ kind: 'renamed', name: renamed.name });
          }}
        />
      )}
      {toDelete && !stepUp.dialog && (
        <ConfirmDialog
          title={t('passkeys.deleteTitle')}
          text={t('passkeys.deleteText', { name: toDelete.name })}
          confirmLabel={t('passkeys.confirmDelete')}
          cancelLabel={t('passkeys.cancel')}
          busy={remove.isPending}
          onConfirm={() => deleteOne(toDelete)}
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
  const [name, setName] = useState(passkey.name);
  const rename = useRenamePasskey();
  // Every refusal of a rename is about the name (400) or says it failed.
  const refusal = rename.error
    ? {
        field: 'name',
        message: t(
          errorOf(rename.error).status === 400 ? 'passkeys.errors.name' : 'passkeys.errors.failed',
        ),
      }
    : null;

  const save = () =>
    rename.mutate({ passkey, name: name.trim() }, { onSuccess: (res) => onDone(res.body) });

  return (
    <Modal title={t('passkeys.renameTitle')} onClose={() => onDone(null)}>
      <Form onSubmit={save} refusal={refusal} busy={rename.isPending}>
        <TextField
          label={t('passkeys.nameLabel')}
          name="name"
          input={{ maxLength: 64, autoComplete: 'off' }}
          value={name}
          onChange={(typed) => {
            setName(typed);
            clearFailure(rename);
          }}
          validate={requiredCheck(t('passkeys.errors.name'))}
        />
        <div className="actions">
          <SubmitButton>{t('passkeys.save')}</SubmitButton>
          <button type="button" className="button button-secondary" onClick={() => onDone(null)}>
            {t('passkeys.cancel')}
          </button>
        </div>
      </Form>
    </Modal>
  );
}
