// @vitest-environment jsdom
import { useState, type ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductCard as ProductCardData } from '@vitrine/commerce';
import { sampleCard } from './all-sections.fixture.ts';
import { ProductCard, ShopProvider, WishlistHeart, type Shop } from './index.ts';

afterEach(cleanup);

const mug = sampleCard;

/** A shop whose wishlist holds what the hearts set, as the storefront's does. */
function HeartedShop({ children, onToggle }: { children: ReactNode; onToggle: (id: number) => void }) {
  const [ids, setIds] = useState<number[]>([]);
  const wishlist: Shop['wishlist'] = {
    ids,
    toggle: (id) => {
      onToggle(id);
      setIds((list) => (list.includes(id) ? list.filter((x) => x !== id) : [id, ...list]));
    },
  };
  return <ShopProvider value={{ wishlist }}>{children}</ShopProvider>;
}

describe('the wishlist heart', () => {
  it('is a toggle button whose name says what a press does, pressed while the product is saved', () => {
    const onToggle = vi.fn();
    render(
      <HeartedShop onToggle={onToggle}>
        <WishlistHeart productId={7} name="Stoneware Mug" />
      </HeartedShop>,
    );
    const heart = screen.getByRole('button', { name: 'Save Stoneware Mug to wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    expect(onToggle).toHaveBeenCalledWith(7);
    const saved = screen.getByRole('button', { name: 'Remove Stoneware Mug from wishlist' });
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    expect(saved).toBe(heart);
    fireEvent.click(saved);
    expect(screen.getByRole('button', { name: 'Save Stoneware Mug to wishlist' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('draws nothing where the shop has no wishlist (a section in a test or a document)', () => {
    const { container } = render(<WishlistHeart productId={7} name="Stoneware Mug" />);
    expect(container.innerHTML).toBe('');
  });
});

describe('a product card', () => {
  const withCart = (product: ProductCardData, cart: Shop['cart']) =>
    render(
      <ShopProvider value={{ cart, wishlist: { ids: [7], toggle: () => {} } }}>
        <ProductCard product={product} />
      </ShopProvider>,
    );

  it('adds a product that goes in as it is to the cart', () => {
    const add = vi.fn();
    withCart(mug, { add });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Stoneware Mug' }));
    expect(add).toHaveBeenCalledWith(mug);
    // Buy now checks out this one line alone (§2.1 /checkout/bn/{cartcode}).
    expect(screen.getByRole('link', { name: 'Buy now: Stoneware Mug' }).getAttribute('href')).toBe(`/checkout/bn/${mug.productID}_1_0_`);
  });

  it('links a product with choices to make to its page instead, and offers nothing for one sold out', () => {
    withCart({ ...mug, needsChoice: true }, { add: vi.fn() });
    const card = screen.getByRole('article');
    expect(within(card).queryByRole('button', { name: /Add to cart/ })).toBeNull();
    expect(within(card).queryByRole('link', { name: /Buy now/ })).toBeNull();
    expect(within(card).getByRole('link', { name: 'Choose options for Stoneware Mug' }).getAttribute('href')).toBe('/stoneware-mug');
    cleanup();
    withCart({ ...mug, stockStatusID: 2 }, { add: vi.fn() });
    expect(screen.queryByRole('button', { name: /Add to cart/ })).toBeNull();
    expect(screen.getByText('Sold out')).toBeTruthy();
  });

  it('shows its heart pressed when saved, and leaves it out where the page says the same (the wishlist)', () => {
    withCart(mug, undefined);
    expect(screen.getByRole('button', { name: 'Remove Stoneware Mug from wishlist', pressed: true })).toBeTruthy();
    cleanup();
    render(
      <ShopProvider value={{ wishlist: { ids: [7], toggle: () => {} } }}>
        <ProductCard product={mug} heart={false}>
          <button type="button">Remove</button>
        </ProductCard>
      </ShopProvider>,
    );
    expect(screen.queryByRole('button', { name: /from wishlist/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
  });
});
