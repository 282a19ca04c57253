import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/Modal';
import { queryKeys } from '../../../lib/api';
import { tsr } from '../../../lib/tsr';
import { securityKeys } from '../api/sessions';

/**
 * The workplace (identity-provider) login linked to the account, if any: it
 * signs in without the password, so Security shows it and lets the user
 * remove it (announced by e-mail and in the history by the account API).
 */
export function WorkplaceLogin({ email }: { email: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState(false);
  const remove = useMutation({
    mutationFn: () => tsr.partner.unlinkSso.mutate({}),
    onSuccess: async (res) => {
      setAsking(false);
      if (res.status !== 204) return setFailed(true);
      await queryClient.invalidateQueries({ queryKey: queryKeys.user });
      await queryClient.invalidateQueries({ queryKey: securityKeys.history });
    },
    onError: () => {
      setAsking(false);
      setFailed(true);
    },
  });
  return (
    <section className="panel" aria-labelledby="workplace-title">
      <h2 id="workplace-title">{t('account.security.workplace.title')}</h2>
      <p>{t('account.security.workplace.text')}</p>
      <ul className="rows" aria-label={t('account.security.workplace.title')}>
        <li>
          <div className="row-main">
            <span>{email}</span>
          </div>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setFailed(false);
              setAsking(true);
            }}
          >
            {t('account.security.workplace.remove')}
          </button>
        </li>
      </ul>
      {failed && (
        <p className="notice notice-error" role="alert">
          {t('account.security.workplace.failed')}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title={t('account.security.workplace.confirmTitle')}
          text={t('account.security.workplace.confirmText', { email })}
          confirmLabel={t('account.security.workplace.remove')}
          cancelLabel={t('account.common.cancel')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  );
}
