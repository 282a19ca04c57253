import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/Modal';
import { useStepUpInPlace } from '../../../components/StepUp';
import { useLockAccount } from '../api/lockdown';

/**
 * The one confirmation before "Lock my account" (docs/flows.md, "Lock my
 * account"), from the Security panel and from every "this wasn't me": the
 * step-up comes in place when the account API asks for it; on success the
 * browser leaves for the signed-out page that says what happened.
 */
export function LockAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const stepUp = useStepUpInPlace();
  const lock = useLockAccount(stepUp.run);
  if (stepUp.dialog) return stepUp.dialog;
  return (
    <ConfirmDialog
      title={t('lockdown.confirm.title')}
      text={lock.isError ? t('lockdown.failed') : t('lockdown.confirm.text')}
      confirmLabel={t('lockdown.confirm.button')}
      cancelLabel={t('account.common.cancel')}
      busy={lock.isPending || (lock.isSuccess && lock.data !== null)}
      onConfirm={() => lock.mutate()}
      onCancel={onClose}
    />
  );
}
