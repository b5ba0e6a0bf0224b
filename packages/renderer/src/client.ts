import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';

/** Hydrates server-rendered markup in `container`, logging recoverable mismatches instead of failing silently. */
export function hydrate(container: Element, element: ReactNode): Root {
  return hydrateRoot(container, element, {
    onRecoverableError(error) {
      console.warn('Recovered from a hydration problem', error);
    },
  });
}
