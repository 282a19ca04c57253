import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirmedAction } from '../../../components/ConfirmedAction';
import { useLogout } from '../../../lib/logout';
import { href } from '../../../lib/routes';
import { useEndAllSessions } from '../api/sessions';

/** Global logout (docs/product.md part 4): every session ends, this one included. */
export function GlobalLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const all = useEndAllSessions();
  const confirmed = useConfirmedAction(
    all,
    () => ({
      title: t('account.sessions.logoutAllTitle'),
      text: t('account.sessions.logoutAllText'),
      confirmLabel: t('account.sessions.logoutAll'),
    }),
    // The cookie is gone already; this clears what the browser kept.
    () => logout.mutate({}, { onSettled: () => navigate(href('login.email'), { replace: true }) }),
  );
  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => confirmed.ask()}>
        {t('account.sessions.logoutAll')}
      </button>
      {all.isError && (
        <p className="notice notice-error" role="alert">
          {t('account.sessions.logoutFailed')}
        </p>
      )}
      {confirmed.dialog}
    </>
  );
}
