import { useTranslation } from 'react-i18next';
import { useConfirmedAction } from '../../../components/ConfirmedAction';
import { useUnlinkWorkplace } from '../api/account';

/**
 * The workplace (identity-provider) login linked to the account, if any: it
 * signs in without the password, so Security shows it and lets the user
 * remove it (announced by e-mail and in the history by the account API).
 */
export function WorkplaceLogin({ email }: { email: string }) {
  const { t } = useTranslation();
  const remove = useUnlinkWorkplace();
  const confirmed = useConfirmedAction(remove, () => ({
    title: t('account.security.workplace.confirmTitle'),
    text: t('account.security.workplace.confirmText', { email }),
    confirmLabel: t('account.security.workplace.remove'),
  }));
  return (
    <section className="panel" aria-labelledby="workplace-title">
      <h2 id="workplace-title">{t('account.security.workplace.title')}</h2>
      <p>{t('account.security.workplace.text')}</p>
      <ul className="rows" aria-label={t('account.security.workplace.title')}>
        <li>
          <div className="row-main">
            <span>{email}</span>
          </div>
          <button type="button" className="button button-secondary" onClick={() => confirmed.ask()}>
            {t('account.security.workplace.remove')}
          </button>
        </li>
      </ul>
      {remove.isError && (
        <p className="notice notice-error" role="alert">
          {t('account.security.workplace.failed')}
        </p>
      )}
      {confirmed.dialog}
    </section>
  );
}
