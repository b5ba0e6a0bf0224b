import { useEffect, useReducer, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useEditor, useStudio } from '../context.tsx';

const tones = {
  info: 'bg-slate-900 text-white',
  success: 'bg-emerald-700 text-white',
  error: 'bg-red-700 text-white',
};

/** How long a notice stays: errors longer, and one with an Undo long enough to reach it from the keyboard. */
const lasts = { plain: 3500, undoable: 7000, error: 8000 };

/**
 * The latest notice at the foot of the screen, read out politely, gone after a few seconds (errors stay longer). A
 * notice of a change made without asking (a deleted section) has an Undo button, and stays while the pointer or the
 * keyboard is on it. While a modal dialog is open the page behind it is inert and under it, so the notice is shown
 * inside the dialog.
 */
export function Notices() {
  const { store } = useStudio();
  const notice = useEditor((s) => s.notice);
  const box = useRef<HTMLParagraphElement>(null);
  const [, dialogClosed] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    // `close` does not bubble; caught on the way down, it moves a notice out of a dialog that has just closed.
    document.addEventListener('close', dialogClosed, true);
    return () => document.removeEventListener('close', dialogClosed, true);
  }, []);
  useEffect(() => {
    if (!notice) return;
    let timer: ReturnType<typeof setTimeout>;
    const expire = () => {
      const held = box.current && (box.current.contains(document.activeElement) || box.current.matches(':hover'));
      if (held) timer = setTimeout(expire, 1000);
      else if (store.getState().notice?.id === notice.id) store.getState().dismissNotice();
    };
    timer = setTimeout(expire, notice.tone === 'error' ? lasts.error : notice.undoes ? lasts.undoable : lasts.plain);
    return () => clearTimeout(timer);
  }, [notice, store]);
  const undo = () => {
    const restores = notice?.restores;
    if (!store.getState().undoNotice() || !restores) return;
    // The button goes with the notice: the keyboard moves to the section that came back rather than to the page's top.
    setTimeout(() => document.querySelector<HTMLElement>(`[data-outline-id="${restores}"] [data-outline-select]`)?.focus());
  };
  const modal = notice ? document.querySelector<HTMLDialogElement>('dialog[open]') : null;
  const region = (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-3">
      {notice ? (
        <p
          ref={box}
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex max-w-full items-center gap-3 rounded-lg px-4 py-2 text-sm shadow-lg ${tones[notice.tone]}`}
        >
          {notice.text}
          {notice.undoes ? (
            <button
              type="button"
              onClick={undo}
              title="Undo (Ctrl+Z)"
              className="rounded px-1.5 py-0.5 font-semibold text-indigo-200 underline hover:text-white focus-visible:outline-2 focus-visible:outline-white"
            >
              Undo
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => store.getState().dismissNotice()}
            className="rounded px-1 text-white/80 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
            aria-label="Dismiss"
          >
            ✕
          </button>
        </p>
      ) : null}
    </div>
  );
  return modal ? createPortal(region, modal) : region;
}
