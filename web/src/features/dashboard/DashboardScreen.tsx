import { LayoutGrid } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { getConfig } from '../../lib/config';
import { useCurrentUser } from '../../lib/session';
import { useCheckedTarget } from '../../lib/target';
import { type Service, servicesOf, serviceUrl } from './services';

// The checkup loads after the page's first render (its own query and code are
// not what the dashboard's first paint should wait for).
const SecurityCheckup = lazy(() =>
  import('./SecurityCheckup').then((module) => ({ default: module.SecurityCheckup })),
);
// The passkey offer likewise: most visits offer nothing.
const PasskeyOffer = lazy(() =>
  import('./PasskeyOffer').then((module) => ({ default: module.PasskeyOffer })),
);

/**
 * A `redirect_uri` given to the dashboard is followed only when the gateway's
 * allow-list accepts it (docs/product.md part 2 says the browser leaves to it; the allow-list
 * is in docs/security.md, V10.4.1: no open redirect).
 */
function useRedirectUri(): 'none' | 'checking' | 'leaving' | 'refused' {
  const [params] = useSearchParams();
  const uri = params.get('redirect_uri');
  const check = useCheckedTarget(uri);
  const target = check.target?.url ?? null;
  useEffect(() => {
    if (target) window.location.assign(target);
  }, [target]);
  if (!uri) return 'none';
  if (check.pending) return 'checking';
  return target ? 'leaving' : 'refused';
}

/** The dashboard (docs/product.md part 2): welcome by first name, the linked services and a security checkup. */
export default function DashboardScreen() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const redirect = useRedirectUri();
  const config = getConfig();
  if (!user || redirect === 'checking') return <Loading />;
  if (redirect === 'leaving') {
    return (
      <section className="card" aria-busy="true">
        <p role="status">{t('dashboard.leaving')}</p>
        <Loading />
      </section>
    );
  }

  const services = servicesOf(user, config.features.dealsSite);
  const names: Record<Service, [string, string]> = {
    client: [t('dashboard.platforms.client'), t('dashboard.platforms.clientText')],
    voucher: [t('dashboard.platforms.voucher'), t('dashboard.platforms.voucherText')],
    partner: [t('dashboard.platforms.partner'), t('dashboard.platforms.partnerText')],
    deals: [t('dashboard.platforms.deals'), t('dashboard.platforms.dealsText')],
  };

  return (
    <>
      <section className="card" aria-labelledby="dashboard-title">
        <h1 id="dashboard-title">{t('dashboard.welcome', { firstname: user.firstname })}</h1>
        <p>{t('dashboard.intro')}</p>
        {redirect === 'refused' && (
          <p className="notice notice-warning" role="alert">
            {t('dashboard.refused')}
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="services-title">
        <h2 id="services-title">{t('dashboard.services')}</h2>
        {services.length === 0 ? (
          <EmptyState icon={LayoutGrid}>{t('dashboard.none')}</EmptyState>
        ) : (
          <ul className="services">
            {services.map((service) => {
              const [name, text] = names[service];
              return (
                <li key={service} className="service">
                  <h3>{name}</h3>
                  <p>{text}</p>
                  <a className="button button-secondary" href={serviceUrl(config.variant, service)}>
                    {t('dashboard.open', { platform: name })}
                  </a>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {/* After what the user came for: its answer arriving moves none of it. */}
      <Suspense fallback={null}>
        <PasskeyOffer />
      </Suspense>
      {/* Last, so that its answer arriving moves nothing the user is reading. */}
      <Suspense fallback={null}>
        <SecurityCheckup user={user} />
      </Suspense>
    </>
  );
}
