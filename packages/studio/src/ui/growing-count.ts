import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to draw: `step` at first, then `step` more in each following transition, so a long list
 * (hundreds of outline rows) is drawn in short, interruptible renders and keystrokes are never queued behind it. It
 * never shrinks while `total` stays above it.
 */
export function useGrowingCount(total: number, step: number): number {
  const [count, setCount] = useState(step);
  useEffect(() => {
    if (count < total) startTransition(() => setCount((n) => n + step));
  }, [count, total, step]);
  return Math.min(count, total);
}
