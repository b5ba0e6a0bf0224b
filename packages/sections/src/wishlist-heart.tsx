import { useShop, useShopReader } from './shop-context.tsx';

/** The heart drawn on a 24 × 24 grid: the header's wishlist link and every heart button share it. */
export const HEART_PATH = 'M12 20s-7.5-4.6-7.5-10A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 7.5 3c0 5.4-7.5 10-7.5 10z';

/**
 * Saves a product to the wishlist or takes it off (§3.4): a toggle button whose name says what a press does. A
 * guest's hearts stay in the browser until they sign in; where the shop has no wishlist (a test) it draws nothing.
 */
export function WishlistHeart({ productId, name, className = '' }: { productId: number; name: string; className?: string }) {
  // Whether this product is saved, not the list: hearting one product re-renders that product's heart alone.
  const hasWishlist = useShop((shop) => shop.wishlist !== undefined);
  const saved = useShop((shop) => shop.wishlist?.ids.includes(productId) ?? false);
  const readShop = useShopReader();
  if (!hasWishlist) return null;
  return (
    <button
      type="button"
      className={`vt-wishlist-heart ${className}`.trim()}
      aria-pressed={saved}
      aria-label={saved ? `Remove ${name} from wishlist` : `Save ${name} to wishlist`}
      title={saved ? 'Saved to your wishlist' : 'Save to your wishlist'}
      onClick={() => readShop().wishlist?.toggle(productId)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d={HEART_PATH}
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
