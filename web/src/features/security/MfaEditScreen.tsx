import type { MfaMethod } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/Modal';
import {
  deletionFailed,
  type Outcome,
  OutcomeNotice,
  switchFailed,
} from '../../components/OutcomeNotice';
import { ReasonButton } from '../../components/ReasonButton';
import { useStepUpInPlace } from '../../components/StepUp';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import {
  useMethodName,
  useMfaMethods,
  useSwitchPrimary,
  visibleMethods,
} from '../../lib/mfa-methods';
import { focusStep } from '../../lib/step-focus';
import { useDeleteMethod } from './api/methods';
import { MethodLabel } from './components/MethodLabel';
import { isLastCodeMethod } from './mfa-labels';

export default function MfaEditScreen() {
  const { t } = useTranslation();
  const stepUp = useStepUpInPlace();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [toDelete, setToDelete] = useState<MfaMethod | null>(null);
  const methods = useMfaMethods();
  const all = methods.data?.status === 200 ? methods.data.body : [];
  const list = visibleMethods(all);
  const label = useMethodName();

  /** What an action ends with, said above the list, whose heading takes the cursor (docs/focus.md). */
  const say = (said: Outcome) => {
    setOutcome(said);
    focusStep(() => document.getElementById('methods-title'));
  };

  const remove = useDeleteMethod(stepUp.run);
  const switchPrimary = useSwitchPrimary(stepUp.run);

  const deleteMethod = (m: MfaMethod) =>
    remove.mutate(m, {
      onSuccess: (res) => {
        if (!res) return;
        const primary = visibleMethods(res.body).find((left) => left.primary);
        say({
          tone: 'success',
          text: primary
            ? t('account.mfa.deletedNewPrimary', { method: label(primary) })
            : t('account.mfa.deleted'),
        });
      },
      onError: () => say(deletionFailed(t)),
    });

  const makePrimary = (m: MfaMethod) =>
    switchPrimary.mutate(m, {
      onSuccess: (res) => {
        if (res)
          say({
            tone: 'success',
            text: t('account.mfa.primaryChanged', { method: label(m) }),
          });
      },
      onError: () => say(switchFailed(t)),
    });

  return (
    <section aria-labelledby="mfa-edit-title">
      <h1 id="mfa-edit-title">{t('account.security.twoStep')}</h1>
      <p>{t('account.mfa.intro')}</p>
      <OutcomeNotice outcome={outcome} />
      <section className="panel" aria-labelledby="methods-title">
        <div className="panel-head">
          <h2 id="methods-title">{t('account.security.methods')}</h2>
          <Link className="button button-small" to={href('setup-mfa.selection')}>
            {t('account.mfa.add')}
          </Link>
        </div>
        {methods.isPending && <p>{t('account.common.loading')}</p>}
        {!methods.isPending && list.length === 0 && <p>{t('account.security.twoStepOff')}</p>}
        <ul className="rows" aria-label={t('account.security.methods')}>
          {list.map((m) => (
            <li key={m.id}>
              <div className="row-main">
                <MethodLabel method={m} />
                {m.primary ? (
                  <span className="badge badge-brand">{t('account.mfa.primary')}</span>
                ) : (
                  <span className="badge">{t('account.mfa.backup')}</span>
                )}
              </div>
              <div className="actions">
                {!m.primary && (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={t('account.mfa.makePrimaryMethod', { method: label(m) })}
                    onClick={() => {
                      setOutcome(null);
                      makePrimary(m);
                    }}
                  >
                    {t('account.mfa.makePrimary')}
                  </button>
                )}
                <ReasonButton
                  reason={isLastCodeMethod(m, all) ? t('account.mfa.lastCodeMethod') : null}
                  onClick={() => {
                    setOutcome(null);
                    setToDelete(m);
                  }}
                >
                  <span aria-hidden="true">{t('account.common.delete')}</span>
                  <span className="visually-hidden">
                    {t('account.mfa.deleteMethod', { method: label(m) })}
                  </span>
                </ReasonButton>
              </div>
            </li>
          ))}
        </ul>
      </section>
      {toDelete && (
        <ConfirmDialog
          title={t('account.mfa.deleteTitle')}
          text={
            toDelete.primary
              ? t('account.mfa.deletePrimaryText', { method: label(toDelete) })
              : t('account.mfa.deleteText', { method: label(toDelete) })
          }
          confirmLabel={t('account.common.delete')}
          cancelLabel={t('account.common.cancel')}
          busy={remove.isPending}
          onConfirm={() => {
            setToDelete(null);
            deleteMethod(toDelete);
          }}
          onCancel={() => setToDelete(null)}
        />
      )}
      {stepUp.dialog}
    </section>
  );
}
