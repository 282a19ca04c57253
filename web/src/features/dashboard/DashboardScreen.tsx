import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/session';

export default function DashboardScreen() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <section className="card" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{t('signin.dashboard.welcome', { firstname: user.firstname })}</h1>
    </section>
  );
}
