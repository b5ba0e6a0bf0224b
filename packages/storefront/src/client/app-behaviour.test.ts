// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepTrackingCode, preloadQueue, reloadOnce, RELOAD_GUARD_MS, rememberViewport } from './app-behaviour.ts';
import { useCart } from './cart.ts';
import { useSiteState } from './site-state.ts';

afterEach(() => vi.useRealTimers());

describe('app behaviour (§4, §9)', () => {
  it('reloads on a failed page part at most once per path within 10 s', () => {
    const storage = new Map<string, string>();
    const fake = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    } as unknown as Storage;
    const reload = vi.fn();
    expect(reloadOnce('/cart', { storage: fake, now: 1_000_000, reload })).toBe(true);
    expect(reloadOnce('/cart', { storage: fake, now: 1_000_000 + RELOAD_GUARD_MS - 1, reload })).toBe(false);
    expect(reloadOnce('/account', { storage: fake, now: 1_000_001, reload })).toBe(true);
    expect(reloadOnce('/cart', { storage: fake, now: 1_000_000 + RELOAD_GUARD_MS, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('runs at most four preloads at once', async () => {
    const preload = preloadQueue(4);
    let running = 0;
    let most = 0;
    const task = () =>
      new Promise<void>((resolve) => {
        running++;
        most = Math.max(most, running);
        setTimeout(() => {
          running--;
          resolve();
        }, 5);
      });
    await Promise.all(Array.from({ length: 10 }, () => preload(task)));
    expect(most).toBe(4);
  });

  it('keeps tec in a cookie for a day and takes it out of the address', () => {
    window.history.replaceState(null, '', '/?tec=SPRING&x=1');
    expect(keepTrackingCode()).toBe('SPRING');
    expect(window.location.search).toBe('?x=1');
    expect(document.cookie).toContain('tec=SPRING');
  });

  it('stores the viewport breakpoint', () => {
    expect(rememberViewport(800)).toBe('tablet');
    expect(rememberViewport(300)).toBe('mobile');
  });
});

describe('browser stores (§3.1, §4)', () => {
  it('compare: a present id is ignored, removal is by index, clear empties', () => {
    const site = useSiteState.getState();
    site.clearCompare();
    site.addToCompare(4);
    site.addToCompare(9);
    site.addToCompare(4);
    expect(useSiteState.getState().compare).toEqual([4, 9]);
    useSiteState.getState().removeFromCompare(0);
    expect(useSiteState.getState().compare).toEqual([9]);
    useSiteState.getState().clearCompare();
    expect(useSiteState.getState().compare).toEqual([]);
  });

  it('site data changes a key only when the value differs', () => {
    const listener = vi.fn();
    const stop = useSiteState.subscribe(listener);
    useSiteState.getState().setSiteKey('product_price', '12');
    useSiteState.getState().setSiteKey('product_price', '12');
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('cart: the same product, variant and add-ons merge and quantities add up', () => {
    const cart = useCart.getState();
    cart.clear();
    cart.add('5_1_2_7,3');
    cart.add('5_2_2_3,7');
    cart.add('5_1_0_');
    expect(useCart.getState().lines.map((l) => l.cartCode)).toEqual(['5_3_2_3,7', '5_1_0_']);
  });
});
