import type { User } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { BreakableContact } from '../../components/BreakableContact';
import { toastSuccess } from '../../components/Toasts';
import { useFormat } from '../../lib/format';
import { useContactFormat } from '../../lib/phone';
import { useCurrentUser } from '../../lib/session';
import { firstField, useStepFocus } from '../../lib/step-focus';
import { IbanForm } from './components/IbanForm';
import { formatIban, languageLabel } from './profile-format';

export default function ProfileScreen() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const notice = (location.state as { notice?: string } | null)?.notice;
  // The save of edit-info is confirmed once, by a toast; the state is dropped so Back does not repeat it.
  useEffect(() => {
    if (notice !== 'infoSaved') return;
    toastSuccess(t('account.editInfo.saved'));
    navigate(location.pathname + location.hash, { replace: true, state: null });
  }, [notice, t, navigate, location.pathname, location.hash]);
  // Old links to the profile's notifications section lead to their own page now.
  if (location.hash === '#notifications')
    return <Navigate to={href('user.notifications')} replace />;
  if (!user) return null;
  return (
    <section aria-labelledby="profile-title">
      <h1 id="profile-title">{t('account.profile.title')}</h1>
      <PersonalInfo user={user} />
      <ContactInfo user={user} />
      <BankingInfo user={user} />
      <YourData />
    </section>
  );
}

function PersonalInfo({ user }: { user: User }) {
  const { t } = useTranslation();
  const format = useFormat();
  const none = t('account.common.notProvided');
  return (
    <section className="panel" aria-labelledby="personal-title">
      <div className="panel-head">
        <h2 id="personal-title">{t('account.profile.personal')}</h2>
        <Link to={href('profile.edit-info')}>{t('account.profile.editInfo')}</Link>
      </div>
      <dl className="facts">
        <dt>{t('account.profile.firstname')}</dt>
        <dd>{user.firstname || none}</dd>
        <dt>{t('account.profile.lastname')}</dt>
        <dd>{user.lastname || none}</dd>
        <dt>{t('account.profile.birthdate')}</dt>
        <dd>{user.birthdate ? format.date(user.birthdate) : none}</dd>
        <dt>{t('account.profile.gender')}</dt>
        <dd>{user.gender ? t(`account.profile.genders.${user.gender}`) : none}</dd>
        <dt>{t('account.profile.language')}</dt>
        <dd>{languageLabel(user.language, format.locale)}</dd>
      </dl>
    </section>
  );
}

function ContactInfo({ user }: { user: User }) {
  const { t } = useTranslation();
  const show = useContactFormat();
  const emails = [...user.email].sort((a, b) => Number(b.default) - Number(a.default));
  const phones = [...user.phone].sort((a, b) => Number(b.default) - Number(a.default));
  return (
    <section className="panel" aria-labelledby="contact-title">
      <div className="panel-head">
        <h2 id="contact-title">{t('account.profile.contact')}</h2>
        <Link to={href('profile.edit-credentials')}>{t('account.profile.editCredentials')}</Link>
      </div>
      <dl className="facts">
        <dt>{t('account.profile.emails')}</dt>
        <dd>
          <ul className="plain">
            {emails.map((e) => (
              <li key={e.id}>
                <BreakableContact value={e.value} />
                {e.default && (
                  <span className="badge badge-brand">{t('account.contacts.primary')}</span>
                )}
                {!e.verified && <span className="badge">{t('account.contacts.unverified')}</span>}
              </li>
            ))}
          </ul>
        </dd>
        <dt>{t('account.profile.phones')}</dt>
        <dd>
          <ul className="plain">
            {phones.map((p) => (
              <li key={p.id}>
                {show(p.value)}
                {p.default && (
                  <span className="badge badge-brand">{t('account.contacts.primary')}</span>
                )}
                {!p.verified && <span className="badge">{t('account.contacts.unverified')}</span>}
              </li>
            ))}
          </ul>
        </dd>
        {user.sso_email && (
          <>
            <dt>{t('account.profile.ssoEmail')}</dt>
            <dd>{user.sso_email}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function BankingInfo({ user }: { user: User }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [editing, setEditing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  // Opened: the cursor to the form's first field; closed (saved or cancelled): back to the button that opened it.
  useStepFocus(editing, () => (editing ? firstField(panel.current) : opener.current));
  const close = () => setEditing(false);
  return (
    <section ref={panel} className="panel" aria-labelledby="banking-title">
      <div className="panel-head">
        <h2 id="banking-title">{t('account.profile.banking')}</h2>
        {!editing && (
          <button
            ref={opener}
            type="button"
            className="button button-secondary button-small"
            onClick={() => setEditing(true)}
          >
            {user.iban ? t('account.iban.change') : t('account.iban.add')}
          </button>
        )}
      </div>
      {editing ? (
        <IbanForm
          user={user}
          onSaved={() => {
            close();
            toastSuccess(t('account.iban.updated'));
          }}
          onCancel={close}
        />
      ) : (
        <dl className="facts">
          <dt>{t('account.iban.iban')}</dt>
          <dd>{user.iban ? formatIban(user.iban) : t('account.common.notProvided')}</dd>
          <dt>{t('account.iban.country')}</dt>
          <dd>
            {user.iban_country
              ? format.country(user.iban_country)
              : t('account.common.notProvided')}
          </dd>
        </dl>
      )}
    </section>
  );
}

/** Your data (docs/flows.md): a copy of the account, and its deletion, each on a page of its own. */
function YourData() {
  const { t } = useTranslation();
  return (
    <section className="panel" aria-labelledby="your-data-title">
      <h2 id="your-data-title">{t('data.profile.title')}</h2>
      <p>{t('data.profile.text')}</p>
      <ul className="plain">
        <li>
          <Link to={href('profile.data')}>{t('data.profile.download')}</Link>
        </li>
        <li>
          <Link to={href('profile.delete')}>{t('data.profile.delete')}</Link>
        </li>
      </ul>
    </section>
  );
}
