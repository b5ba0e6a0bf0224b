/**
 * What a store of the app keeps in the browser (zustand's `persist`: `{ state, version }` under its name), read
 * without the store itself: by the page's entry before the app has started, and by the marketing runtime beside it.
 * Anything unreadable (no storage, a broken value) reads as nothing kept.
 */
export function keptState(key: string, storage: Pick<Storage, 'getItem'> | null = browserStorage()): Record<string, unknown> {
  try {
    const stored = JSON.parse(storage?.getItem(key) ?? 'null') as { state?: unknown } | null;
    return stored?.state && typeof stored.state === 'object' ? (stored.state as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The browser's local storage, read through a function: a browser that refuses storage throws on `localStorage` itself. */
export const browserStorage = (): Pick<Storage, 'getItem'> => ({ getItem: (key) => localStorage.getItem(key) });
