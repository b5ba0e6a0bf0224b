import { useEffect, useState } from 'react';

/**
 * `value`, handed back only once the browser has painted and has time to spare since it changed (`initial` until
 * then): a costly redraw that follows it (hundreds of outline rows) never holds up what the owner is watching — the
 * preview, which hears of the change first and draws it before this returns. React's `useDeferredValue` yields
 * inside a render instead; the studio's renderer has no concurrent rendering, so this waits for an idle moment
 * (`IDLE_WAIT_MS` at most), or for a paint where the browser cannot say when it is idle.
 */
export function useIdleValue<T>(value: T, initial: T): T {
  const [shown, setShown] = useState<T>(initial);
  useEffect(() => whenIdle(() => setShown(() => value)), [value]);
  return shown;
}

/**
 * How many of `total` items to draw: `step` at first and `step` more at each idle moment until all are, so a long
 * list is drawn in short tasks rather than one long one. It never shrinks while `total` stays above it.
 */
export function useGrowingCount(total: number, step: number): number {
  const [count, setCount] = useState(step);
  useEffect(() => (count < total ? whenIdle(() => setCount((n) => n + step)) : undefined), [count, total, step]);
  return Math.min(count, total);
}

/** The longest an idle-time redraw waits on a busy page. */
const IDLE_WAIT_MS = 300;

/** Runs `run` when the browser is idle, or after the next paint; returns a cancel. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: IDLE_WAIT_MS });
    return () => cancelIdleCallback(id);
  }
  let task: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    task = setTimeout(run);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(task);
  };
}
