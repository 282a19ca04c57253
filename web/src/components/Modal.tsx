import { type ReactNode, useEffect, useRef } from 'react';
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from 'react-aria-components/Modal';
import { BusyLabel } from './BusyLabel';
import { WidgetLocale } from './WidgetLocale';
import './widgets.css';

/**
 * A modal dialog (React Aria): focus moves into it and stays inside, Escape
 * and a click outside close it, the page behind is inert and does not scroll,
 * and focus returns where it was when it closes (or, when that control is
 * gone, to the nearest heading still there: `useCursorNeverLost`,
 * docs/focus.md). It opens when mounted.
 */
export function Modal({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  // A dialog that asks for something starts at its first field, as the screens expect.
  useEffect(() => {
    ref.current
      ?.querySelector<HTMLElement>(
        'input:not([disabled]), select:not([disabled]), textarea:not([disabled])',
      )
      ?.focus();
  }, []);
  return (
    <WidgetLocale>
      <ModalOverlay
        isOpen
        isDismissable
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        className="modal-backdrop"
      >
        <AriaModal className="modal">
          <Dialog ref={ref as React.RefObject<HTMLElement>} className="modal-dialog">
            <Heading slot="title">{title}</Heading>
            {children}
          </Dialog>
        </AriaModal>
      </ModalOverlay>
    </WidgetLocale>
  );
}

/** A yes/no question in a modal (revoke an app, delete a contact, log out a device). */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel,
  busy,
  danger = true,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  /** The question ends something (the default): the confirm button says so by its colour. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal title={title} onClose={onCancel}>
      <p>{text}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? 'button button-danger' : 'button'}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          <BusyLabel busy={busy}>{confirmLabel}</BusyLabel>
        </button>
      </div>
    </Modal>
  );
}
