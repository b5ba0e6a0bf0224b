import type { KeyboardEvent } from 'react';

/**
 * The keys of a row of choices that is one Tab stop (tabs, a radio group), put on the row's element, whose children
 * are the choices: an arrow, Home or End chooses that choice and moves the keyboard to it, wrapping at the ends.
 * Radio groups answer all four arrows, a row of tabs only ← and →.
 */
export function roveKey(
  event: KeyboardEvent<HTMLElement>,
  current: number,
  choose: (index: number) => void,
  arrows: 'all' | 'horizontal' = 'all',
): void {
  const choices = event.currentTarget.children;
  const index = rovingIndex(event.key, current, choices.length, arrows);
  if (index === null) return;
  event.preventDefault();
  choose(index);
  (choices[index] as HTMLElement | undefined)?.focus();
}

function rovingIndex(key: string, index: number, count: number, arrows: 'all' | 'horizontal'): number | null {
  if (key === 'ArrowRight' || (arrows === 'all' && key === 'ArrowDown')) return (index + 1) % count;
  if (key === 'ArrowLeft' || (arrows === 'all' && key === 'ArrowUp')) return (index + count - 1) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
