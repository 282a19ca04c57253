import type { ContactEntry, MfaMethod, User } from '@portal/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BreakableContact } from '../../../components/BreakableContact';
import { CodeEntry } from '../../../components/form';
import { ConfirmDialog } from '../../../components/Modal';
import {
  deletionFailed,
  type Outcome,
  OutcomeNotice,
  switchFailed,
} from '../../../components/OutcomeNotice';
import { ReasonButton } from '../../../components/ReasonButton';
import { useStepUpInPlace } from '../../../components/StepUp';
import { useContactFormat } from '../../../lib/phone';
import { firstField, focusStep } from '../../../lib/step-focus';
import {
  useConfirmContact,
  useDeleteContact,
  useMakeContactPrimary,
  useResendContactCode,
} from '../api/contacts';
import { deleteBlocker, type Kind, type Pending } from '../contacts';
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
  const stepUp = useStepUpInPlace();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [toDelete, setToDelete] = useState<ContactEntry | null>(null);
  const entries = [...user[kind]].sort((a, b) => Number(b.default) - Number(a.default));
  const titleId = useId();
  const show = useContactFormat();
  const remove = useDeleteContact(stepUp.run);
  const makePrimary = useMakeContactPrimary(stepUp.run);
  const resend = useResendContactCode(stepUp.run);
  const confirm = useConfirmContact();
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  /**
   * What an action ends with, said under the section's heading, which takes the
   * cursor (the row or form it came from may be gone): docs/focus.md.
   */
  const say = (said: Outcome) => {
    setOutcome(said);
    focusStep(() => heading.current);
  };

  /** A success in this section's words (`deleted`, `primaryChanged`, `verified`). */
  const done = (what: 'deleted' | 'primaryChanged' | 'verified') =>
    say({ tone: 'success', text: t(`account.contacts.${kind}.${what}`) });

  const deleteEntry = (entry: ContactEntry) =>
    remove.mutate(entry, {
      onSuccess: (res) => res && done('deleted'),
      onError: () => say(deletionFailed(t)),
    });

  const makeEntryPrimary = (entry: ContactEntry) =>
    makePrimary.mutate(entry, {
      onSuccess: (res) => res && done('primaryChanged'),
      onError: () => say(switchFailed(t)),
    });

  /** Sends a new code to an unverified entry: answers whether one went out. */
  const verify = (entry: ContactEntry) =>
    resend.mutateAsync(entry).then(
      (res) => {
        if (res) setPending({ kind, id: entry.id, value: entry.value, payload: res.body.payload });
        return res !== null;
      },
      () => {
        say({
          tone: 'error',
          title: t('account.contacts.sendFailed'),
          text: t('account.common.tryLater'),
        });
        return false;
      },
    );

  const blockerText = (entry: ContactEntry) => {
    const blocker = deleteBlocker(kind, entry, entries, methods);
    return blocker ? t(`account.contacts.blocked.${blocker}`) : null;
  };

  return (
    <section ref={section} className="panel" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading}>
        {t(`account.contacts.${kind}.title`)}
      </h2>
      <OutcomeNotice outcome={outcome} />
      <ul className="rows" aria-label={t(`account.contacts.${kind}.title`)}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <div className="row-main">
              <strong>
                <BreakableContact value={show(entry.value)} />
              </strong>
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
                    void verify(entry);
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
                    makeEntryPrimary(entry);
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
        <CodeEntry
          label={t('account.contacts.codeLabel')}
          intro={t('account.contacts.codeSent', { value: show(pending.value) })}
          length={8}
          mutation={confirm}
          onSubmit={(code) =>
            confirm.mutate(
              { payload: pending.payload, code },
              {
                onSuccess: () => {
                  setPending(null);
                  done('verified');
                },
              },
            )
          }
          onResend={() => {
            const entry = user[kind].find((e) => e.id === pending.id);
            return entry ? verify(entry) : Promise.resolve(false);
          }}
          onCancel={() => {
            setPending(null);
            // Back to the field the code was asked for.
            focusStep(() => firstField(section.current?.querySelector('form')));
          }}
        />
      ) : (
        <AddContact
          kind={kind}
          run={stepUp.run}
          onSent={(p) => {
            setOutcome(null);
            setPending(p);
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
            deleteEntry(toDelete);
          }}
          onCancel={() => setToDelete(null)}
        />
      )}
      {stepUp.dialog}
    </section>
  );
}
