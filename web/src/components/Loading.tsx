import { useTranslation } from 'react-i18next';

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="visually-hidden">{t('common.app.loading')}</span>
    </div>
  );
}
