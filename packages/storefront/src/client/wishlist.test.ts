// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductCard, WishlistAnswer } from '@vitrine/commerce';
import { sampleCard } from '@vitrine/sections/fixtures';
import { ApiCallError } from './api-client.ts';
import { useSession } from './session.ts';
import { connectWishlist, useWishlist, type WishlistApi } from './wishlist.ts';
import { heldCalls } from './held-calls.fixture.ts';

const token = (userId: string) => `h.${btoa(JSON.stringify({ UserID: userId, WebID: 1, exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`;
const signIn = (wishlistCount: number) => {
  useSession.getState().setTokens({ accessToken: token('42'), refreshToken: 'r' });
  useSession.getState().setUser({ customerId: 42, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', wishlistCount });
};
const count = () => useSession.getState().user?.wishlistCount;

const card = (productID: number): ProductCard => ({
  ...sampleCard,
  productID,
  itemName: `Product ${productID}`,
  productURL: `/product-${productID}`,
});

/**
 * Stands in for the server's /Wishlist calls over one customer's list (newest first) and a catalogue of products
 * 1–9. Each call answers only when the test lets it (`release`), so calls pile up as quick clicks make them.
 */
function fakeServer(saved: number[] = []) {
  const calls: { path: string; body?: unknown }[] = [];
  const { hold, release } = heldCalls();
  let offline = false;
  const known = (id: number) => id >= 1 && id <= 9;
  const answer = (): WishlistAnswer => ({ data: { products: saved.map(card), wishlistCount: saved.length } });
  const api: WishlistApi = {
    request: ((endpoint: { path: string }, args: { body?: { ProductID?: number; ProductIDs?: number[] } }) => {
      const path = endpoint.path.replace('/api/Wishlist/', '');
      calls.push({ path, ...(args.body ? { body: args.body } : {}) });
      return new Promise<WishlistAnswer>((resolve, reject) => {
        hold(() => {
          if (offline) return reject(new TypeError('Failed to fetch'));
          const ids = args.body?.ProductIDs ?? (args.body?.ProductID === undefined ? [] : [args.body.ProductID]);
          if (!ids.every(known)) return reject(new ApiCallError(404, 'NOT_FOUND', 'No such product', 'ProductID'));
          if (path === 'AddItem' || path === 'Sync') for (const id of ids) if (!saved.includes(id)) saved.unshift(id);
          const at = saved.indexOf(ids[0]!);
          if (path === 'RemoveItem' && at >= 0) saved.splice(at, 1);
          resolve(answer());
        });
      });
    }) as WishlistApi['request'],
  };
  return { api, calls, saved, release, goOffline: () => (offline = true) };
}

beforeEach(() => {
  localStorage.clear();
  useWishlist.setState({ guestIds: [], failure: null });
  useWishlist.getState().clearCustomer();
  useSession.getState().clear();
  useSession.getState().setTokens({ accessToken: token('0'), refreshToken: 'r' });
});

describe('a guest’s hearts', () => {
  it('are kept in browser storage, newest first, with no call; a second press takes one away', async () => {
    const server = fakeServer();
    connectWishlist(server.api);
    useWishlist.getState().toggle(3);
    useWishlist.getState().toggle(5);
    useWishlist.getState().toggle(7);
    useWishlist.getState().toggle(5);
    expect(useWishlist.getState().guestIds).toEqual([7, 3]);
    expect(JSON.parse(localStorage.getItem('vt.wishlist')!).state).toEqual({ guestIds: [7, 3] });
    await server.release();
    expect(server.calls).toEqual([]);
  });

  it('come back after a reload, and what another hand left in storage is not trusted', async () => {
    localStorage.setItem('vt.wishlist', JSON.stringify({ state: { guestIds: [4, 2] }, version: 1 }));
    await useWishlist.persist.rehydrate();
    expect(useWishlist.getState().guestIds).toEqual([4, 2]);
    localStorage.setItem('vt.wishlist', JSON.stringify({ state: { guestIds: ['<script>', -1] }, version: 1 }));
    useWishlist.setState({ guestIds: [] });
    await useWishlist.persist.rehydrate();
    expect(useWishlist.getState().guestIds).toEqual([]);
  });
});

describe('at sign-in', () => {
  it('sends a guest’s hearts with Sync so they join the account’s list, then forgets them; the count is the list’s', async () => {
    const server = fakeServer([2]);
    connectWishlist(server.api);
    useWishlist.getState().toggle(3);
    useWishlist.getState().toggle(2);
    signIn(1);
    useWishlist.getState().refresh();
    // A second refresh while one waits asks nothing more.
    useWishlist.getState().refresh();
    await server.release();
    expect(server.calls).toEqual([{ path: 'Sync', body: { ProductIDs: [2, 3] } }]);
    expect(useWishlist.getState().savedIds).toEqual([3, 2]);
    expect(useWishlist.getState().guestIds).toEqual([]);
    expect(count()).toBe(2);
  });

  it('reads the list with GetWishlist when the guest hearted nothing', async () => {
    const server = fakeServer([5, 4]);
    connectWishlist(server.api);
    signIn(2);
    useWishlist.getState().refresh();
    await server.release();
    expect(server.calls).toEqual([{ path: 'GetWishlist' }]);
    expect(useWishlist.getState().products?.map((p) => p.productID)).toEqual([5, 4]);
  });

  it('adds the hearts one by one when Sync is refused, leaving out the one the shop no longer has, and says so', async () => {
    const server = fakeServer();
    connectWishlist(server.api);
    useWishlist.getState().toggle(1);
    useWishlist.getState().toggle(404);
    useWishlist.getState().toggle(2);
    signIn(0);
    useWishlist.getState().refresh();
    await server.release();
    expect(server.calls.map((c) => c.path)).toEqual(['Sync', 'AddItem', 'AddItem', 'AddItem']);
    expect(useWishlist.getState().savedIds).toEqual([2, 1]);
    expect(useWishlist.getState().guestIds).toEqual([]);
    expect(useWishlist.getState().failure).toBe('1 of the products you saved could not join your wishlist.');
    expect(count()).toBe(2);
  });

  it('keeps a guest’s hearts in the browser when Sync cannot reach the server, to send at the next try', async () => {
    const server = fakeServer();
    connectWishlist(server.api);
    useWishlist.getState().toggle(6);
    signIn(0);
    server.goOffline();
    useWishlist.getState().refresh();
    await server.release();
    expect(useWishlist.getState().guestIds).toEqual([6]);
    expect(useWishlist.getState().loadFailed).toBe(true);
    expect(useWishlist.getState().failure).toMatch(/could not be loaded/);
  });
});

describe('a customer’s hearts', () => {
  it('show at once with the header count, reach the server one by one, and the answer sets the count', async () => {
    const server = fakeServer([9]);
    connectWishlist(server.api);
    signIn(1);
    useWishlist.getState().refresh();
    await server.release();

    useWishlist.getState().toggle(3);
    useWishlist.getState().toggle(4);
    useWishlist.getState().toggle(3);
    expect(useWishlist.getState().savedIds).toEqual([4, 9]);
    expect(count()).toBe(2);
    await server.release();
    expect(server.calls.slice(1)).toEqual([
      { path: 'AddItem', body: { ProductID: 3 } },
      { path: 'AddItem', body: { ProductID: 4 } },
      { path: 'RemoveItem', body: { ProductID: 3 } },
    ]);
    expect(server.saved).toEqual([4, 9]);
    expect(useWishlist.getState().savedIds).toEqual([4, 9]);
    expect(count()).toBe(2);

    useWishlist.getState().remove(9);
    expect(count()).toBe(1);
    await server.release();
    expect(server.saved).toEqual([4]);
  });

  it('undo a heart the server refused, and tell why', async () => {
    const server = fakeServer([]);
    connectWishlist(server.api);
    signIn(0);
    useWishlist.getState().refresh();
    await server.release();
    useWishlist.getState().toggle(404);
    expect(count()).toBe(1);
    await server.release();
    expect(useWishlist.getState().savedIds).toEqual([]);
    expect(count()).toBe(0);
    expect(useWishlist.getState().failure).toBe('No such product');
  });

  it('are forgotten at sign-out, and an answer arriving after it changes nothing', async () => {
    const server = fakeServer([1]);
    connectWishlist(server.api);
    signIn(1);
    useWishlist.getState().refresh();
    await server.release();
    useWishlist.getState().toggle(2);
    useSession.getState().clear();
    useWishlist.getState().clearCustomer();
    await server.release();
    expect(useWishlist.getState().savedIds).toEqual([]);
    expect(useWishlist.getState().products).toBeNull();
    // A guest again: hearts go to the browser.
    useSession.getState().setTokens({ accessToken: token('0'), refreshToken: 'r' });
    useWishlist.getState().toggle(5);
    expect(useWishlist.getState().guestIds).toEqual([5]);
  });
});
