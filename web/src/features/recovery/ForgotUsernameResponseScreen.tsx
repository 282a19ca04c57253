import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Actions } from '../../components/Actions';
import { Status } from '../../components/Notice';
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
        <Status tone="warning">{t('recovery.forgotUsernameResponse.none')}</Status>
      )}
      <Actions
        primary={{ label: t('recovery.forgotUsernameResponse.login'), to: href('login.email') }}
        secondary={{
          label: t('recovery.forgotUsernameResponse.again'),
          to: href('forgot-username'),
        }}
      />
    </section>
  );
}
