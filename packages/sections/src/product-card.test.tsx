// @vitest-environment jsdom
import { useState, type ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_COMPARE, type ProductCard as ProductCardData } from '@vitrine/commerce';
import { sampleCard } from './all-sections.fixture.ts';
import { compileTheme, defaultThemeSettings, readThemeSettings, type ThemeSettings } from '@vitrine/theme-engine';
import { CompareLink, CompareToggle, ProductCard, ShopProvider, WishlistHeart, themeShopOf, type Shop } from './index.ts';

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

describe('the theme’s product-card settings (§3.8 productCard)', () => {
  /** A card that has everything a setting could hide: a brand and a rating. */
  const rated: ProductCardData = { ...mug, brandName: 'Fjord Works', rating: 4.4, ratingCount: 12 };
  /** The card as a theme's settings draw it, through the shop context the storefront builds from them. */
  const cardUnder = (settings: ThemeSettings) => {
    const { container } = render(
      <ShopProvider value={themeShopOf(settings)}>
        <ProductCard product={rated} />
      </ShopProvider>,
    );
    const html = container.innerHTML;
    cleanup();
    return html;
  };
  const flipped = (key: string, value: unknown): unknown => {
    if (typeof value === 'boolean') return !value;
    const options = { imageRatio: ['1:1', '3:4', '4:3'], textAlign: ['start', 'center'] }[key] ?? [];
    return options.find((option) => option !== value);
  };
  const rows = Object.entries(defaultThemeSettings.productCard).map(([key, value]) => ({ key, value }));

  it('has a row for every product-card setting', () => {
    expect(rows.map((row) => row.key).sort()).toEqual(['imageRatio', 'showBrand', 'showRating', 'textAlign']);
  });

  // Each setting shows on the card: through the theme's CSS, or through the card itself (what compile.test.ts's table
  // of settings the CSS does not carry says of showBrand and showRating).
  it.each(rows)('$key changes the theme’s CSS or the card', ({ key, value }) => {
    const next = flipped(key, value);
    expect(next, `another value for ${key}`).toBeDefined();
    const changed = readThemeSettings({ ...defaultThemeSettings, productCard: { ...defaultThemeSettings.productCard, [key]: next } });
    expect(changed.problems).toEqual([]);
    const cssChanged = compileTheme(changed.settings).css !== compileTheme(defaultThemeSettings).css;
    const cardChanged = cardUnder(changed.settings) !== cardUnder(defaultThemeSettings);
    expect(cssChanged || cardChanged, `${key} changes nothing a shopper sees`).toBe(true);
  });

  it('shows the brand and the rating by default, and leaves each out when the theme turns it off', () => {
    const off = (key: 'showBrand' | 'showRating') => ({
      ...defaultThemeSettings,
      productCard: { ...defaultThemeSettings.productCard, [key]: false },
    });
    render(
      <ShopProvider value={themeShopOf(defaultThemeSettings)}>
        <ProductCard product={rated} />
      </ShopProvider>,
    );
    expect(screen.getByText('Fjord Works')).toBeTruthy();
    expect(screen.getByText(/^Rated [\d.]+ out of 5 by 12 reviewers$/)).toBeTruthy();
    cleanup();
    render(
      <ShopProvider value={themeShopOf(off('showBrand'))}>
        <ProductCard product={rated} />
      </ShopProvider>,
    );
    expect(screen.queryByText('Fjord Works')).toBeNull();
    expect(screen.getByText(/^Rated [\d.]+ out of 5 by 12 reviewers$/)).toBeTruthy();
    cleanup();
    render(
      <ShopProvider value={themeShopOf(off('showRating'))}>
        <ProductCard product={rated} />
      </ShopProvider>,
    );
    expect(screen.getByText('Fjord Works')).toBeTruthy();
    expect(screen.queryByText(/Rated .* out of 5/)).toBeNull();
  });
});

describe('comparing (issue 33)', () => {
  it('says the limit when a fifth product is pressed, instead of nothing', () => {
    const toggle = vi.fn();
    render(
      <ShopProvider value={{ compare: { ids: [1, 2, 3, 4], toggle } }}>
        <CompareToggle productId={7} name="Stoneware Mug" />
      </ShopProvider>,
    );
    const button = screen.getByRole('button', { name: /^Compare\s*Stoneware Mug\s*\(the compare list is full\)$/ });
    // Pressable, so a tap is answered: it adds nothing and says why.
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('');
    fireEvent.click(button);
    expect(toggle).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toContain(`You can compare up to ${MAX_COMPARE} products.`);
    expect(within(screen.getByRole('status')).getByRole('link', { name: 'See the comparison' }).getAttribute('href')).toBe('/compare');
  });

  it('offers "Compare (n)" once a product is chosen, and nothing before', () => {
    const { rerender } = render(
      <ShopProvider value={{ compare: { ids: [], toggle: () => {} } }}>
        <CompareLink />
      </ShopProvider>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    rerender(
      <ShopProvider value={{ compare: { ids: [3, 9], toggle: () => {} } }}>
        <CompareLink />
      </ShopProvider>,
    );
    expect(screen.getByRole('link', { name: 'Compare (2)' }).getAttribute('href')).toBe('/compare');
  });
});
