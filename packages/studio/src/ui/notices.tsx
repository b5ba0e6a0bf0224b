import { useEffect } from 'react';
import { useEditor, useStudio } from '../context.tsx';

const tones = {
  info: 'bg-slate-900 text-white',
  success: 'bg-emerald-700 text-white',
  error: 'bg-red-700 text-white',
};

/** The latest notice at the foot of the screen, read out politely, gone after a few seconds (errors stay longer). */
export function Notices() {
  const { store } = useStudio();
  const notice = useEditor((s) => s.notice);
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
  return (
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
}
