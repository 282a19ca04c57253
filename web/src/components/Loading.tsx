import { useTranslation } from 'react-i18next';

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="visually-hidden">{t('common.app.loading')}</span>
      {/* A skeleton of the page to come rather than a bare spinner. */}
      <span className="skeleton skeleton-title" aria-hidden="true" />
      <span className="skeleton" aria-hidden="true" />
      <span className="skeleton skeleton-short" aria-hidden="true" />
    </div>
  );
}
