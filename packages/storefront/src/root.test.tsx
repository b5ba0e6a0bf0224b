// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pricedItem } from './client/cart.fixture.ts';
import { useCart } from './client/cart.ts';
import type { StorefrontData } from './data.ts';
import { createRoutes } from './routes.tsx';
import { publishedPageAt, webConfig } from './web-config.fixture.ts';

/** A theme whose header shows the cart; `settings` are its theme settings. */
const themeData = (settings: Record<string, unknown> = {}) =>
  JSON.stringify({ settings, header: { id: 'header', type: 1, version: 1, settings: { show_cart: true }, style: {} } });

const site = (settings: Record<string, unknown> = {}) =>
  webConfig({ themeSettings: { themeID: 1, themeData: themeData(settings), themeCSS: '' } });
const home = publishedPageAt('');

function storeData(settings: Record<string, unknown> = {}): StorefrontData {
  return {
    getSite: async () => site(settings),
    getAddress: async (path) => (path === '' ? { kind: 'page', page: home } : null),
    getTemplate: async () => null,
    getDesigns: async () => [],
    getSession: async () => ({ signedIn: false, userId: null }),
    getThemeSectionData: async () => ({}),
    getMaintenance: async () => ({ isMaintenance: false, isPasswordProtected: '0', heading: '', description: '' }),
    hasMaintenanceBypass: async () => false,
    getCartCount: async () => null,
    getKeptCartCodes: async () => null,
    getKeptCart: async () => null,
    getCheckoutOptions: async () => null,
  };
}

/** The shopper app at `path`, started in the browser. */
async function startAt(path: string, settings: Record<string, unknown> = {}) {
  const router = createMemoryRouter(createRoutes(storeData(settings)), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  await screen.findAllByRole('link', { name: /^Cart, / });
  return router;
}

beforeEach(() => {
  useCart.setState({
    lines: [
      { cartCode: '5_2_0_', cartItemID: '0' },
      { cartCode: '6_3_0_', cartItemID: '0' },
    ],
    settled: [],
    items: [pricedItem('5_2_0_', 'ok', 1200), pricedItem('6_3_0_', 'ok', 800)],
    pending: [],
  });
});
afterEach(() => {
  cleanup();
  useCart.getState().clear();
});

describe('the shopper app’s shop context', () => {
  it('counts the items in the header’s cart, not the lines: two of one and three of another are five', async () => {
    await startAt('/');
    expect(screen.getByRole('link', { name: 'Cart, 5 items' })).toBeTruthy();
    act(() => useCart.getState().setQuantity('5_2_0_', 4));
    expect(screen.getByRole('link', { name: 'Cart, 7 items' })).toBeTruthy();
  });

  it('shows the currency code beside prices when the theme says show_currency (§9), and not otherwise', async () => {
    await startAt('/cart', { show_currency: true });
    const lines = await screen.findByRole('list', { name: 'Items in your cart' });
    expect(lines.textContent).toMatch(/\$12(\.00)? USD/);
    cleanup();
    await startAt('/cart');
    expect((await screen.findByRole('list', { name: 'Items in your cart' })).textContent).not.toContain('USD');
  });
});
