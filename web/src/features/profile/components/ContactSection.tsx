import type { ContactEntry, MfaMethod, User } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CODE_TEXTS, CodeForm } from '../../../components/CodeForm';
import { ConfirmDialog } from '../../../components/Modal';
import { ReasonButton } from '../../../components/ReasonButton';
import { useStepUpInPlace } from '../../../components/StepUp';
import { queryKeys } from '../../../lib/api';
import { useErrorText } from '../../../lib/errors';
import { useContactFormat } from '../../../lib/phone';
import { href } from '../../../lib/routes';
import { tsr } from '../../../lib/tsr';
import { deleteBlocker, type Kind, type Outcome, type Pending } from '../contacts';
import { AddContact } from './AddContact';

export function ContactSection({
  kind,
  user,
  methods,
}: {
  kind: Kind;
  user: User;
  methods: readonly MfaMethod[];
}) {
  const { t } = useTranslation();
  const describe = useErrorText();
  const queryClient = useQueryClient();
  const stepUp = useStepUpInPlace();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [toDelete, setToDelete] = useState<ContactEntry | null>(null);
  const entries = [...user[kind]].sort((a, b) => Number(b.default) - Number(a.default));
  const titleId = useId();
  const show = useContactFormat();

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.user }),
      queryClient.invalidateQueries({ queryKey: queryKeys.mfaMethods }),
    ]);

  const remove = useMutation({
    mutationFn: (entry: ContactEntry) =>
      stepUp.run(() => tsr.profile.deleteContact.mutate({ params: { id: entry.id } })),
    onSuccess: async (res) => {
      setToDelete(null);
      if (!res) return;
      if (res.status === 200) {
        await refresh();
        setOutcome({ kind, tone: 'success', text: t(`account.contacts.${kind}.deleted`) });
      } else {
        deletionFailed();
      }
    },
    onError: () => {
      setToDelete(null);
      deletionFailed();
    },
  });
  const deletionFailed = () =>
    setOutcome({
      kind,
      tone: 'error',
      title: t('account.common.deletionFailed'),
      text: t('account.common.deletionFailedText'),
    });

  const makePrimary = useMutation({
    mutationFn: (entry: ContactEntry) =>
      stepUp.run(() => tsr.profile.makeContactPrimary.mutate({ params: { id: entry.id } })),
    onSuccess: async (res) => {
      if (!res) return;
      if (res.status === 200) {
        await refresh();
        setOutcome({ kind, tone: 'success', text: t(`account.contacts.${kind}.primaryChanged`) });
      } else switchFailed();
    },
    onError: () => switchFailed(),
  });
  const switchFailed = () =>
    setOutcome({
      kind,
      tone: 'error',
      title: t('account.common.switchFailed'),
      text: t('account.common.switchFailedText'),
      toSecurity: true,
    });

  const resend = useMutation({
    mutationFn: (entry: ContactEntry) =>
      stepUp.run(() => tsr.profile.resendContactCode.mutate({ params: { id: entry.id } })),
    onSuccess: (res, entry) => {
      if (!res) return;
      if (res.status === 200) {
        setPending({ kind, id: entry.id, value: entry.value, payload: res.body.payload });
      } else {
        setOutcome({
          kind,
          tone: 'error',
          title: t('account.contacts.sendFailed'),
          text: t('account.common.tryLater'),
        });
      }
    },
  });

  const blockerText = (entry: ContactEntry) => {
    const blocker = deleteBlocker(kind, entry, entries, methods);
    return blocker ? t(`account.contacts.blocked.${blocker}`) : null;
  };

  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{t(`account.contacts.${kind}.title`)}</h2>
      <div role="status">
        {outcome?.tone === 'success' && <p className="notice notice-success">{outcome.text}</p>}
      </div>
      {outcome?.tone === 'error' && (
        <div className="notice notice-error" role="alert">
          <strong>{outcome.title}</strong>
          <p>{outcome.text}</p>
          {outcome.toSecurity && (
            <p>
              <Link to={href('security')}>{t('account.common.goToSecurity')}</Link>
            </p>
          )}
        </div>
      )}
      <ul className="rows" aria-label={t(`account.contacts.${kind}.title`)}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <div className="row-main">
              <strong>{show(entry.value)}</strong>
              {/* One badge a row (what matters most); the rest is said in words below. */}
              {entry.default ? (
                <span className="badge badge-brand">{t('account.contacts.primary')}</span>
              ) : (
                !entry.verified && <span className="badge">{t('account.contacts.unverified')}</span>
              )}
              {entry.verified && (
                <p className="muted">
                  {entry.mfa
                    ? `${t('account.contacts.verified')} · ${t('account.contacts.twoFactor')}`
                    : t('account.contacts.verified')}
                </p>
              )}
            </div>
            <div className="actions">
              {!entry.verified && (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => {
                    setOutcome(null);
                    resend.mutate(entry);
                  }}
                  aria-label={t('account.contacts.verifyEntry', { value: show(entry.value) })}
                >
                  {t('account.contacts.verify')}
                </button>
              )}
              {!entry.default && entry.verified && entry.mfa && (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => {
                    setOutcome(null);
                    makePrimary.mutate(entry);
                  }}
                  aria-label={t('account.contacts.makePrimaryEntry', { value: show(entry.value) })}
                >
                  {t('account.contacts.makePrimary')}
                </button>
              )}
              <ReasonButton
                reason={blockerText(entry)}
                onClick={() => {
                  setOutcome(null);
                  setToDelete(entry);
                }}
              >
                <span aria-hidden="true">{t('account.common.delete')}</span>
                <span className="visually-hidden">
                  {t('account.contacts.deleteEntry', { value: show(entry.value) })}
                </span>
              </ReasonButton>
            </div>
          </li>
        ))}
      </ul>
      {pending?.kind === kind ? (
        <CodeForm
          label={t('account.contacts.codeLabel')}
          intro={t('account.contacts.codeSent', { value: show(pending.value) })}
          length={8}
          onConfirm={async (code) => {
            const res = await tsr.profile.confirmLogin.mutate({
              body: { payload: pending.payload, code },
            });
            if (res.status === 200) {
              await refresh();
              setPending(null);
              setOutcome({ kind, tone: 'success', text: t(`account.contacts.${kind}.verified`) });
              return null;
            }
            return describe(res, CODE_TEXTS);
          }}
          onResend={async () => {
            const entry = user[kind].find((e) => e.id === pending.id);
            if (!entry) return false;
            const res = await resend.mutateAsync(entry);
            return res?.status === 200;
          }}
          onCancel={() => setPending(null)}
        />
      ) : (
        <AddContact
          kind={kind}
          run={stepUp.run}
          onSent={(p) => {
            setOutcome(null);
            setPending(p);
            void queryClient.invalidateQueries({ queryKey: queryKeys.user });
          }}
        />
      )}
      {toDelete && (
        <ConfirmDialog
          title={t(`account.contacts.${kind}.deleteTitle`)}
          text={t('account.contacts.deleteText', { value: show(toDelete.value) })}
          confirmLabel={t('account.common.delete')}
          cancelLabel={t('account.common.cancel')}
          busy={remove.isPending}
          onConfirm={() => {
            setToDelete(null);
            remove.mutate(toDelete);
          }}
          onCancel={() => setToDelete(null)}
        />
      )}
      {stepUp.dialog}
    </section>
  );
}
