import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/Modal';
import { useLogout } from '../../../lib/logout';
import { href } from '../../../lib/routes';
import { tsr } from '../../../lib/tsr';

/** Global logout (spec part 4): every session ends, this one included. */
export function GlobalLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState(false);
  const all = useMutation({
    mutationFn: () => tsr.sessions.deleteAllSessions.mutate({}),
    onSuccess: (res) => {
      setAsking(false);
      if (res.status !== 204) return setFailed(true);
      // The cookie is gone already; this clears what the browser kept.
      logout.mutate({}, { onSettled: () => navigate(href('login.email'), { replace: true }) });
    },
    onError: () => {
      setAsking(false);
      setFailed(true);
    },
  });
  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => {
          setFailed(false);
          setAsking(true);
        }}
      >
        {t('account.sessions.logoutAll')}
      </button>
      {failed && (
        <p className="notice notice-error" role="alert">
          {t('account.sessions.logoutFailed')}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title={t('account.sessions.logoutAllTitle')}
          text={t('account.sessions.logoutAllText')}
          confirmLabel={t('account.sessions.logoutAll')}
          cancelLabel={t('account.common.cancel')}
          busy={all.isPending}
          onConfirm={() => all.mutate()}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
