import { z } from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { immer } from 'zustand/middleware/immer';
import { MAX_WISHLIST, wishlistEndpoints, type ProductCard, type WishlistAnswer } from '@vitrine/commerce';
import { ApiCallError, type ApiClient } from './api-client.ts';
import { signedInUserId, useSession } from './session.ts';

/** A heart the customer set or took away, kept until the server has answered it. */
type WishlistChange =
  | { kind: 'add' | 'remove'; productId: number }
  /** Reads the customer's list; at sign-in it first sends a guest's hearts (Sync), so they join the account's. */
  | { kind: 'refresh' };

/** The hearts after a change, newest first; a refresh changes nothing until its answer. */
function applyChange(ids: readonly number[], change: WishlistChange): number[] {
  if (change.kind === 'refresh') return [...ids];
  const others = ids.filter((id) => id !== change.productId);
  return change.kind === 'add' ? [change.productId, ...others] : others;
}

interface WishlistState {
  /** A guest's hearts, newest first, kept in this browser until sign-in sends them to the account. */
  guestIds: number[];
  /** The customer's hearts as they see them: the server's last answer with the changes on their way applied. */
  savedIds: number[];
  /** The customer's hearts as the server last answered them. */
  settledIds: number[];
  /** The customer's saved products as the server last answered them, or null until it has. */
  products: ProductCard[] | null;
  /** Changes not yet answered, oldest first: the first is on its way. */
  pending: WishlistChange[];
  /** What went wrong, for the shopper to be told once. */
  failure: string | null;
  /** The customer's list could not be read (the wishlist page offers to try again). */
  loadFailed: boolean;
  /** Hearts a product, or takes its heart away: a guest's in this browser, a customer's at once and then on the server. */
  toggle(productId: number): void;
  /** Takes a product off the wishlist (the wishlist page's Remove). */
  remove(productId: number): void;
  /** Reads the customer's list again (sending a guest's hearts first); one is enough while one waits. */
  refresh(): void;
  clearFailure(): void;
  /** Forgets the customer's list (signing out); a guest's hearts stay. */
  clearCustomer(): void;
}

const isCustomer = () => signedInUserId(useSession.getState().tokens) !== null;

/** What the browser keeps: a guest's hearts, read through their schema (another version of the app may have left them). */
const storedWishlist = z.object({ guestIds: z.array(z.number().int().positive()).max(MAX_WISHLIST) });

/** Said when the list holds as many as it may; the server says the same of a customer's. */
export const WISHLIST_FULL = `A wishlist keeps at most ${MAX_WISHLIST} products.`;

/** The shopper's wishlist (§3.4): hearts show at once, and a customer's reach the server one after another. */
export const useWishlist = create<WishlistState>()(
  persist(
    immer((set, get) => {
      const change = (next: WishlistChange) => {
        set((s) => {
          s.pending.push(next);
          s.savedIds = applyChange(s.savedIds, next);
        });
        void sendChanges();
      };
      return {
        guestIds: [],
        savedIds: [],
        settledIds: [],
        products: null,
        pending: [],
        failure: null,
        loadFailed: false,
        toggle(productId) {
          if (isCustomer()) {
            const saved = get().savedIds.includes(productId);
            if (!saved && get().savedIds.length >= MAX_WISHLIST) return set({ failure: WISHLIST_FULL });
            useSession.getState().changeWishlistCount({ by: saved ? -1 : 1 });
            return change({ kind: saved ? 'remove' : 'add', productId });
          }
          const { guestIds } = get();
          if (guestIds.includes(productId)) return set({ guestIds: guestIds.filter((id) => id !== productId) });
          if (guestIds.length >= MAX_WISHLIST) return set({ failure: WISHLIST_FULL });
          set({ guestIds: [productId, ...guestIds] });
        },
        remove(productId) {
          if (!isCustomer()) return set({ guestIds: get().guestIds.filter((id) => id !== productId) });
          if (!get().savedIds.includes(productId)) return;
          useSession.getState().changeWishlistCount({ by: -1 });
          change({ kind: 'remove', productId });
        },
        refresh() {
          if (!isCustomer() || get().pending.some((c) => c.kind === 'refresh')) return;
          set({ loadFailed: false });
          change({ kind: 'refresh' });
        },
        clearFailure: () => set({ failure: null }),
        clearCustomer: () => set({ savedIds: [], settledIds: [], products: null, pending: [], loadFailed: false }),
      };
    }),
    {
      name: 'vt.wishlist',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ guestIds: s.guestIds }),
      merge: (stored, current) => {
        const read = storedWishlist.safeParse(stored);
        return read.success ? { ...current, guestIds: read.data.guestIds } : current;
      },
    },
  ),
);

