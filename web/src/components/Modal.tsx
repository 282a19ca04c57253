import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from 'react-aria-components/Modal';
import { BusyLabel } from './BusyLabel';
import { WidgetLocale } from './WidgetLocale';
import './widgets.css';

/**
 * A modal dialog (React Aria): focus moves into it and stays inside, Escape
 * and a click outside close it, the page behind is inert and does not scroll,
 * and focus returns where it was when it closes. It opens when mounted.
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
  // Read while rendering, before React Aria moves focus into the dialog.
  const [opener] = useState(() => document.activeElement);
  useEffect(() => refocusWhenOpenerGone(opener), [opener]);
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

/**
 * React Aria gives focus back to the control that opened the dialog. When that
 * control goes away (the row a deletion removes, at once or once the list is
 * read again), focus would fall to the page itself: instead it goes to the
 * heading of the nearest part of the page still there (the list's section),
 * or the page's own heading. Watching stops once focus is elsewhere, or after
 * a few seconds.
 */
function refocusWhenOpenerGone(opener: Element | null) {
  const around: Element[] = [];
  for (let node = opener?.parentElement ?? null; node && node !== document.body; ) {
    around.push(node);
    node = node.parentElement;
  }
  return () => {
    const observer = new MutationObserver(() => check());
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    const check = () => {
      const active = document.activeElement;
      const lost = !active || active === document.body;
      if (!lost && active !== opener) return stop(); // the user went on elsewhere
      if (opener?.isConnected) return; // still there: keep watching
      stop();
      if (!lost) return;
      const place = around.find((node) => node.isConnected && node.querySelector(HEADING));
      const heading =
        place?.querySelector<HTMLElement>(HEADING) ??
        document.querySelector<HTMLElement>('main h1');
      if (!heading) return;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
    };
    const timer = window.setTimeout(stop, 5000);
    observer.observe(document.body, { childList: true, subtree: true });
    // After React Aria's own attempt (it restores on the next animation frame).
    requestAnimationFrame(() => requestAnimationFrame(check));
  };
}

const HEADING = 'h1, h2, h3';

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
