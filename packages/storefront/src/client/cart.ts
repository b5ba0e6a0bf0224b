import { z } from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { immer } from 'zustand/middleware/immer';
import { cartEndpoints, cartItem, parseCartCode, withQuantity, type CartAnswer, type CartItem } from '@vitrine/commerce';
import { CART_COOKIE, CART_UNTOLD } from '../data.ts';
import { ApiCallError, type ApiClient } from './api-client.ts';
import {
  addLine,
  cartLine,
  isLine,
  itemOf,
  joinCodes,
  lineKey,
  lineOf,
  notePriceChanges,
  readCartAnswer,
  readQuantity,
  removeLine,
  removeLineAddon,
  setLineQuantity,
  type CartLine,
  type CartPopup,
} from './cart-rules.ts';
import { signedInUserId, useSession } from './session.ts';

export type { CartLine } from './cart-rules.ts';

/** A change the shopper made, kept until the server has answered it. */
type CartChange =
  | { kind: 'add'; code: string }
  | { kind: 'quantity'; code: string; quantity: number }
  | { kind: 'remove'; code: string }
  | { kind: 'removeAddon'; code: string; addonId: number }
  /** Prices the cart again (a guest's), or saves its unsaved lines and reads it (a customer's). */
  | { kind: 'refresh' };

/** What a change does to the lines in the browser, at once, before any call (§4: the local cart first). */
function applyChange(lines: readonly CartLine[], change: CartChange): CartLine[] {
  switch (change.kind) {
    case 'add':
      return addLine(lines, change.code);
    case 'quantity':
      return setLineQuantity(lines, change.code, change.quantity);
    case 'remove':
      return removeLine(lines, change.code);
    case 'removeAddon':
      return removeLineAddon(lines, change.code, change.addonId);
    case 'refresh':
      return [...lines];
  }
}

interface CartState {
  /** The lines as the shopper sees them: the server's last answer with the changes still on their way applied. */
  lines: CartLine[];
  /** The lines as priced, for names, images and prices; a line added a moment ago may have a provisional one. */
  items: CartItem[];
  /** The lines as the server (or, for a guest, the browser) last settled them. */
  settled: CartLine[];
  /** Changes not yet answered, oldest first: the first is on its way. */
  pending: CartChange[];
  /** The popup of the last answer (§3.7), until it is closed. */
  popup: CartPopup | null;
  /** A call that failed, for the shopper to be told once. */
  failure: string | null;
  /** The unit price the shopper saw when they added a line whose price has changed since, by line (`lineKey`). */
  wasPrices: Record<string, number>;
  /** Adds a line (§4: the same line merges); `preview` shows it priced before the server answers. */
  add(code: string, preview?: CartItem): void;
  /** Sets a line's quantity (read as §4 says: empty or below 1 is 1). */
  setQuantity(code: string, quantity: number): void;
  remove(code: string): void;
  removeAddon(code: string, addonId: number): void;
  /** Prices the cart again; for a customer, saves the unsaved lines first (so a guest's cart merges at sign-in). */
  refresh(): void;
  closePopup(): void;
  clearFailure(): void;
  clear(): void;
}

/** What the browser keeps of the cart across reloads (a guest's cart lives only here, §4). */
const storedCart = z.object({
  lines: z.array(cartLine),
  items: z.array(cartItem),
  wasPrices: z.record(z.string(), z.number()).default({}),
});

