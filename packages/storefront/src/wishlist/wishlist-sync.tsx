import { useEffect } from 'react';
import { useApi } from '../app-context.tsx';
import { signedInUserId, useSession } from '../client/session.ts';
import { useSiteState } from '../client/site-state.ts';
import { connectWishlist, useWishlist } from '../client/wishlist.ts';
import { useToast } from '../ui/toasts.tsx';

/**
 * Keeps the wishlist in step with the shopper, as `CartSync` does the cart: once there are tokens its calls can go;
 * when a customer's page opens or they sign in, their list is read (a guest's hearts sent first, with Sync, so they
 * join the account's); signing out forgets it. A failure is told as a toast.
 */
export function WishlistSync() {
  const api = useApi();
  const tokens = useSession((s) => s.tokens);
  const userId = signedInUserId(tokens);
  const failure = useWishlist((s) => s.failure);
  const toast = useToast();
  useEffect(() => {
    // The studio's preview frame shows the store to its owner: it has no wishlist of its own.
    if (tokens && !useSiteState.getState().is_builder) connectWishlist(api);
  }, [api, tokens]);
  useEffect(() => {
    if (userId) useWishlist.getState().refresh();
    else useWishlist.getState().clearCustomer();
  }, [userId]);
  useEffect(() => {
    if (!failure) return;
    toast(failure, { kind: 'error' });
    useWishlist.getState().clearFailure();
  }, [failure, toast]);
  return null;
}
