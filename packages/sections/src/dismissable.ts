import { useEffect, type RefObject } from 'react';

/**
 * While `open`, Escape closes the panel and gives the focus back to the control that opened it; with `trap`, Tab and
 * Shift+Tab stay inside the panel, as in a modal dialog.
 */
export function useDismissable(
  open: boolean,
  close: () => void,
  panel: RefObject<HTMLElement | null>,
  opener: RefObject<HTMLElement | null>,
  trap = false,
) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        opener.current?.focus();
      } else if (trap && event.key === 'Tab' && panel.current) {
        const focusable = Array.from(panel.current.querySelectorAll<HTMLElement>('a[href], button, input, select')).filter(
          (element) => element.offsetParent !== null || element === document.activeElement,
        );
        const first = focusable[0];
        const last = focusable.at(-1);
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close, panel, opener, trap]);
}
