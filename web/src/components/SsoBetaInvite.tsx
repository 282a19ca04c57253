import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureNamespaces } from '../i18n/i18n';
import { queryKeys } from '../lib/api';
import { startSsoLogin } from '../lib/sso';
import { tsr } from '../lib/tsr';
import { Modal } from './Modal';
import './self-service.css';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
const dismissed = new Set<string>();

/**
 * The identity-provider beta (spec parts 2 and 6): when the e-mail address a
 * user gives belongs to a company of the beta programme, a modal invites them
 * to log in with their workplace account, naming the company. `login` is the
 * address as committed (e.g. when the field loses focus); `target` is where
 * the sign-in is headed, kept across the provider's pages.
 */
export function SsoBetaInvite({ login, target }: { login: string; target: string | null }) {
  const { t } = useTranslation();
  const email = login.trim().toLowerCase();
  const [textsReady, setTextsReady] = useState(false);
  const [closed, setClosed] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const discovery = tsr.partner.ssoDiscover.useQuery({
    queryKey: queryKeys.ssoDiscover(email),
    queryData: { query: { login: email } },
    enabled: looksLikeEmail(email),
    staleTime: 10 * 60_000,
    retry: false,
  });
  const beta = discovery.data?.status === 200 ? discovery.data.body : null;
  const company = beta?.company ?? null;
  const provider = beta?.provider ?? null;
  const show = company !== null && provider !== null && !closed && !dismissed.has(company);

  useEffect(() => {
    if (show && !textsReady) void ensureNamespaces(['flows']).then(() => setTextsReady(true));
  }, [show, textsReady]);
  // Another address: a new invitation may follow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on every new address
  useEffect(() => setClosed(false), [email]);

  if (!show || !textsReady || !company || !provider) return null;
  const close = () => {
    dismissed.add(company);
    setClosed(true);
  };
  const providerName = t(`flows.partner.beta.provider.${provider}`);
  return (
    <Modal title={t('flows.partner.beta.title', { companyName: company })} onClose={close}>
      <p>{t('flows.partner.beta.text', { companyName: company })}</p>
      {failed && (
        <p className="error" role="alert">
          {t('flows.partner.beta.failed')}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setFailed(false);
            if (!(await startSsoLogin(provider, email, target))) {
              setFailed(true);
              setBusy(false);
            }
          }}
        >
          {t('flows.partner.beta.login', { provider: providerName })}
        </button>
        <button type="button" className="button button-secondary" onClick={close}>
          {t('flows.partner.beta.later')}
        </button>
      </div>
    </Modal>
  );
}
