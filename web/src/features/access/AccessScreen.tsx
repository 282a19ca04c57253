import type { Grant } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/Modal';
import { toastSuccess } from '../../components/Toasts';
import '../../components/self-service.css';
import { AppWindow } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { ListRow, ListRows } from '../../components/ListRow';
import { useFormat } from '../../lib/format';
import { scopeText } from '../../lib/scopes';
import { tsr } from '../../lib/tsr';
import { grantKeys, useGrants } from './api/grants';

/** Third-party apps the user let in (spec part 2, Access): revoke any of them. */
export default function AccessScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const format = useFormat();
  const [toRevoke, setToRevoke] = useState<Grant | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; name: string } | null>(null);
  const grants = useGrants();
  const list =
    grants.data?.status === 200
      ? Object.values(grants.data.body).sort((a, b) => a.name.localeCompare(b.name))
      : [];

  const revoke = useMutation({
    mutationFn: (grant: Grant) =>
      tsr.grants.revokeGrant.mutate({ params: { client_id: String(grant.client_id) } }),
    onSuccess: async (res, grant) => {
      if (res.status === 204) toastSuccess(t('account.access.revoked', { name: grant.name }));
      setNotice({ ok: res.status === 204, name: grant.name });
      await queryClient.invalidateQueries({ queryKey: grantKeys.all });
    },
    onError: (_e, grant) => setNotice({ ok: false, name: grant.name }),
  });

  return (
    <section aria-labelledby="access-title">
      <h1 id="access-title">{t('account.access.title')}</h1>
      <p>{t('account.access.intro')}</p>
      {notice && !notice.ok && (
        <p className="notice notice-error" role="alert">
          {t('account.access.revokeFailed')}
        </p>
      )}
      <div className="panel">
        {grants.isPending && <p>{t('account.common.loading')}</p>}
        {grants.isError && <p>{t('account.common.tryLater')}</p>}
        {grants.data?.status === 200 && list.length === 0 && (
          <EmptyState icon={AppWindow}>{t('account.access.none')}</EmptyState>
        )}
        <ListRows label={t('account.access.listLabel')}>
          {list.map((grant) => (
            <ListRow
              key={grant.client_id}
              label={grant.name}
              icon={AppWindow}
              title={grant.name}
              description={
                <>
                  <span>
                    {t('account.access.canDoList', {
                      scopes: grant.scopes.map((scope) => scopeText(t, scope)).join(', '),
                    })}
                  </span>
                  {grant.granted_at && (
                    <>
                      <br />
                      <span>
                        {t('account.access.grantedOn', { date: format.date(grant.granted_at) })}
                        {' · '}
                        {grant.last_used_at
                          ? t('account.access.lastUsedOn', {
                              date: format.dateTime(grant.last_used_at),
                            })
                          : t('account.access.notUsed')}
                      </span>
                    </>
                  )}
                </>
              }
              action={
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={t('account.access.revokeApp', { name: grant.name })}
                  onClick={() => {
                    setNotice(null);
                    setToRevoke(grant);
                  }}
                >
                  {t('account.access.revoke')}
                </button>
              }
            />
          ))}
        </ListRows>
      </div>
      {toRevoke && (
        <ConfirmDialog
          title={t('account.access.confirmTitle', { name: toRevoke.name })}
          text={t('account.access.confirmText', { name: toRevoke.name })}
          confirmLabel={t('account.access.revoke')}
          cancelLabel={t('account.common.cancel')}
          onConfirm={() => {
            setToRevoke(null);
            revoke.mutate(toRevoke);
          }}
          onCancel={() => setToRevoke(null)}
        />
      )}
    </section>
  );
}