/** The shopper's cart: changes show at once and reach the server one after another, so quick clicks lose nothing. */
export const useCart = create<CartState>()(
  persist(
    immer((set) => {
      const change = (next: CartChange) => {
        set((s) => {
          s.pending.push(next);
          s.lines = applyChange(s.lines, next);
        });
        void sendChanges();
      };
      return {
        lines: [],
        items: [],
        settled: [],
        pending: [],
        popup: null,
        failure: null,
        wasPrices: {},
        add(code, preview) {
          if (!parseCartCode(code)) return;
          if (preview) {
            set((s) => {
              if (!itemOf(s.items, { cartCode: code, cartItemID: '0' })) s.items.push(preview);
            });
          }
          change({ kind: 'add', code });
        },
        setQuantity: (code, quantity) => change({ kind: 'quantity', code, quantity: readQuantity(quantity) }),
        remove: (code) => change({ kind: 'remove', code }),
        removeAddon: (code, addonId) => change({ kind: 'removeAddon', code, addonId }),
        refresh: () => change({ kind: 'refresh' }),
        closePopup() {
          set((s) => {
            s.popup = null;
          });
        },
        clearFailure() {
          set((s) => {
            s.failure = null;
          });
        },
        clear() {
          set((s) => {
            s.lines = [];
            s.items = [];
            s.settled = [];
            s.pending = [];
            s.popup = null;
            s.wasPrices = {};
          });
        },
      };
    }),
    {
      name: 'vt.cart',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ lines: s.lines, items: s.items, wasPrices: s.wasPrices }),
      // What another version of the app (or a hand) left in storage is read through its schema, never trusted.
      merge: (stored, current) => {
        const read = storedCart.safeParse(stored);
        return read.success ? { ...current, ...read.data, settled: read.data.lines } : current;
      },
      migrate: (stored) => {
        const read = storedCart.pick({ lines: true }).safeParse(stored);
        return { lines: read.success ? read.data.lines : [], items: [] };
      },
    },
  ),
);

/** The longest mirror a browser keeps in one cookie, with its name and attributes beside it (they allow 4,096 bytes). */
const MAX_MIRROR_LENGTH = 3800;

/**
 * Mirrors the cart's codes into `CART_COOKIE` (an empty cart as an empty value), so the server can draw the cart this
 * browser keeps: the header's count on every page, and the cart page and checkout, which are then read before the app
 * starts (issue 18). A cart too long for a cookie is told as `CART_UNTOLD`: the server then draws none of it.
 */
