import { describe, expect, it } from 'vitest';
import { StoreDataCache } from './store-data-cache.ts';

/** A load that answers when told to, counting its calls. */
function controlledLoad<T>() {
  let calls = 0;
  const pending: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  return {
    load: () => {
      calls++;
      return new Promise<T>((resolve, reject) => pending.push({ resolve, reject }));
    },
    get calls() {
      return calls;
    },
    resolve: (value: T) => pending.shift()!.resolve(value),
    reject: (error: unknown) => pending.shift()!.reject(error),
  };
}

const live = (options?: ConstructorParameters<typeof StoreDataCache>[0]) => {
  const cache = new StoreDataCache(options);
  cache.hearing(true);
  return cache;
};

describe('the store data cache', () => {
  it('keeps nothing until changes are heard, and drops everything when they stop being heard or are heard again', async () => {
    const cache = new StoreDataCache();
    let calls = 0;
    const load = async () => ++calls;
    expect(await cache.get(1, 'site', load)).toBe(1);
    expect(await cache.get(1, 'site', load)).toBe(2);
    cache.hearing(true);
    expect(await cache.get(1, 'site', load)).toBe(3);
    expect(await cache.get(1, 'site', load)).toBe(3);
    cache.hearing(false);
    expect(cache.size).toBe(0);
    expect(await cache.get(1, 'site', load)).toBe(4);
    expect(await cache.get(1, 'site', load)).toBe(5);
    cache.hearing(true);
    expect(await cache.get(1, 'site', load)).toBe(6);
    expect(await cache.get(1, 'site', load)).toBe(6);
  });

  it('shares one load among the requests that miss together', async () => {
    const cache = live();
    const load = controlledLoad<string>();
    const both = [cache.get(1, 'home', load.load), cache.get(1, 'home', load.load)];
    load.resolve('page');
    expect(await Promise.all(both)).toEqual(['page', 'page']);
    expect(load.calls).toBe(1);
  });

  it('never keeps a load that started before its store changed (the stale read), even one that ends after', async () => {
    const cache = live();
    const load = controlledLoad<string>();
    const stale = cache.get(1, 'home', load.load);
    cache.changed(1);
    // A request after the change does not join the load started before it…
    const fresh = cache.get(1, 'home', load.load);
    expect(load.calls).toBe(2);
    load.resolve('before the change');
    load.resolve('after the change');
    expect(await stale).toBe('before the change');
    expect(await fresh).toBe('after the change');
    // …and what the stale load found is not what the next request gets.
    expect(await cache.get(1, 'home', load.load)).toBe('after the change');
    expect(load.calls).toBe(2);
  });

  it("drops one store's data on its change, never another store's", async () => {
    const cache = live();
    let calls = 0;
    const load = async () => ++calls;
    expect(await cache.get(1, 'home', load)).toBe(1);
    expect(await cache.get(2, 'home', load)).toBe(2);
    cache.changed(1);
    expect(await cache.get(2, 'home', load)).toBe(2);
    expect(await cache.get(1, 'home', load)).toBe(3);
    // A store with nothing kept changing is nothing to do.
    cache.changed(3);
    expect(cache.size).toBe(2);
  });

  it('does not keep a failed load: the next request tries again', async () => {
    const cache = live();
    const load = controlledLoad<string>();
    const failing = cache.get(1, 'home', load.load);
    load.reject(new Error('database busy'));
    await expect(failing).rejects.toThrow('database busy');
    const retried = cache.get(1, 'home', load.load);
    load.resolve('page');
    expect(await retried).toBe('page');
    expect(load.calls).toBe(2);
  });

  it('forgets an entry past its time to live', async () => {
    let now = 0;
    const cache = live({ ttlMs: 1000, now: () => now });
    let calls = 0;
    const load = async () => ++calls;
    expect(await cache.get(1, 'home', load)).toBe(1);
    now = 999;
    expect(await cache.get(1, 'home', load)).toBe(1);
    now = 1000;
    expect(await cache.get(1, 'home', load)).toBe(2);
  });

  it('holds at most so many entries per store and in all, dropping the least recently used', async () => {
    const cache = live({ maxEntries: 5, maxEntriesPerStore: 3 });
    const load = (value: string) => async () => value;
    for (const key of ['a', 'b', 'c']) await cache.get(1, key, load(key));
    // 'a' used again: 'b' is now the store's least recently used.
    await cache.get(1, 'a', load('a again'));
    await cache.get(1, 'd', load('d'));
    expect(await cache.get(1, 'b', load('b reloaded'))).toBe('b reloaded');
    expect(await cache.get(1, 'a', load('a reloaded'))).toBe('a');
    // Store 1 holds 3; store 2 brings the total past 5, and the least recently used of all goes.
    for (const key of ['x', 'y', 'z']) await cache.get(2, key, load(key));
    expect(cache.size).toBe(5);
    expect(await cache.get(2, 'x', load('x reloaded'))).toBe('x');
  });

  it('hands out frozen values, which every request shares', async () => {
    const cache = live();
    const value = await cache.get(1, 'site', async () => ({ sections: [{ id: 'hero', settings: { heading: 'Hello' } }] }));
    expect(Object.isFrozen(value.sections[0]!.settings)).toBe(true);
    expect(() => value.sections.push({ id: 'more', settings: { heading: '' } })).toThrow(TypeError);
  });
});
