import { Link, useLoaderData } from 'react-router-dom';
import { CartEmpty, CartLines, CartSubtotal, ServerCartProvider, useCartKnown, useCartLines } from '../cart/cart-lines.tsx';
import type { RouteMeta } from '../meta.ts';
import type { KeptCartData } from '../server-data.ts';
import { PageShell } from './page-shell.tsx';

/** What /cart loads: the cart the browser keeps, priced by the server, when its cookie told it (null otherwise). */
export interface CartPageData extends KeptCartData {
  meta: RouteMeta;
}

/** /cart: the cart's lines with their add-ons, quantities and removal, the subtotal, and the way to checkout. */
export function CartPage() {
  const { cart } = useLoaderData() as CartPageData;
  return (
    <PageShell heading="Shopping Cart" breadcrumbs={[{ label: 'Shopping Cart' }]}>
      <ServerCartProvider items={cart}>
        <CartContents />
      </ServerCartProvider>
    </PageShell>
  );
}

function CartContents() {
  const known = useCartKnown();
  const { lines } = useCartLines();
  // A browser that told the server nothing of its cart (no cookie yet): only the app can draw it.
  if (!known) {
    return (
      // The size of the empty cart's box, so a shopper with nothing in it sees nothing move (CLS 0).
      <div className="vt-cart-empty" aria-busy="true">
        <p>Loading your cart…</p>
        <span className="vt-btn vt-btn-md" aria-hidden="true" style={{ visibility: 'hidden' }}>
          Continue shopping
        </span>
      </div>
    );
  }
  if (!lines.length) return <CartEmpty />;
  return (
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
  );
}
