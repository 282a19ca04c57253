import { X } from 'lucide-react';
import { useEffect } from 'react';
import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components/Toast';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { WidgetLocale } from './WidgetLocale';
import './widgets.css';

/** The account pages' confirmations: one queue, shown by the `Toasts` region of the layout. */
const queue = new ToastQueue<{ text: string; path: string }>({ maxVisibleToasts: 3 });

/**
 * Confirms a save in a toast (React Aria: a live region, F6 reaches it, it
 * closes by itself). It belongs to the page it was raised on.
 */
export function toastSuccess(text: string) {
  queue.add({ text, path: window.location.pathname }, { timeout: 6000 });
}

/**
 * A toast says what happened on its page: on another page it would only
 * cover what is there (a Delete button), so leaving the page closes it.
 */
function useCloseToastsOfOtherPages() {
  const { pathname } = useLocation();
  useEffect(() => {
    for (const toast of queue.visibleToasts) {
      if (toast.content.path !== pathname) queue.close(toast.key);
    }
  }, [pathname]);
}

/**
 * A toast never sits over the control the person is on: when one shows, the
 * focused control is scrolled clear of it (the page keeps room for that at its
 * bottom while a toast is shown, `scroll-padding-bottom` in widgets.css).
 */
function useKeepFocusClearOfToasts() {
  useEffect(
    () =>
      queue.subscribe(() => {
        if (queue.visibleToasts.length === 0) return;
        requestAnimationFrame(() => {
          const active = document.activeElement;
          if (active instanceof HTMLElement && active !== document.body) {
            active.scrollIntoView({ block: 'nearest' });
          }
        });
      }),
    [],
  );
}

export function Toasts() {
  const { t } = useTranslation();
  useCloseToastsOfOtherPages();
  useKeepFocusClearOfToasts();
  return (
    <WidgetLocale>
      <ToastRegion queue={queue} className="toast-region">
        {({ toast }) => (
          <Toast toast={toast} className="toast">
            <ToastContent className="toast-content">
              <Text slot="title">{toast.content.text}</Text>
            </ToastContent>
            <Button slot="close" className="toast-close" aria-label={t('common.app.close')}>
              <X size={18} aria-hidden="true" />
            </Button>
          </Toast>
        )}
      </ToastRegion>
    </WidgetLocale>
  );
}
