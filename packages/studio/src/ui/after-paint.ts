import { useEffect, useState } from 'react';

/**
 * `value`, handed back only once the browser has painted since it changed (`initial` until the first paint): a
 * costly redraw that follows it (hundreds of outline rows) never holds up what the owner is watching — the preview,
 * which hears of the change first. React's `useDeferredValue` yields inside a render instead; the studio's renderer
 * has no concurrent rendering, so this waits for the frame.
 */
export function useAfterPaint<T>(value: T, initial: T): T {
  const [shown, setShown] = useState<T>(initial);
  useEffect(() => {
    let task: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => setShown(() => value));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [value]);
  return shown;
}
