import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Actions } from '../../components/Actions';
import { Status } from '../../components/Notice';
import { useContactFormat } from '../../lib/phone';
import { usernamesQuery } from '../../lib/recovery-flow';
import { href } from '../../lib/routes';

/**
 * Forgot username, answer (docs/product.md part 2): the usernames found, or that none
 * were; read from the search's flow on the gateway (drawn with the page).
 */
export default function ForgotUsernameResponseScreen() {
  const { t } = useTranslation();
  const { data: found } = useQuery(usernamesQuery);
  const show = useContactFormat();
  if (found === undefined) return null;
  const usernames = found?.usernames ?? [];
  return (
    <section className="card narrow" aria-labelledby="username-title">
      <h1 id="username-title">{t('recovery.forgotUsernameResponse.title')}</h1>
      {found === null ? (
        <Status tone="warning">{t('recovery.forgotUsernameResponse.expired')}</Status>
      ) : usernames.length > 0 ? (
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
