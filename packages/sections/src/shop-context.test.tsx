// @vitest-environment jsdom
import { Profiler, useState, useSyncExternalStore, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductCard as ProductCardData } from '@vitrine/commerce';
import { sampleCard } from './all-sections.fixture.ts';
import { ProductCard, ShopProvider, WishlistHeart, useShop, type Shop } from './index.ts';

const mug: ProductCardData = { ...sampleCard, productID: 7, itemName: 'Stoneware Mug' };
const bowl: ProductCardData = { ...sampleCard, productID: 8, itemName: 'Linen Bowl', productURL: '/linen-bowl' };

/** How many commits each profiled part of the page took part in, by its id. */
let renders: Map<string, number>;
beforeEach(() => {
  renders = new Map();
});
const counted = (id: string, node: ReactNode) => (
  <Profiler id={id} onRender={(part) => renders.set(part, (renders.get(part) ?? 0) + 1)}>
    {node}
  </Profiler>
);

const noSubscription = () => () => {};
/** False on the server and while hydrating, true after: the storefront's `useHydrated`. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * A shop whose wishlist holds what the hearts set, as the storefront's does; `kept` are hearts only the browser knows,
 * shown from hydration on. Its children come from outside it, as the storefront's page does to its providers.
 */
function HeartedShop({ kept = [], children }: { kept?: number[]; children: ReactNode }) {
  const hydrated = useHydrated();
  const [ids, setIds] = useState(kept);
  const wishlist: Shop['wishlist'] = {
    ids: hydrated ? ids : [],
    toggle: (id) => setIds((list) => (list.includes(id) ? list.filter((x) => x !== id) : [id, ...list])),
  };
  return <ShopProvider value={{ wishlist, cart: { add: () => {} } }}>{children}</ShopProvider>;
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  cleanup();
});

/** Draws `page` on the server, then hydrates it as the browser does; returns the recoverable errors React reported. */
async function hydrate(serverPage: ReactNode, clientPage: ReactNode) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(serverPage);
  document.body.append(container);
  const recovered = vi.fn();
  await act(async () => {
    root = hydrateRoot(container, clientPage, { onRecoverableError: recovered });
  });
  return recovered;
}

describe('the shop context', () => {
  it('re-renders only the heart a press toggles, not the other hearts', () => {
    render(
      <HeartedShop>
        {counted('mug', <WishlistHeart productId={7} name="Stoneware Mug" />)}
        {counted('bowl', <WishlistHeart productId={8} name="Linen Bowl" />)}
      </HeartedShop>,
    );
    renders.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Save Stoneware Mug to wishlist' }));
    expect(screen.getByRole('button', { name: 'Remove Stoneware Mug from wishlist', pressed: true })).toBeTruthy();
    // The mug's count says the profiler saw the press (it sees no re-render a changed React context alone causes).
    expect(renders.get('mug')).toBe(1);
    expect(renders.get('bowl')).toBeUndefined();
  });

  it('hydrates a page of cards without a mismatch, and a heart pressed after re-renders only its own card', async () => {
    const page = (
      <HeartedShop>
        {counted('mug', <ProductCard product={mug} />)}
        {counted('bowl', <ProductCard product={bowl} />)}
      </HeartedShop>
    );
    const recovered = await hydrate(page, page);
    expect(recovered).not.toHaveBeenCalled();
    renders.clear();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Save Stoneware Mug to wishlist' })));
    expect(screen.getByRole('button', { name: 'Remove Stoneware Mug from wishlist', pressed: true })).toBeTruthy();
    expect(renders.get('mug')).toBe(1);
    expect(renders.get('bowl')).toBeUndefined();
  });

  it('hydrates with what the server drew, then shows the browser’s hearts re-rendering only the hearted card', async () => {
    const page = (
      <HeartedShop kept={[7]}>
        {counted('mug', <ProductCard product={mug} />)}
        {counted('bowl', <ProductCard product={bowl} />)}
      </HeartedShop>
    );
    const recovered = await hydrate(page, page);
    // The server drew no hearts; hydration matched that, and the browser's heart showed after.
    expect(recovered).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Remove Stoneware Mug from wishlist', pressed: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Linen Bowl to wishlist', pressed: false })).toBeTruthy();
    // Hydrating each card is one commit; the bowl's card took part in no other.
    expect(renders.get('bowl')).toBe(1);
    expect(renders.get('mug')).toBe(2);
  });

  it('gives the latest shop to the whole-shop reader and a selector alike when the provider’s value changes', () => {
    const Count = () => <p>{`${useShop().cartCount} / ${useShop((shop) => shop.cartCount)}`}</p>;
    const { rerender } = render(
      <ShopProvider value={{ cartCount: 1 }}>
        <Count />
      </ShopProvider>,
    );
    expect(screen.getByText('1 / 1')).toBeTruthy();
    rerender(
      <ShopProvider value={{ cartCount: 3 }}>
        <Count />
      </ShopProvider>,
    );
    expect(screen.getByText('3 / 3')).toBeTruthy();
  });
});
