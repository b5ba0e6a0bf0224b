import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { immer } from 'zustand/middleware/immer';
import type { AccountUser, Currency, TokenPair } from '@vitrine/commerce';

/** What the shopper app keeps about the signed-in customer (§3.4): the account's user as sign-in answers it. */
export type SessionUser = Pick<AccountUser, 'customerId' | 'firstName' | 'lastName' | 'email' | 'wishlistCount'>;

interface SessionState {
  tokens: TokenPair | null;
  user: SessionUser | null;
  is_valid_user: boolean;
  /** The currency the shopper chose (§3.4), or null for the store's own. */
  currency: Currency | null;
  setCurrency(currency: Currency | null): void;
  setTokens(tokens: TokenPair | null): void;
  setUser(user: SessionUser | null): void;
  setValidUser(valid: boolean): void;
  /** Wishlist count: up, down, or set directly (§4). */
  changeWishlistCount(change: { by: 1 | -1 } | { to: number }): void;
  clear(): void;
}

/**
 * Tokens and the signed-in customer, kept in browser storage across reloads. The server knows the signed-in shopper
 * for the pages it draws from its own HttpOnly cookie (`vt_at`), which it sets when it answers a customer's tokens
 * and removes at sign-out: the app never writes it, and no script can read it (issue 33).
 */
export const useSession = create<SessionState>()(
  persist(
    immer((set, get) => ({
      tokens: null,
      user: null,
      is_valid_user: true,
      currency: null,
      setCurrency(currency) {
        set((s) => {
          s.currency = currency;
        });
      },
      setTokens(tokens) {
        set((s) => {
          s.tokens = tokens;
        });
      },
      setUser(user) {
        set((s) => {
          s.user = user;
        });
      },
      setValidUser(valid) {
        set((s) => {
          s.is_valid_user = valid;
        });
      },
      changeWishlistCount(change) {
        const user = get().user;
        if (!user) return;
        const count = 'to' in change ? Math.max(0, change.to) : Math.max(0, user.wishlistCount + change.by);
        // Every set writes the whole session to storage: a count that stays the same writes nothing, so a late answer
        // that changes nothing never writes this tab's tokens back over newer ones stored since.
        if (count === user.wishlistCount) return;
        set((s) => {
          if (s.user) s.user.wishlistCount = count;
        });
      },
      clear() {
        set((s) => {
          s.tokens = null;
          s.user = null;
        });
      },
    })),
    { name: 'vt.session', storage: createJSONStorage(() => localStorage) },
  ),
);

/** The claims of an access token as the browser reads them (the server checks the signature). */
export function readClaims(token: string | undefined | null): { UserID: string; WebID: number; exp: number } | null {
  try {
    const body = token?.split('.')[1];
    if (!body) return null;
    const json = atob(body.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { UserID?: unknown; WebID?: unknown; exp?: unknown };
    if (typeof claims.UserID !== 'string' || typeof claims.WebID !== 'number' || typeof claims.exp !== 'number') return null;
    return { UserID: claims.UserID, WebID: claims.WebID, exp: claims.exp };
  } catch {
    return null;
  }
}

/** Whether an access token's exp (seconds, §9) has passed. */
export function isExpired(token: string, nowSeconds = Date.now() / 1000): boolean {
  const claims = readClaims(token);
  return !claims || claims.exp <= nowSeconds;
}

/** A signed-in customer's id from the token, or null for a guest ("0" or absent, §3.4). */
export function signedInUserId(tokens: TokenPair | null): string | null {
  const id = readClaims(tokens?.accessToken)?.UserID;
  return id && id !== '0' ? id : null;
}
