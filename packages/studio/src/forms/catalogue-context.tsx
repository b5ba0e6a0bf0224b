import { createContext, use, useEffect, useSyncExternalStore } from 'react';
import type { CatalogueChoices } from '@vitrine/commerce';

/** Where the pickers' choices are: not asked for yet, on their way, here, or not to be had (with the reason). */
export type CatalogueStatus =
  { state: 'idle' } | { state: 'loading' } | { state: 'ready'; choices: CatalogueChoices } | { state: 'failed'; message: string };

/** The store's categories, brands and products for the section settings' pickers, loaded once and kept. */
export interface Catalogue {
  status(): CatalogueStatus;
  subscribe(listener: () => void): () => void;
  /** Loads the choices unless they are here or on their way; after a failure, tries again. Never rejects. */
  load(): Promise<void>;
}

/** A catalogue that asks `fetchChoices` on its first `load`; one per studio session, so every picker shares one request. */
export function createCatalogue(fetchChoices: () => Promise<CatalogueChoices>): Catalogue {
  let status: CatalogueStatus = { state: 'idle' };
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const set = (next: CatalogueStatus) => {
    status = next;
    for (const listener of listeners) listener();
  };
  return {
    status: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    load() {
      if (status.state === 'ready') return Promise.resolve();
      loading ??= (async () => {
        set({ state: 'loading' });
        try {
          set({ state: 'ready', choices: await fetchChoices() });
        } catch (error) {
          set({ state: 'failed', message: error instanceof Error ? error.message : 'The server did not answer.' });
        } finally {
          loading = null;
        }
      })();
      return loading;
    },
  };
}

/** The catalogue the pickers read; null outside the studio's editor, where they fall back to typing a number. */
export const CatalogueContext = createContext<Catalogue | null>(null);

const noCatalogue = () => () => {};
const noStatus = () => null;

/** The pickers' choices, asked for on first use when `wanted`; null when no catalogue is provided or not wanted. */
export function useCatalogue(wanted: boolean): { status: CatalogueStatus; retry: () => void } | null {
  const catalogue = use(CatalogueContext);
  const status = useSyncExternalStore(catalogue?.subscribe ?? noCatalogue, catalogue?.status ?? noStatus);
  useEffect(() => {
    if (wanted) void catalogue?.load();
  }, [wanted, catalogue]);
  return wanted && catalogue && status ? { status, retry: () => void catalogue.load() } : null;
}
