import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { ProductCard as ProductCardData } from '@vitrine/commerce';
import { ProductCard } from '@vitrine/sections';
import { useWishlist } from '../client/wishlist.ts';
import { FormNotice } from '../ui/field.tsx';
import { PageShell } from './page-shell.tsx';

/** What an empty wishlist says, with the way back to the shop. */
function WishlistEmpty() {
  return (
    <div className="vt-wishlist-empty">
      <p className="vt-wishlist-empty-title">Your wishlist is empty.</p>
      <p className="vt-wishlist-hint">Tap the heart on any product to keep it here for later.</p>
      <Link to="/" className="vt-btn vt-btn-primary vt-btn-md">
        Continue shopping
      </Link>
    </div>
  );
}

/** The saved products as cards (price in the chosen currency, Add to cart or Choose options), each with Remove. */
function SavedProducts({ products }: { products: readonly ProductCardData[] }) {
  const remove = useWishlist((s) => s.remove);
  return (
    <>
      <p className="vt-wishlist-count">{`${products.length} saved ${products.length === 1 ? 'product' : 'products'}`}</p>
      <ul className="vt-wishlist vt-grid vt-cols-2 vt-cols-desktop-4" aria-label="Saved products">
        {products.map((product, index) => (
          <li key={product.productID}>
            <ProductCard product={product} priority={index < 2} heart={false}>
              <button type="button" className="vt-wishlist-remove" onClick={() => remove(product.productID)}>
                Remove <span className="vt-visually-hidden">{product.itemName} from wishlist</span>
              </button>
            </ProductCard>
          </li>
        ))}
      </ul>
    </>
  );
}

/** /wishlist (§2.2 Wishlist): the signed-in customer's saved products, read afresh on each visit. */
export function WishlistPage() {
  const products = useWishlist((s) => s.products);
  const savedIds = useWishlist((s) => s.savedIds);
  const loadFailed = useWishlist((s) => s.loadFailed);
  useEffect(() => useWishlist.getState().refresh(), []);
  // A product taken off shows gone at once, before the server answers.
  const shown = products?.filter((product) => savedIds.includes(product.productID)) ?? null;
  return (
    <PageShell heading="Wishlist" breadcrumbs={[{ label: 'My Account', to: '/account' }, { label: 'Wishlist' }]}>
      {shown ? (
        shown.length ? (
          <SavedProducts products={shown} />
        ) : (
          <WishlistEmpty />
        )
      ) : loadFailed ? (
        <div className="vt-wishlist-empty">
          <FormNotice kind="error">Your wishlist could not be loaded just now.</FormNotice>
          <button type="button" className="vt-btn vt-btn-outline vt-btn-md" onClick={() => useWishlist.getState().refresh()}>
            Try again
          </button>
        </div>
      ) : (
        <p aria-busy="true" className="vt-wishlist-loading">
          Loading your wishlist…
        </p>
      )}
    </PageShell>
  );
}
