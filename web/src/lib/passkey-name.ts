import { useTranslation } from 'react-i18next';

/**
 * A new passkey's default name: the browser and system it was made on
 * ("Chrome on Linux"), as people recognise them in their password manager.
 * User-Agent Client Hints where the browser has them, else the user agent.
 */
export interface DeviceNames {
  browser: string | null;
  os: string | null;
}

interface Navigatorish {
  userAgent: string;
  userAgentData?: { brands?: { brand: string }[]; platform?: string };
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function deviceNames(nav: Navigatorish): DeviceNames {
  const ua = nav.userAgent;
  const hinted = nav.userAgentData?.brands
    ?.map((b) => b.brand)
    .find((b) => /Chrome|Chromium|Edge|Opera/.test(b));
  const browser =
    BROWSERS.find(([re]) => re.test(ua))?.[1] ??
    (hinted ? hinted.replace('Google ', '').replace('Microsoft ', '') : null);
  const os = nav.userAgentData?.platform || SYSTEMS.find(([re]) => re.test(ua))?.[1] || null;
  return { browser, os };
}

/**
 * The name a passkey made here gets ("Chrome on Linux", else the browser or
 * the system alone, else "This device"), in the page's language; the person
 * renames it under Security → Passkeys. Needs the `passkeys` texts.
 */
export function usePasskeyDefaultName(): () => string {
  const { t } = useTranslation();
  return () => {
    const { browser, os } = deviceNames(navigator as Navigatorish);
    if (browser && os) return t('passkeys.defaultName', { browser, os });
    return browser ?? os ?? t('passkeys.thisDevice');
  };
}
