import { useEffect, useReducer } from 'react';
import { createPortal } from 'react-dom';
import { useEditor, useStudio } from '../context.tsx';

const tones = {
  info: 'bg-slate-900 text-white',
  success: 'bg-emerald-700 text-white',
  error: 'bg-red-700 text-white',
};

/**
 * The latest notice at the foot of the screen, read out politely, gone after a few seconds (errors stay longer).
 * While a modal dialog is open the page behind it is inert and under it, so the notice is shown inside the dialog.
 */
export function Notices() {
  const { store } = useStudio();
  const notice = useEditor((s) => s.notice);
  const [, dialogClosed] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    // `close` does not bubble; caught on the way down, it moves a notice out of a dialog that has just closed.
    document.addEventListener('close', dialogClosed, true);
    return () => document.removeEventListener('close', dialogClosed, true);
  }, []);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(
      () => {
        if (store.getState().notice?.id === notice.id) store.getState().dismissNotice();
      },
      notice.tone === 'error' ? 8000 : 3500,
    );
    return () => clearTimeout(timer);
  }, [notice, store]);
  const modal = notice ? document.querySelector<HTMLDialogElement>('dialog[open]') : null;
  const region = (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center">
      {notice ? (
        <p
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex items-center gap-3 rounded-lg px-4 py-2 text-sm shadow-lg ${tones[notice.tone]}`}
        >
          {notice.text}
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