/** The calls the wishlist makes: any client with the table's `request`. */
export type WishlistApi = Pick<ApiClient, 'request'>;

let api: WishlistApi | null = null;
let sending = false;

/** Gives the wishlist its API client and sends what waits; called again whenever the shopper's tokens change. */
export function connectWishlist(client: WishlistApi): void {
  api = client;
  void sendChanges();
}

const refused = (error: unknown) => error instanceof ApiCallError && error.status >= 400 && error.status < 500;

/**
 * A guest's hearts joining the account's at sign-in. Sync takes them all at once; when it refuses (a product left
 * the catalogue, or the list is full) each is tried alone, so one that cannot join keeps none of the others out.
 */
async function syncGuestHearts(client: WishlistApi, ids: readonly number[]): Promise<{ answer: WishlistAnswer; left: number }> {
  try {
    return { answer: await client.request(wishlistEndpoints.sync, { body: { ProductIDs: [...ids] } }), left: 0 };
  } catch (error) {
    if (!refused(error)) throw error;
  }
  let answer: WishlistAnswer | null = null;
  let left = 0;
  // Oldest first, so the newest heart ends up first in the account's list as it was in the browser.
  for (const id of [...ids].reverse()) {
    try {
      answer = await client.request(wishlistEndpoints.addItem, { body: { ProductID: id } });
    } catch (error) {
      if (!refused(error)) throw error;
      left++;
    }
  }
  return { answer: answer ?? (await client.request(wishlistEndpoints.getWishlist, {})), left };
}

/** The call for a change: its answer, and how many of a guest's hearts it sent (to forget) or could not send. */
async function callFor(client: WishlistApi, change: WishlistChange): Promise<{ answer: WishlistAnswer; sent: number[]; left: number }> {
  if (change.kind === 'add' || change.kind === 'remove') {
    const endpoint = change.kind === 'add' ? wishlistEndpoints.addItem : wishlistEndpoints.removeItem;
    return { answer: await client.request(endpoint, { body: { ProductID: change.productId } }), sent: [], left: 0 };
  }
  const sent = [...useWishlist.getState().guestIds];
  if (!sent.length) return { answer: await client.request(wishlistEndpoints.getWishlist, {}), sent, left: 0 };
  return { ...(await syncGuestHearts(client, sent)), sent };
}

/**
 * Settles the first waiting change: an answer becomes the list (the changes after it applied again on top) and the
 * header's count; a failure undoes the change and is told.
 */
function settle(change: WishlistChange, outcome: { answer: WishlistAnswer; sent: number[]; left: number } | { failed: string }) {
  const s = useWishlist.getState();
  // The list was cleared (signing out) while the call was out: its answer is for a list that is gone.
  if (s.pending[0] !== change) return;
  const pending = s.pending.slice(1);
  let { products, settledIds, guestIds, failure, loadFailed } = s;
  if ('answer' in outcome) {
    products = outcome.answer.data.products;
    settledIds = products.map((product) => product.productID);
    guestIds = guestIds.filter((id) => !outcome.sent.includes(id));
    if (outcome.left) failure = `${outcome.left} of the products you saved could not join your wishlist.`;
  } else {
    failure = outcome.failed;
    loadFailed = change.kind === 'refresh';
  }
  const savedIds = pending.reduce(applyChange, settledIds);
  useWishlist.setState({ pending, products, settledIds, savedIds, guestIds, failure, loadFailed });
  // The count is the list's, once the server has said what is in it; until then the change is undone in it too.
  if (products) useSession.getState().changeWishlistCount({ to: savedIds.length });
  else if (change.kind !== 'refresh') useSession.getState().changeWishlistCount({ by: change.kind === 'add' ? -1 : 1 });
}

/** Sends the waiting changes one at a time, while a customer is signed in. */
async function sendChanges(): Promise<void> {
  if (sending || !api) return;
  sending = true;
  try {
    for (;;) {
      const change = useWishlist.getState().pending[0];
      if (!change || !isCustomer()) return;
      try {
        settle(change, await callFor(api, change));
      } catch (error) {
        settle(change, {
          failed: refused(error)
            ? (error as ApiCallError).message
            : change.kind === 'refresh'
              ? 'Your wishlist could not be loaded just now. Please try again.'
              : 'Your wishlist could not be saved just now. Please try again.',
        });
      }
    }
  } finally {
    sending = false;
  }
}
