import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './Modal';

/** The question a confirmed action asks; "Cancel" unless told otherwise. */
export interface Confirmation {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel?: string;
}

/**
 * An action that is confirmed in a dialog first ("Log out everywhere?"):
 * `ask(target)` opens the dialog about `target`; confirming runs `action` on
 * it, the dialog showing it busy until the answer comes, then closing.
 * Whether it worked or failed is the mutation's own state (`action.isError`,
 * `action.isSuccess` with `action.variables`), cleared by the next `ask`, so
 * that the screen says it where it belongs. `onSuccess` runs after a success
 * (a sign-out, say).
 */
export function useConfirmedAction<T>(
  action: UseMutationResult<unknown, Error, T>,
  confirmation: (target: T) => Confirmation,
  onSuccess?: (target: T) => void,
) {
  const { t } = useTranslation();
  // The question is put once, when asked: what the action changes (a list read
  // again) must not change its words while the dialog is still open.
  const [asked, setAsked] = useState<{ target: T; question: Confirmation } | null>(null);
  const close = () => setAsked(null);
  const dialog = asked && (
    <ConfirmDialog
      {...asked.question}
      cancelLabel={asked.question.cancelLabel ?? t('account.common.cancel')}
      busy={action.isPending}
      onConfirm={() =>
        action.mutate(asked.target, {
          onSuccess: () => onSuccess?.(asked.target),
          onSettled: close,
        })
      }
      onCancel={close}
    />
  );
  return {
    ask: (target: T) => {
      action.reset();
      setAsked({ target, question: confirmation(target) });
    },
    dialog,
  };
}
