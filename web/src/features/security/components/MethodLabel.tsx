import type { MfaMethod } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useContactFormat } from '../../../lib/phone';

/** "E-mail · emma@example.be", "Authenticator app", "Card · •••• 0001". */
export function MethodLabel({ method }: { method: MfaMethod }) {
  const { t } = useTranslation();
  const show = useContactFormat();
  const detail =
    method.method === 'card' && method.card_number
      ? `•••• ${method.card_number.slice(-4)}`
      : method.target && show(method.target);
  return (
    <>
      <strong>{t(`account.mfa.kind.${method.method}`)}</strong>
      {detail && <span className="muted"> · {detail}</span>}
    </>
  );
}
