import { createContext, use, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

/** Toasts (§9): 3 s by default, top-center unless placed elsewhere, closing 0.4 s after dismissal. */
export const TOAST_DURATION_MS = 3000;
export const TOAST_CLOSE_MS = 400;

export type ToastPlacement = 'top-center' | 'top-right';
export interface ToastOptions {
  kind?: 'info' | 'success' | 'error';
  durationMs?: number;
  placement?: ToastPlacement;
}
interface Toast extends Required<ToastOptions> {
  id: number;
  message: string;
  closing: boolean;
}

/** The generic messages of §8, for every error and success that has no message of its own. */
export const GENERIC_ERROR = 'Something went wrong';
const GENERIC_SUCCESS = 'Operation completed successfully';

/** The words a toast shows: its own message, or the generic one of its kind when it has none. */
function toastMessage(message: string | undefined, kind: ToastOptions['kind'] = 'info'): string {
  if (message?.trim()) return message;
  return kind === 'error' ? GENERIC_ERROR : kind === 'success' ? GENERIC_SUCCESS : '';
}

type ShowToast = (message?: string, options?: ToastOptions) => void;
const ToastContext = createContext<ShowToast>(() => {});

/**
 * Shows a toast: `const toast = useToast(); toast('Saved')`. An error or success without words of its own says the
 * generic message of §8: `toast(undefined, { kind: 'error' })` shows "Something went wrong".
 */
export function useToast() {
  return use(ToastContext);
}

/** Holds the toasts of the app and draws them in polite live regions, so screen readers hear them too. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const later = useCallback((fn: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      fn();
    }, ms);
    timers.current.add(timer);
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      setToasts((all) => all.map((t) => (t.id === id ? { ...t, closing: true } : t)));
      later(() => setToasts((all) => all.filter((t) => t.id !== id)), TOAST_CLOSE_MS);
    },
    [later],
  );

  const show = useCallback(
    (message: string | undefined, { kind = 'info', durationMs = TOAST_DURATION_MS, placement = 'top-center' }: ToastOptions = {}) => {
      const text = toastMessage(message, kind);
      if (!text) return;
      const id = nextId.current++;
      setToasts((all) => [...all, { id, message: text, kind, durationMs, placement, closing: false }]);
      later(() => dismiss(id), durationMs);
    },
    [dismiss, later],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  return (
    <ToastContext value={show}>
      {children}
      {(['top-center', 'top-right'] as const).map((placement) => (
        <div key={placement} className={`vt-toasts vt-toasts-${placement}`} role="status" aria-live="polite">
          {toasts
            .filter((t) => t.placement === placement)
            .map((t) => (
              <div key={t.id} className={`vt-toast vt-toast-${t.kind}${t.closing ? ' vt-toast-closing' : ''}`} data-toast={t.kind}>
                <span>{t.message}</span>
                <button type="button" className="vt-toast-close" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
                  ×
                </button>
              </div>
            ))}
        </div>
      ))}
    </ToastContext>
  );
}
