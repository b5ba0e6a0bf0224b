import { createContext, use, useEffect, useSyncExternalStore } from 'react';
import type { CatalogueChoices, ProductChoice } from '@vitrine/commerce';

/** Where the pickers' choices are: not asked for yet, on their way, here, or not to be had (with the reason). */
export type CatalogueStatus =
  { state: 'idle' } | { state: 'loading' } | { state: 'ready'; choices: CatalogueChoices } | { state: 'failed'; message: string };

/** A search of the store's products (`q`), or the products a setting holds (`ids`), as `Studio/FindProducts` answers. */
export type ProductSearch = { q: string } | { ids: readonly number[] };

/**
 * The store's catalogue for the section settings' pickers: its categories and brands, loaded once and kept, and
 * its products, searched on the server as the owner types (a store may have 100,000 of them).
 */
export interface Catalogue {
  status(): CatalogueStatus;
  subscribe(listener: () => void): () => void;
  /** Loads the choices unless they are here or on their way; after a failure, tries again. Never rejects. */
  load(): Promise<void>;
  /** Products matching a search, or the named ones in the order named (those the store no longer shows left out). */
  findProducts(search: ProductSearch): Promise<ProductChoice[]>;
  /** A product some answer named, so a picked product keeps its name without asking again. */
  knownProduct(id: number): ProductChoice | undefined;
}

/**
 * A catalogue that asks `fetchChoices` on its first `load` and `fetchProducts` for each product search; one per
 * studio session, so every picker shares one request for the choices and one memory of the products seen.
 */
export function createCatalogue(
  fetchChoices: () => Promise<CatalogueChoices>,
  fetchProducts: (search: ProductSearch) => Promise<ProductChoice[]>,
): Catalogue {
  const products = new Map<number, ProductChoice>();
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
    async findProducts(search) {
      const found = await fetchProducts(search);
      for (const product of found) products.set(product.id, product);
      return found;
    },
    knownProduct: (id) => products.get(id),
  };
}

/** The catalogue the pickers read; null outside the studio's editor, where they fall back to typing a number. */
export const CatalogueContext = createContext<Catalogue | null>(null);

const noCatalogue = () => () => {};
const noStatus = () => null;

/** The catalogue the pickers read, or null outside the editor. */
export const useCatalogueSource = (): Catalogue | null => use(CatalogueContext);

/** The pickers' choices, asked for on first use when `wanted`; null when no catalogue is provided or not wanted. */
export function useCatalogue(wanted: boolean): { status: CatalogueStatus; retry: () => void } | null {
  const catalogue = use(CatalogueContext);
  const status = useSyncExternalStore(catalogue?.subscribe ?? noCatalogue, catalogue?.status ?? noStatus);
  useEffect(() => {
    if (wanted) void catalogue?.load();
  }, [wanted, catalogue]);
  return wanted && catalogue && status ? { status, retry: () => void catalogue.load() } : null;
}
