import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../lib/routes';

const SECTIONS = ['s1', 's2', 's3', 's4'] as const;

/**
 * `/legal/terms` and `/legal/privacy`: the documents the onboarding asks to
 * accept, in the current language and the variant's wording (the LU entity
 * for LU). Open to everyone, signed in or not. The text is a placeholder the
 * provider replaces; the page says so at the top.
 */
export default function LegalScreen({ document }: { document: 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  const titleId = useId();
  const provider = t('legal.provider');
  return (
    <article className="card legal" aria-labelledby={titleId}>
      <h1 id={titleId}>{t(`legal.${document}.title`)}</h1>
      <p className="notice notice-warning">{t('legal.placeholder', { provider })}</p>
      <p className="muted">{t('legal.updated')}</p>
      {SECTIONS.map((s) => (
        <section key={s}>
          <h2>{t(`legal.${document}.${s}Title`)}</h2>
          <p>{t(`legal.${document}.${s}Text`, { provider })}</p>
        </section>
      ))}
      <p className="links">
        <Link to={href('home')}>{t('legal.back')}</Link>
      </p>
    </article>
  );
}