function mirrorCart(lines: readonly CartLine[]): void {
  if (typeof document === 'undefined') return;
  const codes = encodeURIComponent(joinCodes(lines));
  const value = codes.length <= MAX_MIRROR_LENGTH ? codes : CART_UNTOLD;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CART_COOKIE}=${value}; Path=/; Max-Age=${400 * 24 * 3600}; SameSite=Lax${secure}`;
}
mirrorCart(useCart.getState().lines);
useCart.subscribe((state, previous) => {
  if (state.lines !== previous.lines) mirrorCart(state.lines);
});

/** The calls the cart makes: any client with the table's `request`. */
export type CartApi = Pick<ApiClient, 'request'>;

let api: CartApi | null = null;
let sending = false;

/** Gives the cart its API client and sends what waits; called again whenever the shopper's tokens change. */
export function connectCart(client: CartApi): void {
  api = client;
  void sendChanges();
}

/**
 * The call for the first waiting change, or null when it needs none. A guest's cart is priced whole as it will be
 * after the change (AddCartItem names the line added or changed, so its popup can show); a customer's cart changes
 * on the server line by line, an add as AddCartItem with id "0" so the server adds it to whatever is saved.
 */
function callFor(
  client: CartApi,
  change: CartChange,
  settled: readonly CartLine[],
  items: readonly CartItem[],
): Promise<CartAnswer> | null {
  const after = applyChange(settled, change);
  if (signedInUserId(useSession.getState().tokens) === null) {
    if (change.kind === 'remove' || !after.length) return null;
    const named = change.kind === 'add' || change.kind === 'quantity' ? after.find((line) => isLine(line, change.code)) : undefined;
    if (!named) return client.request(cartEndpoints.getCart, { query: { CartCodes: joinCodes(after) } });
    const others = after.filter((line) => line !== named);
    return client.request(cartEndpoints.addCartItem, {
      body: { CartCodes: joinCodes(others), CartCode: named.cartCode, CartItemID: '0' },
    });
  }
  const unsaved = after.filter((line) => line.cartItemID === '0');
  // SyncCart also reads the cart: the server takes out what left the catalogue or its stock, and answers the rest.
  const syncUnsaved = () => client.request(cartEndpoints.syncCart, { body: { CartCodes: joinCodes(unsaved) } });
  if (change.kind === 'refresh') return syncUnsaved();
  if (change.kind === 'add')
    return client.request(cartEndpoints.addCartItem, { body: { CartCodes: '', CartCode: change.code, CartItemID: '0' } });
  const line = settled.find((l) => isLine(l, change.code));
  // A line the server does not have yet is sent whole with the other unsaved ones; one it no longer has needs nothing.
  if (!line) return null;
  if (line.cartItemID === '0') return change.kind === 'remove' && !unsaved.length ? null : syncUnsaved();
  switch (change.kind) {
    case 'quantity':
      return client.request(cartEndpoints.addCartItem, {
        body: { CartCodes: '', CartCode: withQuantity(parseCartCode(line.cartCode)!, change.quantity), CartItemID: line.cartItemID },
      });
    case 'remove':
      return client.request(cartEndpoints.removeCartItem, { body: { CartItemID: line.cartItemID } });
    case 'removeAddon': {
      const addon = itemOf(items, line)?.addons.find((a) => a.addonID === change.addonId);
      if (!addon || addon.cartAddonID === '0') return null;
      return client.request(cartEndpoints.removeCartAddon, { body: { CartItemID: line.cartItemID, CartAddonID: addon.cartAddonID } });
    }
  }
}

/** Settles the first waiting change with its answer; the changes after it are applied again on top (§4). */
function settle(change: CartChange, outcome: { answer: CartAnswer } | { local: true } | { refused: string } | { failed: string }) {
  const s = useCart.getState();
  // The cart was cleared (signing out) while the call was out: its answer is for a cart that is gone.
  if (s.pending[0] !== change) return;
  const pending = s.pending.slice(1);
  let { settled, items, popup, failure, wasPrices } = s;
  if ('answer' in outcome) {
    const read = readCartAnswer(outcome.answer, window.location.pathname);
    wasPrices = notePriceChanges(wasPrices, s.items, read.items);
    settled = read.items.map(lineOf);
    // Provisional items of lines still on their way stay until their own answer prices them.
    items = [...read.items, ...s.items.filter((item) => !itemOf(read.items, lineOf(item)))];
    popup = read.popup ?? popup;
  } else if ('refused' in outcome) {
    failure = outcome.refused;
  } else {
    // Priced or not, the shopper's change stays in the browser: nothing they put in the cart is lost.
    settled = applyChange(settled, change);
    if ('failed' in outcome) failure = outcome.failed;
  }
  const lines = pending.reduce(applyChange, settled);
  items = items.filter((item) => lines.some((line) => isLine(line, item.cartItemCode)));
  wasPrices = Object.fromEntries(Object.entries(wasPrices).filter(([key]) => lines.some((line) => lineKey(line.cartCode) === key)));
  useCart.setState({ pending, settled, lines, items, popup, failure, wasPrices });
}

/** Sends the waiting changes one at a time, once the shopper has tokens (a guest's come with the site config). */
async function sendChanges(): Promise<void> {
  if (sending || !api) return;
  sending = true;
  try {
    for (;;) {
      const { pending, settled, items } = useCart.getState();
      const change = pending[0];
      if (!change || !useSession.getState().tokens) return;
      try {
        const call = callFor(api, change, settled, items);
        settle(change, call ? { answer: await call } : { local: true });
      } catch (error) {
        // A refusal (the cart is full, a line is not sold here) undoes the change; anything else keeps it.
        if (error instanceof ApiCallError && error.status >= 400 && error.status < 500) settle(change, { refused: error.message });
        else settle(change, { failed: 'Your cart could not be saved just now. It is kept in this browser.' });
      }
    }
  } finally {
    sending = false;
  }
}
