import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureNamespaces } from '../i18n/i18n';
import { startSsoLogin, type Workplace } from '../lib/sso';
import { Actions } from './Actions';
import { Modal } from './Modal';
import './self-service.css';

/**
 * The identity-provider beta (docs/product.md parts 2 and 6): the sign-in form was sent
 * with the address of a company of the beta programme, so a modal invites
 * the person to log in with their workplace account, naming the company, or
 * to go on with the password they typed (`onPassword`). Its text says what
 * follows: the first time, the workplace login is linked to the account with
 * that account's password and a code (docs/flows.md#workplace-link).
 * `target` is where the sign-in is headed, kept across the provider's pages.
 */
export function SsoBetaInvite({
  workplace,
  target,
  onPassword,
  onClose,
}: {
  workplace: Workplace;
  target: string | null;
  onPassword: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [textsReady, setTextsReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void ensureNamespaces(['flows']).then(() => setTextsReady(true));
  }, []);

  if (!textsReady) return null;
  const { login, company, provider } = workplace;
  const providerName = t(`flows.partner.beta.provider.${provider}`);
  return (
    <Modal title={t('flows.partner.beta.title', { companyName: company })} onClose={onClose}>
      <p>{t('flows.partner.beta.text', { companyName: company })}</p>
      <Actions
        error={failed && t('flows.partner.beta.failed')}
        busy={busy}
        primary={{
          label: t('flows.partner.beta.login', { provider: providerName }),
          onPress: async () => {
            setBusy(true);
            setFailed(false);
            if (!(await startSsoLogin(provider, login, target))) {
              setFailed(true);
              setBusy(false);
            }
          },
        }}
        secondary={{ label: t('flows.partner.beta.password'), onPress: onPassword }}
      />
    </Modal>
  );
}
