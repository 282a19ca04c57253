import { useTranslation } from 'react-i18next';

/** What a lockdown does, said before it is confirmed. */
export function LockdownEffects() {
  const { t } = useTranslation();
  return (
    <ul className="lockdown-effects">
      <li>{t('lockdown.effects.sessions')}</li>
      <li>{t('lockdown.effects.grants')}</li>
      <li>{t('lockdown.effects.devices')}</li>
      <li>{t('lockdown.effects.password')}</li>
      <li>{t('lockdown.effects.review')}</li>
      <li>{t('lockdown.effects.told')}</li>
    </ul>
  );
}
