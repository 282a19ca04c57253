import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { getConfig } from '../../lib/config';
import { ssoOfferQuery } from '../../lib/sso';
import { BECOME_CUSTOMER_URL } from './websites';

/**
 * `/partner/no-account`: the workplace login matches no account (docs/product.md part 8).
 * The user may create one with a card, ask to become a customer, or link an
 * account they already have under another username.
 */
export default function NoAccountScreen() {
  const { t } = useTranslation();
  const titleId = useId();
  // The workplace login's e-mail, from its flow on the gateway (the text without it meanwhile).
  const offer = useQuery(ssoOfferQuery).data;
  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.partner.noAccount.title')}</h1>
      <p>
        {offer
          ? t('flows.partner.noAccount.text', { email: offer.email })
          : t('flows.partner.noAccount.textNoEmail')}
      </p>
      <ul className="choice-list">
        <li>
          <Link to={href('onboarding')}>
            <strong>{t('flows.partner.noAccount.activate')}</strong>
            <span className="muted">{t('flows.partner.noAccount.activateText')}</span>
          </Link>
        </li>
        <li>
          <a href={BECOME_CUSTOMER_URL[getConfig().variant]}>
            <strong>{t('flows.partner.noAccount.customer')}</strong>
            <span className="muted">{t('flows.partner.noAccount.customerText')}</span>
          </a>
        </li>
        <li>
          <Link to={href('partner.link-existing')}>
            <strong>{t('flows.partner.noAccount.link')}</strong>
            <span className="muted">{t('flows.partner.noAccount.linkText')}</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
