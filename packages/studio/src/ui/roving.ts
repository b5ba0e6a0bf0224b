/**
 * The choice an arrow, Home or End key moves to in a row of choices that is one Tab stop (tabs, a radio group),
 * wrapping at the ends; null for any other key. Radio groups answer all four arrows, a row of tabs only ← and →.
 */
export function rovingIndex(key: string, index: number, count: number, arrows: 'all' | 'horizontal' = 'all'): number | null {
  if (key === 'ArrowRight' || (arrows === 'all' && key === 'ArrowDown')) return (index + 1) % count;
  if (key === 'ArrowLeft' || (arrows === 'all' && key === 'ArrowUp')) return (index + count - 1) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
