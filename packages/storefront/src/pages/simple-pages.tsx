import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useCart } from '../client/cart.ts';
import { BuyNowSummary } from './cart-page.tsx';
import { PageShell } from './page-shell.tsx';

/**
 * Pages whose full content arrives with the catalogue, cart and checkout work. Each is already a real route with
 * its layout, entry check, title and robots rule, and says plainly what the shopper can do now.
 */
export function WishlistPage() {
  return (
    <PageShell heading="Wishlist" breadcrumbs={[{ label: 'My Account', to: '/account' }, { label: 'Wishlist' }]}>
      <p>Your wishlist is empty.</p>
    </PageShell>
  );
}

export function OrderListPage() {
  return (
    <PageShell heading="Order History" breadcrumbs={[{ label: 'My Account', to: '/account' }, { label: 'Order History' }]}>
      <p>You have no orders yet.</p>
    </PageShell>
  );
}

export function OrderDetailPage() {
  const { id } = useParams();
  return (
    <PageShell
      heading={`Order ${id}`}
      breadcrumbs={[{ label: 'My Account', to: '/account' }, { label: 'Order History', to: '/orderlist' }, { label: `Order ${id}` }]}
    >
      <p>This order could not be found in your account.</p>
    </PageShell>
  );
}

export function OrderPage() {
  const { id } = useParams();
  return (
    <PageShell heading={`Order ${id}`}>
      <p>No order matches this code.</p>
    </PageShell>
  );
}

export function CheckoutPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const lines = useCart((s) => s.lines.length);
  // A guest's cart lives only in this browser, so the server could not check it: the checkout check ends here.
  useEffect(() => {
    if (pathname === '/checkout' && lines === 0) void navigate('/cart', { replace: true });
  }, [pathname, lines, navigate]);
  return (
    <PageShell heading="Checkout">
      <p>There is nothing to check out yet.</p>
      <Link to="/cart">Back to the cart</Link>
    </PageShell>
  );
}

/** The checkout routes with a parameter (§2.1 checkout-id): Buy now's priced line, or an order's checkout. */
export function CheckoutIdPage() {
  const { cartcode } = useParams();
  return cartcode ? <BuyNowSummary /> : <CheckoutPage />;
}

export function StatusPage() {
  return (
    <PageShell heading="Order status">
      <p>There is no checkout or payment to report on.</p>
    </PageShell>
  );
}
