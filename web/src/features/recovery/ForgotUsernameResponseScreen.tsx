import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forgotUsername } from '../../lib/flow-state';
import { useContactFormat } from '../../lib/phone';
import { href } from '../../lib/routes';

/** Forgot username, answer (spec part 2): the usernames found, or that none were. */
export default function ForgotUsernameResponseScreen() {
  const { t } = useTranslation();
  const [usernames] = useState(() => forgotUsername.get() ?? []);
  const show = useContactFormat();
  return (
    <section className="card narrow" aria-labelledby="username-title">
      <h1 id="username-title">{t('recovery.forgotUsernameResponse.title')}</h1>
      {usernames.length > 0 ? (
        <>
          <p>{t('recovery.forgotUsernameResponse.found')}</p>
          <ul className="usernames">
            {usernames.map((name) => (
              <li key={name}>
                <strong>{show(name)}</strong>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="notice notice-warning" role="status">
          {t('recovery.forgotUsernameResponse.none')}
        </p>
      )}
      <div className="actions">
        <Link className="button" to={href('login.email')}>
          {t('recovery.forgotUsernameResponse.login')}
        </Link>
        <Link className="button button-secondary" to={href('forgot-username')}>
          {t('recovery.forgotUsernameResponse.again')}
        </Link>
      </div>
    </section>
  );
}
