import { useSyncExternalStore } from 'react';

/** Wide enough for the whole top bar on one line (store name, save state and every tool) without squeezing any. */
export const FULL_TOP_BAR = '(min-width: 1536px)';
/** Wide enough for the page editor's three columns (outline, preview, settings); narrower, only Orders and Analytics work. */
export const EDITOR_SCREEN = '(min-width: 768px)';

/**
 * Whether the window matches a media query, following it as the window changes. Where there is no `matchMedia` (a test's
 * DOM) it is `fallback`: the studio as on a desktop.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}
