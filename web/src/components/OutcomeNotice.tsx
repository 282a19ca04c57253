import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../lib/routes';
import { Alert } from './Notice';

/**
 * What a screen says after an action: that it worked, or that it failed (with
 * a title when the failure needs one, and a way to Security when that is
 * where the user can go on).
 */
export type Outcome =
  | { tone: 'success'; text: string }
  | { tone: 'error'; title?: string; text: string; toSecurity?: boolean };

/** A deletion that failed, in the account screens' words. */
export const deletionFailed = (t: TFunction): Outcome => ({
  tone: 'error',
  title: t('account.common.deletionFailed'),
  text: t('account.common.deletionFailedText'),
});

/** A switch of the primary method or contact that failed: Security is where to look next. */
export const switchFailed = (t: TFunction): Outcome => ({
  tone: 'error',
  title: t('account.common.switchFailed'),
  text: t('account.common.switchFailedText'),
  toSecurity: true,
});

/**
 * The outcome of the last action, where the screen shows it: a success in a
 * status region that is always in the page (so that a screen reader hears it
 * when it appears, without being interrupted), a failure as an alert.
 * `children` join the status region (a "working on it" line).
 */
export function OutcomeNotice({
  outcome,
  children,
}: {
  outcome: Outcome | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div role="status">
        {outcome?.tone === 'success' && <p className="notice notice-success">{outcome.text}</p>}
        {children}
      </div>
      {outcome?.tone === 'error' &&
        (outcome.title || outcome.toSecurity ? (
          <div className="notice notice-error" role="alert">
            {outcome.title && <strong>{outcome.title}</strong>}
            <p>{outcome.text}</p>
            {outcome.toSecurity && (
              <p>
                <Link to={href('security')}>{t('account.common.goToSecurity')}</Link>
              </p>
            )}
          </div>
        ) : (
          <Alert tone="error">{outcome.text}</Alert>
        ))}
    </>
  );
}
