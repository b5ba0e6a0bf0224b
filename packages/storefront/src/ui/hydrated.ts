import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * True once the page has hydrated. Values only the browser knows are used from then on, so the first render in the
 * browser matches the server's; and forms, which need the browser's tokens, can be sent only from then on.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
