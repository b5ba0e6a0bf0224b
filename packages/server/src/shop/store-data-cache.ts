import type { StoreChangeListener } from '../db/store-changes.ts';

/**
 * Each store's page data kept in memory (issue 18): what every shopper's page of a store reads alike — its config,
 * published pages and templates, theme section data, designs, maintenance settings, products and listings — so a
 * rendered page costs its render and not the database's work. Nothing of one shopper is kept (session, cart).
 *
 * Kept only while the database's store changes are heard (db/store-changes.ts): told a store changed, the cache
 * drops all that store's entries, in this process and in every other on the database; while changes cannot be heard
 * it keeps nothing, and when they can be again it starts empty. Invalidation is exact; the time to live only bounds
 * what a change that was never told (a hand-made edit with the triggers disabled) could leave.
 *
 * A load that started before its store changed must not be kept: an entry holds the load's promise from its start
 * (so the requests that miss together share one load), and a change removes the store's entries, finished or not,
 * so a request after the change never gets one started before it. A load's result is kept frozen: every request
 * shares it.
 *
 * Bounded: at most `maxEntriesPerStore` per store (a crawl of one store's listings cannot push out the rest), and
 * `maxEntries` in all, the least recently used going first.
 */
export class StoreDataCache implements StoreChangeListener {
  /** Entries by `webId` + key, least recently used first. */
  private readonly entries = new Map<string, Entry>();
  /** Each store's keys, least recently used first: what a change removes. */
  private readonly stores = new Map<number, Set<string>>();
  private live = false;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxEntriesPerStore: number;
  private readonly now: () => number;

  constructor({ ttlMs = 5 * 60_000, maxEntries = 5000, maxEntriesPerStore = 200, now = Date.now }: StoreDataCacheOptions = {}) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.maxEntriesPerStore = maxEntriesPerStore;
    this.now = now;
  }

  /** Store `webId`'s value at `key`: kept, or loaded by `load` (and kept while changes are heard). */
  get<T>(webId: number, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.live) return load();
    const id = `${webId}\n${key}`;
    const found = this.entries.get(id);
    const keys = this.stores.get(webId);
    if (found && found.expires > this.now()) {
      // Most recently used last, in both orders.
      this.entries.delete(id);
      this.entries.set(id, found);
      keys?.delete(id);
      keys?.add(id);
      return found.value as Promise<T>;
    }
    if (found) this.remove(webId, id);
    const value = load().then(deepFreeze);
    const entry: Entry = { value, expires: this.now() + this.ttlMs };
    // A failed load is not kept: the next request tries again.
    value.catch(() => {
      if (this.entries.get(id) === entry) this.remove(webId, id);
    });
    this.entries.set(id, entry);
    let own = this.stores.get(webId);
    if (!own) this.stores.set(webId, (own = new Set()));
    own.add(id);
    if (own.size > this.maxEntriesPerStore) this.remove(webId, own.values().next().value!);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value!;
      this.remove(Number(oldest.slice(0, oldest.indexOf('\n'))), oldest);
    }
    return value;
  }

  /** Drops all of store `webId`'s entries, loads under way included. */
  changed(webId: number): void {
    const keys = this.stores.get(webId);
    if (!keys) return;
    for (const id of keys) this.entries.delete(id);
    this.stores.delete(webId);
  }

  /** Keeps nothing while changes are not heard, and starts empty when they are again. */
  hearing(on: boolean): void {
    this.live = on;
    this.clear();
  }

  clear(): void {
    this.entries.clear();
    this.stores.clear();
  }

  /** Entries kept, over all stores (loads under way included). */
  get size(): number {
    return this.entries.size;
  }

  private remove(webId: number, id: string): void {
    this.entries.delete(id);
    const keys = this.stores.get(webId);
    keys?.delete(id);
    if (keys?.size === 0) this.stores.delete(webId);
  }
}

export interface StoreDataCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  maxEntriesPerStore?: number;
  now?: () => number;
}

interface Entry {
  value: Promise<unknown>;
  expires: number;
}

/** Freezes a loaded value through and through: one request changing what every request shares would be a bug. */
function deepFreeze<T>(value: T): T {
  // A buffer's bytes cannot be frozen; none is loaded for a page, but one would not be an error either.
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || ArrayBuffer.isView(value)) return value;
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  return value;
}
