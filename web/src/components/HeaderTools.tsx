import type { Locale } from '@portal/contract';
import { Check, LogIn, LogOut, Menu as MenuIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from 'react-aria-components/Button';
import {
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
} from 'react-aria-components/Menu';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLogout } from '../lib/logout';
import { href } from '../lib/routes';
import { useCurrentUser } from '../lib/session';
import { BusyLabel } from './BusyLabel';
import { LANGUAGE_NAMES, LanguageSwitcher, useLanguageChoice } from './LanguageSwitcher';
import { WidgetLocale } from './WidgetLocale';
import './widgets.css';

/** Up to two initials of the user's names, for the avatar. */
function initialsOf(first: string, last: string) {
  return [first, last]
    .map((name) => name.trim().charAt(0))
    .join('')
    .toLocaleUpperCase();
}

/**
 * The header's right-hand side (loaded after the first page, with the widget
 * library). Wide screens: the language switcher, who is signed in and the
 * logout button (spec: only when logged in), or a sign-in link. Narrow
 * screens: one menu button holding the languages and the account actions,
 * so the header stays one row.
 */
export default function HeaderTools({ onLogin }: { onLogin: boolean }) {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const doLogout = () => {
    setFailed(false);
    logout.mutate(
      {},
      {
        onSuccess: () => navigate(href('login.email'), { replace: true }),
        onError: () => setFailed(true),
      },
    );
  };
  const name = user ? `${user.firstname} ${user.lastname}`.trim() : '';
  const initials = user ? initialsOf(user.firstname, user.lastname) : '';
  const showLogin = !isLoading && !user && !onLogin;

  return (
    <WidgetLocale>
      <div className="header-tools">
        <div className="header-wide">
          <LanguageSwitcher />
          {user && (
            <>
              <span className="header-user">
                {initials && (
                  <span className="avatar" aria-hidden="true">
                    {initials}
                  </span>
                )}
                <span className="user-name">{user.firstname}</span>
              </span>
              <button
                type="button"
                className="button button-secondary"
                disabled={logout.isPending}
                aria-busy={logout.isPending || undefined}
                onClick={doLogout}
              >
                <BusyLabel busy={logout.isPending}>{t('common.nav.logout')}</BusyLabel>
              </button>
            </>
          )}
          {showLogin && (
            <Link to={href('login.email')} className="button button-secondary">
              {t('common.nav.login')}
            </Link>
          )}
        </div>
        <div className="header-narrow">
          <HeaderMenu
            name={name}
            initials={initials}
            signedIn={!!user}
            showLogin={showLogin}
            onLogout={doLogout}
          />
        </div>
        {failed && (
          <p role="alert" className="error header-error">
            {t('common.logout.failed')}
          </p>
        )}
      </div>
    </WidgetLocale>
  );
}

/** Narrow screens: languages and account in one menu (arrow keys, Escape, typeahead). */
function HeaderMenu({
  name,
  initials,
  signedIn,
  showLogin,
  onLogout,
}: {
  name: string;
  initials: string;
  signedIn: boolean;
  showLogin: boolean;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { current, languages, choose } = useLanguageChoice();
  const label = signedIn && name ? t('common.app.account', { name }) : t('common.app.menu');
  return (
    <MenuTrigger>
      {/* Named by its hidden words, not aria-label: the initials shown are not a label (WCAG 2.5.3). */}
      <Button className="menu-button">
        {signedIn && initials ? (
          <span className="avatar" aria-hidden="true">
            {initials}
          </span>
        ) : (
          <MenuIcon size={22} aria-hidden="true" />
        )}
        <span className="visually-hidden">{label}</span>
      </Button>
      <Popover className="popover" placement="bottom end">
        <Menu className="menu">
          <MenuSection
            className="menu-section"
            selectionMode="single"
            selectedKeys={[current]}
            onSelectionChange={(keys) => {
              const [locale] = [...(keys as Set<Locale>)];
              if (locale && locale !== current) void choose(locale);
            }}
          >
            <Header className="menu-header">{t('common.app.language')}</Header>
            {languages.map((locale) => (
              <MenuItem
                key={locale}
                id={locale}
                className="menu-item"
                textValue={LANGUAGE_NAMES[locale].name}
              >
                {({ isSelected }) => (
                  <>
                    <span lang={LANGUAGE_NAMES[locale].lang}>{LANGUAGE_NAMES[locale].name}</span>
                    {isSelected && <Check size={16} aria-hidden="true" />}
                  </>
                )}
              </MenuItem>
            ))}
          </MenuSection>
          {(signedIn || showLogin) && <Separator className="menu-separator" />}
          {signedIn && (
            <MenuItem id="logout" className="menu-item" onAction={onLogout}>
              <LogOut size={18} aria-hidden="true" />
              {t('common.nav.logout')}
            </MenuItem>
          )}
          {showLogin && (
            <MenuItem
              id="login"
              className="menu-item"
              onAction={() => navigate(href('login.email'))}
            >
              <LogIn size={18} aria-hidden="true" />
              {t('common.nav.login')}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
