import type { MfaMethod } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/Modal';
import { ReasonButton } from '../../components/ReasonButton';
import { useStepUpInPlace } from '../../components/StepUp';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { queryKeys } from '../../lib/api';
import { useMfaMethods, visibleMethods } from '../../lib/mfa-methods';
import { useContactFormat } from '../../lib/phone';
import { tsr } from '../../lib/tsr';
import { MethodLabel } from './components/MethodLabel';
import { isLastCodeMethod } from './mfa-labels';

type Outcome =
  | { tone: 'success'; text: string }
  | { tone: 'error'; title: string; text: string; toSecurity?: boolean };

export default function MfaEditScreen() {
  const { t } = useTranslation();
  const show = useContactFormat();
  const queryClient = useQueryClient();
  const stepUp = useStepUpInPlace();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [toDelete, setToDelete] = useState<MfaMethod | null>(null);
  const methods = useMfaMethods();
  const all = methods.data?.status === 200 ? methods.data.body : [];
  const list = visibleMethods(all);
  const label = (m: MfaMethod) =>
    `${t(`account.mfa.kind.${m.method}`)}${m.target ? ` ${show(m.target)}` : ''}`;

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.mfaMethods }),
      queryClient.invalidateQueries({ queryKey: queryKeys.user }),
    ]);
  };

  const remove = useMutation({
    mutationFn: (m: MfaMethod) =>
      stepUp.run(() =>
        tsr.mfa.deleteMethod.mutate({
          params: { id: m.id },
          query: m.id < 0 && m.target ? { target: m.target } : {},
        }),
      ),
    onSuccess: async (res) => {
      setToDelete(null);
      if (!res) return;
      if (res.status === 200) {
        await refresh();
        const primary = visibleMethods(res.body).find((m) => m.primary);
        setOutcome({
          tone: 'success',
          text: primary
            ? t('account.mfa.deletedNewPrimary', { method: label(primary) })
            : t('account.mfa.deleted'),
        });
      } else deletionFailed();
    },
    onError: () => {
      setToDelete(null);
      deletionFailed();
    },
  });
  const deletionFailed = () =>
    setOutcome({
      tone: 'error',
      title: t('account.common.deletionFailed'),
      text: t('account.common.deletionFailedText'),
    });

  const switchPrimary = useMutation({
    mutationFn: (m: MfaMethod) =>
      stepUp.run(() => tsr.mfa.switchPrimary.mutate({ params: { id: m.id } })),
    onSuccess: async (res, m) => {
      if (!res) return;
      if (res.status === 200) {
        await refresh();
        setOutcome({
          tone: 'success',
          text: t('account.mfa.primaryChanged', { method: label(m) }),
        });
      } else switchFailed();
    },
    onError: () => switchFailed(),
  });
  const switchFailed = () =>
    setOutcome({
      tone: 'error',
      title: t('account.common.switchFailed'),
      text: t('account.common.switchFailedText'),
      toSecurity: true,
    });

  return (
    <section aria-labelledby="mfa-edit-title">
      <h1 id="mfa-edit-title">{t('account.security.twoStep')}</h1>
      <p>{t('account.mfa.intro')}</p>
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
                      switchPrimary.mutate(m);
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
            remove.mutate(toDelete);
          }}
          onCancel={() => setToDelete(null)}
        />
      )}
      {stepUp.dialog}
    </section>
  );
}
