import { useEffect } from 'react';
import { useApi } from '../app-context.tsx';
import { connectCart, useCart } from '../client/cart.ts';
import { signedInUserId, useSession } from '../client/session.ts';
import { useSiteState } from '../client/site-state.ts';
import { useToast } from '../ui/toasts.tsx';

/**
 * Keeps the cart in step with the shopper: once there are tokens the cart's calls can go; when the page opens or
 * someone signs in, the cart is priced again (a customer's unsaved lines, a guest's cart at sign-in, are saved
 * with SyncCart, §4). A call that failed is told as a toast.
 */
export function CartSync() {
  const api = useApi();
  const tokens = useSession((s) => s.tokens);
  const userId = signedInUserId(tokens);
  const failure = useCart((s) => s.failure);
  const toast = useToast();
  useEffect(() => {
    // The studio's preview frame shows the store to its owner: it has no cart of its own to keep.
    if (tokens && !useSiteState.getState().is_builder) connectCart(api);
  }, [api, tokens]);
  const ready = tokens !== null;
  useEffect(() => {
    if (ready) useCart.getState().refresh();
  }, [ready, userId]);
  useEffect(() => {
    if (!failure) return;
    toast(failure, { kind: 'error' });
    useCart.getState().clearFailure();
  }, [failure, toast]);
  return null;
}
