import type { Locale } from '@portal/contract';
import { Check, LogIn, LogOut, Menu as MenuIcon } from 'lucide-react';
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
import { useNavigate } from 'react-router';
import { useHydrated } from '../lib/hydration';
import { href } from '../lib/routes';
import { LANGUAGE_NAMES, useLanguageChoice } from './LanguageSwitcher';
import { WidgetLocale } from './WidgetLocale';

/**
 * Narrow screens, signed in: languages and account in one menu (arrow keys,
 * Escape, typeahead). Loaded with the first signed-in page: the sign-in pages
 * do without the widget library.
 */
export default function AccountMenu({
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
  // Its menu is the script's: drawn disabled until the app has the page.
  const hydrated = useHydrated();
  const label = signedIn && name ? t('common.app.account', { name }) : t('common.app.menu');
  return (
    <WidgetLocale>
      <MenuTrigger>
        {/* Named by its hidden words, not aria-label: the initials shown are not a label (WCAG 2.5.3). */}
        <Button className="menu-button" isDisabled={!hydrated}>
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
    </WidgetLocale>
  );
}
