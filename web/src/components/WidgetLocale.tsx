import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components/I18nProvider';
import { useTranslation } from 'react-i18next';

/** React Aria's own words (hidden dismiss buttons, region names) in the page's language, not the browser's. */
export function WidgetLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [language] = i18n.language.split('_');
  return <I18nProvider locale={`${language}-BE`}>{children}</I18nProvider>;
}
