import { PageShell } from './page-shell.tsx';

/**
 * Pages whose full content arrives with later work. Each is already a real route with its layout, entry check,
 * title and robots rule, and says plainly what the shopper can do now.
 */
export function WishlistPage() {
  return (
    <PageShell heading="Wishlist" breadcrumbs={[{ label: 'My Account', to: '/account' }, { label: 'Wishlist' }]}>
      <p>Your wishlist is empty.</p>
    </PageShell>
  );
}
