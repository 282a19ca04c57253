import { Copy, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from './QrCode';
import './totp-key.css';

/** "JBSWY3DPEHPK3PXP" → ["JBSW", "Y3DP", "EHPK", "3PXP"]: easier to read and type by hand. */
export const keyGroups = (secret: string) => secret.replace(/\s/g, '').match(/.{1,4}/g) ?? [];

/**
 * The authenticator key three ways, for whichever device holds the app: an
 * `otpauth://` link that opens the app on this phone (which cannot scan its
 * own screen), the QR code for an app on another device, and the key itself
 * in groups of four, never cut off, with a Copy button.
 */
export function TotpKey({ uri, secret }: { uri: string; secret: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret.replace(/\s/g, ''));
      setCopied('ok');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="totp-key">
      <div className="totp-key-open">
        <a className="button" href={uri} aria-describedby={`${id}-open`}>
          <ExternalLink size={18} aria-hidden="true" />
          {t('account.setup.totp.openApp')}
        </a>
        <p id={`${id}-open`} className="hint">
          {t('account.setup.totp.openAppHint')}
        </p>
      </div>
      <div className="totp-key-other">
        <QrCode value={uri} label={t('account.setup.totp.qrLabel')} />
        <div className="totp-key-text">
          <p>{t('account.setup.totp.otherDevice')}</p>
          <p>{t('account.setup.totp.typeKey')}</p>
          {/* translate="no" below: a key, not words; a browser's translator must leave it alone. */}
          {/* biome-ignore lint/a11y/useSemanticElements: text, not form controls: a fieldset would be wrong */}
          <div
            className="secret"
            role="group"
            aria-label={t('account.setup.totp.secret')}
            translate="no"
          >
            {keyGroups(secret).map((group, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a group is its position in the key
              <span key={i}>{group}</span>
            ))}
          </div>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => void copy()}
          >
            <Copy size={16} aria-hidden="true" />
            {t('account.setup.totp.copyKey')}
          </button>
          <div role="status">
            {copied === 'ok' && (
              <p className="notice notice-success">{t('account.setup.totp.copied')}</p>
            )}
          </div>
          {copied === 'failed' && (
            <p className="notice notice-error" role="alert">
              {t('account.setup.totp.copyFailed')}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
