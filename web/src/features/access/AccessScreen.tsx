import type { Grant } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/Modal';
import { toastSuccess } from '../../components/Toasts';
import '../../components/self-service.css';
import { AppWindow } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { ListRow, ListRows } from '../../components/ListRow';
import { clearFailure } from '../../lib/api';
import { useFormat } from '../../lib/format';
import { scopeText } from '../../lib/scopes';
import { grantsQuery, useRevokeGrant } from './api/grants';

/** Third-party apps the user let in (docs/product.md part 2, Access): revoke any of them. */
export default function AccessScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const [toRevoke, setToRevoke] = useState<Grant | null>(null);
  const grants = useQuery(grantsQuery);
  const list = Object.values(grants.data?.body ?? {}).sort((a, b) => a.name.localeCompare(b.name));
  const revoke = useRevokeGrant();

  return (
    <section aria-labelledby="access-title">
      <h1 id="access-title">{t('account.access.title')}</h1>
      <p>{t('account.access.intro')}</p>
      {revoke.isError && (
        <p className="notice notice-error" role="alert">
          {t('account.access.revokeFailed')}
        </p>
      )}
      <div className="panel">
        {grants.isPending && <p>{t('account.common.loading')}</p>}
        {grants.isError && <p>{t('account.common.tryLater')}</p>}
        {grants.isSuccess && list.length === 0 && (
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
                    clearFailure(revoke);
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
            revoke.mutate(toRevoke, {
              onSuccess: (_, grant) =>
                toastSuccess(t('account.access.revoked', { name: grant.name })),
            });
          }}
          onCancel={() => setToRevoke(null)}
        />
      )}
    </section>
  );
}
