import { Link } from 'react-router-dom';
import { CartEmpty, CartLines, CartSubtotal, useCartLines } from '../cart/cart-lines.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import { PageShell } from './page-shell.tsx';

/** /cart: the cart's lines with their add-ons, quantities and removal, the subtotal, and the way to checkout. */
export function CartPage() {
  const hydrated = useHydrated();
  const { lines } = useCartLines();
  return (
    <PageShell heading="Shopping Cart" breadcrumbs={[{ label: 'Shopping Cart' }]}>
      {/* The cart lives in the browser: the server's page cannot know it. */}
      {!hydrated ? (
        // The size of the empty cart's box, so a shopper with nothing in it sees nothing move (CLS 0).
        <div className="vt-cart-empty" aria-busy="true">
          <p>Loading your cart…</p>
          <span className="vt-btn vt-btn-md" aria-hidden="true" style={{ visibility: 'hidden' }}>
            Continue shopping
          </span>
        </div>
      ) : lines.length ? (
        <div className="vt-cart-page">
          <CartLines lines={lines} removableAddons />
          <aside className="vt-cart-summary" aria-label="Order summary">
            <CartSubtotal />
            <p className="vt-cart-note">Shipping and taxes are worked out at checkout.</p>
            <Link to="/checkout" className="vt-btn vt-btn-primary vt-btn-md">
              Checkout
            </Link>
            <Link to="/">Continue shopping</Link>
          </aside>
        </div>
      ) : (
        <CartEmpty />
      )}
    </PageShell>
  );
}
