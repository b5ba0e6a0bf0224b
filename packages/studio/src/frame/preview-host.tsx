import { useEffect, useRef, useState, type RefObject } from 'react';
import { breakpoints } from '@vitrine/theme-engine';
import { useEditor, useStudio } from '../context.tsx';
import { breakpointLabels } from '../ui/breakpoint-labels.ts';
import { connectFrame, type FrameStatus } from './frame-link.ts';

const GUTTER = 24;

/** The size of an element's box, kept up to date. */
function useBoxSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/**
 * The preview frame (/preview on this origin) at the chosen breakpoint's width. A width wider than the space is
 * scaled down to fit, so the frame's own media queries still see the real width. Opens the protocol link, with
 * theme CSS compiled in a worker.
 */
export function PreviewHost() {
  const { store, frameRef } = useStudio();
  const breakpoint = useEditor((s) => s.breakpoint);
  const container = useRef<HTMLDivElement>(null);
  const iframe = useRef<HTMLIFrameElement>(null);
  const [status, setStatus] = useState<FrameStatus>('loading');
  const space = useBoxSize(container);
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (status !== 'loading') return;
    const timer = setTimeout(() => setSlow(true), 12_000);
    return () => clearTimeout(timer);
  }, [status]);

  useEffect(() => {
    // The theme compiler (a worker, through comlink) is not needed for the first paint: it loads while the frame does.
    const compiler = import('@vitrine/theme-engine/worker-client').then(({ createThemeCompiler }) => createThemeCompiler());
    const link = connectFrame({
      store,
      self: window,
      frame: () => iframe.current?.contentWindow ?? null,
      origin: window.location.origin,
      compileCss: async (settings) => (await (await compiler).compile(settings)).css,
      onStatus: setStatus,
    });
    frameRef.current = link;
    return () => {
      frameRef.current = null;
      link.dispose();
      void compiler.then((created) => created.dispose());
    };
  }, [store, frameRef]);

  const width = breakpoints[breakpoint];
  const available = Math.max(0, space.width - GUTTER * 2);
  const scale = available > 0 ? Math.min(1, available / width) : 1;
  const height = Math.max(200, (space.height - GUTTER - 28) / scale);
  return (
    <main aria-label="Preview" className="relative flex min-h-0 min-w-0 flex-col bg-slate-200">
      <p className="flex h-7 shrink-0 items-center justify-center gap-2 text-xs text-slate-600" aria-live="polite">
        <span className="font-medium">{breakpointLabels[breakpoint]}</span>
        <span className="tabular-nums">{width} px</span>
        {scale < 1 ? <span className="tabular-nums">· shown at {Math.round(scale * 100)}%</span> : null}
      </p>
      <div ref={container} className="relative min-h-0 flex-1 overflow-hidden">
        <div
          className="mx-auto overflow-hidden bg-white shadow-md ring-1 ring-slate-300"
          style={{ width: width * scale, height: height * scale }}
        >
          <iframe
            ref={iframe}
            title="Store preview"
            src="/preview"
            style={{
              width,
              height,
              transform: `scale(${scale})`,
              transformOrigin: '0 0',
              border: 0,
              display: 'block',
              willChange: 'transform',
            }}
          />
        </div>
        {status === 'loading' ? (
          <p role="status" className="absolute inset-x-6 top-6 text-center text-sm text-slate-600">
            {slow ? (
              <>
                The preview has not started.{' '}
                <button type="button" className="font-medium text-indigo-700 underline" onClick={() => window.location.reload()}>
                  Reload the studio
                </button>{' '}
                to try again; your changes are kept.
              </>
            ) : (
              'Loading the preview…'
            )}
          </p>
        ) : null}
        {status === 'mismatch' ? (
          <div role="alert" className="absolute inset-x-6 top-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            The preview was built for another version of the studio. Reload this page to get matching versions.
          </div>
        ) : null}
      </div>
    </main>
  );
}
