import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeEntry } from '../../../components/form';
import { errorOf, errorText } from '../../../lib/errors';
import { useCode, useResend } from '../api/onboarding';
import { BackButton, type Refusal } from './StepPage';

/** E-mail and SMS codes: 8 digits (docs/product.md part 5). */
const CODE_LENGTH = 8;

/**
 * The code step of the e-mail and phone pages: the code sent (8 digits),
 * which sends itself once complete (docs/journeys-signin.md), a new one after
 * the countdown, or another address or number (Back). One form: without
 * script its buttons are the gateway's steps (`code`, `resend`, `back`).
 */
export function CodeStep({
  sentText,
  changeLabel,
  drawnRefusal,
  children,
}: {
  sentText: string;
  changeLabel: string;
  /** The refusal of the code the gateway drew the page again for (no script). */
  drawnRefusal: Refusal | null;
  /** What a missing code may mean, under the resend. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const confirm = useCode();
  const resend = useResend();
  const [edited, setEdited] = useState(false);
  const { status, body } = (confirm.error ?? {}) as { status?: number; body?: { code?: string } };
  // A wrong or expired code at the field; anything else (a pause, the journey over) as it is.
  const refused = !confirm.error
    ? !edited && drawnRefusal
      ? drawnRefusal.text
      : null
    : status === 400
      ? t(
          body?.code === 'code_expired'
            ? 'flows.onboarding.codeStep.expired'
            : 'flows.onboarding.codeStep.invalid',
        )
      : status === 409 || status === 410
        ? t('flows.onboarding.errors.expired')
        : errorText(t, errorOf(confirm.error));

  return (
    <CodeEntry
      method="post"
      intro={sentText}
      label={t('flows.onboarding.codeStep.label')}
      hint={t('flows.onboarding.codeStep.hint')}
      length={CODE_LENGTH}
      mutation={confirm}
      refusal={refused}
      incomplete={t('flows.onboarding.codeStep.invalid')}
      onChange={() => setEdited(true)}
      onSubmit={(code) => confirm.mutate(code)}
      submitLabel={t('flows.onboarding.codeStep.confirm')}
      secondary={<BackButton label={changeLabel} />}
      actionsClassName="onboarding-actions"
      resendName="resend"
      onResend={() => resend.mutateAsync()}
      footer={children}
    />
  );
}
