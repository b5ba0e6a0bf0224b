import { z } from 'zod';
import { productCard } from './api.ts';

/** The most products a wishlist keeps. */
export const MAX_WISHLIST = 200;

const productId = z.number().int().positive();

/** `POST /api/Wishlist/AddItem` and `RemoveItem`: one product. Adding one already there, or removing one not, changes nothing. */
export const wishlistItemRequest = z.object({ ProductID: productId });

/** `POST /api/Wishlist/Sync`: the hearts a guest set in this browser, joining the account's at sign-in. */
export const syncWishlistRequest = z.object({
  ProductIDs: z.array(productId).max(MAX_WISHLIST, `must hold at most ${MAX_WISHLIST} products`),
});

/** Every wishlist call answers the list, newest first, and its count for the header (§3.4). */
export const wishlistAnswer = z.object({
  data: z.object({ products: z.array(productCard), wishlistCount: z.number().int() }),
});
export type WishlistAnswer = z.infer<typeof wishlistAnswer>;
