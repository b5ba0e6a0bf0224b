import { useEffect, useRef, type ReactNode } from 'react';

const sizes = { narrow: 'max-w-md', wide: 'max-w-2xl', screen: 'max-w-[min(82rem,calc(100vw-3rem))]' };

/**
 * A modal on the native `<dialog>`: the browser traps focus, Escape closes it and the page behind is inert.
 * `onClose` runs however it closes.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  footer,
  wide = false,
  size = wide ? 'wide' : 'narrow',
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  /** `screen` for a working screen over the editor (the orders): nearly the whole window, its body filling it. */
  size?: 'narrow' | 'wide' | 'screen';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      aria-labelledby="dialog-title"
      // On a phone every dialog is the whole screen, so none is wider or taller than it.
      className={`m-auto w-full rounded-xl border border-slate-200 p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/40 max-sm:h-dvh max-sm:max-h-none max-sm:w-screen max-sm:max-w-none max-sm:rounded-none ${sizes[size]}`}
    >
      {open ? (
        <div className={`flex flex-col max-sm:h-dvh max-sm:max-h-none ${size === 'screen' ? 'h-[calc(100dvh-3rem)]' : 'max-h-[85vh]'}`}>
          <header className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
            <h2 id="dialog-title" className="text-base font-semibold">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="rounded-md px-2 py-1 text-sm text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
              aria-label="Close"
            >
              ✕
            </button>
          </header>
          <div className={size === 'screen' ? 'relative min-h-0 flex-1' : 'relative min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-5'}>
            {children}
          </div>
          {footer ? <footer className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}
