import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../../components/self-service.css';
import { BreakableContact } from '../../components/BreakableContact';
import { useContactFormat } from '../../lib/phone';
import { href } from '../../lib/routes';
import { useCurrentUser } from '../../lib/session';
import { NewDeviceAlertSetting } from './components/NewDeviceAlertSetting';

/**
 * Notifications (the sidebar's own entry, docs/product.md part 2): where security
 * notifications and codes go, and the new-device alert switch. A page of its
 * own, so the navigation can mark it as the current page.
 */
export default function NotificationsScreen() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const show = useContactFormat();
  if (!user) return null;
  const email = user.email.find((e) => e.default)?.value;
  const phone = user.phone.find((p) => p.default)?.value;
  return (
    <section aria-labelledby="notifications-title">
      <h1 id="notifications-title">{t('account.profile.notifications')}</h1>
      <section className="panel" aria-labelledby="notifications-where">
        <h2 id="notifications-where">{t('account.profile.notificationsWhere')}</h2>
        <p>{t('account.profile.notificationsText')}</p>
        <dl className="facts">
          <dt>{t('account.profile.notifyEmail')}</dt>
          <dd>{email ? <BreakableContact value={email} /> : t('account.common.notProvided')}</dd>
          <dt>{t('account.profile.notifyPhone')}</dt>
          <dd>{phone ? show(phone) : t('account.common.notProvided')}</dd>
        </dl>
        <Link to={href('profile.edit-credentials')}>{t('account.profile.changePrimary')}</Link>
      </section>
      <section className="panel">
        <NewDeviceAlertSetting />
      </section>
    </section>
  );
}
