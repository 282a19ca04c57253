import type { Session } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { deviceName } from '../../../lib/device-name';
import { useFormat } from '../../../lib/format';

/**
 * What the security page says after a password change: it was changed, and
 * which other devices it signed out (as the account API named them), or
 * that none was signed in (docs/threat-model.md, "A session's life").
 */
export function PasswordChanged({ signedOut }: { signedOut: Session[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="notice notice-success">
      <p>{t('account.password.changed')}</p>
      {signedOut.length === 0 ? (
        <p>{t('account.password.noneSignedOut')}</p>
      ) : (
        <>
          <p>{t('account.password.signedOut', { count: signedOut.length })}</p>
          <ul>
            {signedOut.map((s) => (
              <li key={s.id}>
                {[
                  s.device_name
                    ? deviceName(t, s.device_name)
                    : t('account.sessions.unknownDevice'),
                  s.browser,
                  format.place(s.city, s.country),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
