import { useTranslation } from 'react-i18next';
import '../../components/self-service.css';
import { useMfaMethods } from '../../lib/mfa-methods';
import { useCurrentUser } from '../../lib/session';
import { ContactSection } from './components/ContactSection';

export default function EditCredentialsScreen() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const methods = useMfaMethods();
  if (!user) return null;
  const mfa = methods.data?.status === 200 ? methods.data.body : [];
  return (
    <section aria-labelledby="credentials-title">
      <h1 id="credentials-title">{t('account.contacts.title')}</h1>
      <p>{t('account.contacts.intro')}</p>
      <ContactSection kind="email" user={user} methods={mfa} />
      <ContactSection kind="phone" user={user} methods={mfa} />
    </section>
  );
}
