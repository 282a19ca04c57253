import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPartnerLogin, targetClientOf } from '../lib/guard-rules';

/**
 * "Log in to continue to Partner Shop": a partner app's sign-in names the
 * app (its registered name, asked of the gateway) on every step, the
 * password and the code alike, so that the person knows where they go.
 * `search`: the sign-in's query (`?partner=1`, or a target or `client_id`).
 */
export function PartnerBanner({ search }: { search: string }) {
  const { t } = useTranslation();
  const client = isPartnerLogin(search) ? targetClientOf(search) : null;
  const partner = new URLSearchParams(search).get('partner') === '1';
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (!client) return;
    let live = true;
    // Only partner sign-ins ask: the lookup is not on the first page.
    void import('../lib/partner-name')
      .then((m) => m.partnerName(client))
      .then((found) => live && setName(found));
    return () => {
      live = false;
    };
  }, [client]);
  if (!partner && client === null) return null;
  return (
    <p className="notice notice-info">
      {name ? t('signin.login.partnerNamed', { name }) : t('signin.login.partner')}
    </p>
  );
}
