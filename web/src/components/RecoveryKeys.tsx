import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Recovery keys, shown once: the list, a copy button and a download as a text
 * file. Used after authenticator setup and after regenerating the keys.
 */
export function RecoveryKeys({ keys }: { keys: readonly string[] }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const text = `${t('account.recoveryKeys.fileHeader')}\n\n${keys.join('\n')}\n`;
  // A data URL: nothing to clean up, and it never leaves the page (the browser saves it).
  const fileUrl = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(keys.join('\n'));
      setCopied('ok');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <div className="recovery-keys">
      <p className="notice notice-warning">{t('account.recoveryKeys.onlyOnce')}</p>
      <ol className="recovery-key-list" aria-label={t('account.recoveryKeys.listLabel')}>
        {keys.map((key) => (
          <li key={key}>
            <code>{key}</code>
          </li>
        ))}
      </ol>
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={copy}>
          {t('account.recoveryKeys.copy')}
        </button>
        <a className="button button-secondary" href={fileUrl} download="recovery-keys.txt">
          {t('account.recoveryKeys.download')}
        </a>
      </div>
      <p role="status" className="status-line">
        {copied === 'ok' && t('account.recoveryKeys.copied')}
        {copied === 'failed' && t('account.recoveryKeys.copyFailed')}
      </p>
    </div>
  );
}
