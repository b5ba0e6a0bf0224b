// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { parseCartCode, sameLine, type CartAnswer, type CartItem } from '@vitrine/commerce';
import { connectCart, useCart, type CartApi } from './cart.ts';
import { pricedItem } from './cart.fixture.ts';
import { useSession } from './session.ts';
import { heldCalls } from './held-calls.fixture.ts';

/** One expiry for the whole file: the fake server tells a guest by comparing tokens, which must not change at a second's turn. */
const EXPIRES = Math.floor(Date.now() / 1000) + 3600;
const token = (userId: string) => `h.${btoa(JSON.stringify({ UserID: userId, WebID: 1, exp: EXPIRES }))}.s`;

/**
 * Stands in for the server's /Cart calls: a guest's codes are priced as sent, a customer's cart is saved here.
 * Each call answers only when the test lets it (`release`), so calls can pile up as quick clicks make them.
 */
function fakeServer(stock: Record<number, number> = {}) {
  const saved: CartItem[] = [];
  let nextId = 100;
  const calls: { path: string; input: Record<string, string> }[] = [];
  const { hold, release } = heldCalls();
  const price = (code: string): CartItem => {
    const parts = parseCartCode(code)!;
    const left = stock[parts.productId] ?? 999;
    const status = left === 0 ? 'outofstock' : parts.quantity > left ? 'lessstock' : 'ok';
    const quantity = status === 'lessstock' ? left : parts.quantity;
    return pricedItem(`${parts.productId}_${quantity}_${parts.variantId}_${parts.addonIds.join(',')}`, status);
  };
  const answer = (items: CartItem[], named?: string): CartAnswer => {
    const item = named && items.find((i) => sameLine(parseCartCode(i.cartItemCode)!, parseCartCode(named)!));
    return {
      data: {
        data: items,
        cartStatusHeading: '',
        cartStatusMessage: '',
        cartResponse: item ? { cartCode: item.cartItemCode, status: item.status, statusMessage: '' } : null,
      },
    };
  };
  const customerAdd = (code: string) => {
    const parts = parseCartCode(code)!;
    const same = saved.find((i) => sameLine(parseCartCode(i.cartItemCode)!, parts));
    if (same) {
      const merged = pricedItem(
        `${parts.productId}_${Number(same.quantity) + parts.quantity}_${parts.variantId}_${parts.addonIds.join(',')}`,
      );
      saved[saved.indexOf(same)] = { ...merged, cartItemID: same.cartItemID };
    } else saved.push({ ...price(code), cartItemID: String(nextId++) });
  };
  const api: CartApi = {
    request: ((endpoint: { path: string }, args: { query?: Record<string, string>; body?: Record<string, string> }) => {
      const input = args.query ?? args.body ?? {};
      const path = endpoint.path.replace('/api/Cart/', '');
      calls.push({ path, input });
      const guest = useSession.getState().tokens?.accessToken === token('0');
      const codes = (input['CartCodes'] ?? '').split('|').filter(Boolean);
      return new Promise<CartAnswer>((resolve) => {
        hold(() => {
          if (guest) return resolve(answer([...codes, ...(input['CartCode'] ? [input['CartCode']] : [])].map(price), input['CartCode']));
          if (path === 'SyncCart') codes.forEach(customerAdd);
          if (path === 'AddCartItem' && input['CartItemID'] === '0') customerAdd(input['CartCode']!);
          else if (path === 'AddCartItem') {
            const at = saved.findIndex((i) => i.cartItemID === input['CartItemID']);
            saved[at] = { ...pricedItem(input['CartCode']!), cartItemID: input['CartItemID']! };
          }
          if (path === 'RemoveCartItem')
            saved.splice(
              saved.findIndex((i) => i.cartItemID === input['CartItemID']),
              1,
            );
          resolve(answer([...saved], input['CartCode']));
        });
      });
    }) as CartApi['request'],
  };
  return { api, calls, saved, release };
}

beforeEach(() => {
  localStorage.clear();
  useCart.getState().clear();
  useSession.getState().setTokens({ accessToken: token('0'), refreshToken: 'r' });
});

describe('the cart store (§4)', () => {
  it('loses nothing to twenty quick clicks: each shows at once, the calls go one by one, and the last answer stands', async () => {
    const server = fakeServer();
    connectCart(server.api);
    for (let i = 0; i < 20; i++) useCart.getState().add('7_1_0_4');
    expect(useCart.getState().lines).toEqual([{ cartCode: '7_20_0_4', cartItemID: '0' }]);
    // Kept in browser storage at once: a reload now keeps the cart.
    expect(JSON.parse(localStorage.getItem('vt.cart')!).state.lines).toEqual([{ cartCode: '7_20_0_4', cartItemID: '0' }]);
    await server.release();
    expect(useCart.getState().lines).toEqual([{ cartCode: '7_20_0_4', cartItemID: '0' }]);
    expect(useCart.getState().pending).toEqual([]);
    expect(server.calls.at(-1)).toEqual({ path: 'AddCartItem', input: { CartCodes: '', CartCode: '7_20_0_4', CartItemID: '0' } });
  });

  it('shows the popup of a line whose quantity the stock lowered, and keeps the lowered quantity', async () => {
    const server = fakeServer({ 7: 3 });
    connectCart(server.api);
    useCart.getState().add('7_5_0_');
    await server.release();
    expect(useCart.getState().lines).toEqual([{ cartCode: '7_3_0_', cartItemID: '0' }]);
    expect(useCart.getState().popup).toMatchObject({
      type: 'CART_STATUS_ACTIONS',
      data: [{ status: 'lessstock', productName: 'Product 7' }],
    });
  });

  it('notes the price a shopper saw when a line’s price changed since they added it, and keeps it across a reload', async () => {
    const server = fakeServer();
    connectCart(server.api);
    // The product page showed 8.00; the server prices it at 10.00 now.
    useCart.getState().add('7_1_0_', pricedItem('7_1_0_', 'ok', 800));
    useCart.getState().add('8_1_0_', pricedItem('8_1_0_', 'ok', 1000));
    await server.release();
    expect(useCart.getState().wasPrices).toEqual({ '7_0_': 800 });
    expect(JSON.parse(localStorage.getItem('vt.cart')!).state.wasPrices).toEqual({ '7_0_': 800 });
    // Still changed at the next answer, with the first price seen; gone with the line.
    useCart.getState().setQuantity('7_1_0_', 2);
    await server.release();
    expect(useCart.getState().wasPrices).toEqual({ '7_0_': 800 });
    useCart.getState().setQuantity('8_1_0_', 3);
    useCart.getState().remove('7_2_0_');
    await server.release();
    expect(useCart.getState().wasPrices).toEqual({});
  });

  it('mirrors its codes into a cookie on every change, for the server to draw the cart (issue 18)', async () => {
    const cookie = () => /(?:^|; )vt_cart=([^;]*)/.exec(document.cookie)?.[1];
    // Cleared in `beforeEach`: an empty cart is told as one, not left unknown.
    expect(cookie()).toBe('');
    const server = fakeServer();
    connectCart(server.api);
    useCart.getState().add('7_1_0_4,5');
    expect(decodeURIComponent(cookie()!)).toBe('7_1_0_4,5');
    useCart.getState().add('8_2_0_');
    useCart.getState().setQuantity('7_1_0_4,5', 3);
    expect(decodeURIComponent(cookie()!)).toBe('7_3_0_4,5|8_2_0_');
    // Written as a cookie value may be: no comma, no bar.
    expect(cookie()).toBe('7_3_0_4%2C5%7C8_2_0_');
    await server.release();
    useCart.getState().remove('8_2_0_');
    expect(decodeURIComponent(cookie()!)).toBe('7_3_0_4,5');
    // A cart too long for a cookie is told as one: the server then draws nothing of it.
    for (let product = 100; product < 200; product++) useCart.getState().add(`${product}_1_0_1,2,3,4,5,6,7,8`);
    expect(cookie()).toBe('-');
    await server.release();
    useCart.getState().clear();
    expect(cookie()).toBe('');
  });

  it('removes a guest’s line locally, with no call', async () => {
    const server = fakeServer();
    connectCart(server.api);
    useCart.getState().add('7_1_0_');
    useCart.getState().add('8_1_0_');
    await server.release();
    const before = server.calls.length;
    useCart.getState().remove('7_1_0_');
    expect(useCart.getState().lines.map((l) => l.cartCode)).toEqual(['8_1_0_']);
    await server.release();
    expect(server.calls.length).toBe(before);
  });

  it('merges a guest’s cart into the account’s at sign-in with SyncCart, and removes a customer’s line locally first, then on the server', async () => {
    const server = fakeServer();
    connectCart(server.api);
    useCart.getState().add('7_2_0_4');
    await server.release();
    server.saved.push({ ...pricedItem('9_1_0_'), cartItemID: '50' });

    useSession.getState().setTokens({ accessToken: token('42'), refreshToken: 'r' });
    useCart.getState().refresh();
    await server.release();
    expect(server.calls.at(-1)).toEqual({ path: 'SyncCart', input: { CartCodes: '7_2_0_4' } });
    expect(useCart.getState().lines).toEqual([
      { cartCode: '9_1_0_', cartItemID: '50' },
      { cartCode: '7_2_0_4', cartItemID: '100' },
    ]);

    useCart.getState().remove('7_2_0_4');
    expect(useCart.getState().lines).toEqual([{ cartCode: '9_1_0_', cartItemID: '50' }]);
    await server.release();
    expect(server.calls.at(-1)).toEqual({ path: 'RemoveCartItem', input: { CartItemID: '100' } });
    expect(useCart.getState().lines).toEqual([{ cartCode: '9_1_0_', cartItemID: '50' }]);
  });

  it('sets a saved line’s quantity with AddCartItem and its id; quick adds of a customer reach the server one each', async () => {
    const server = fakeServer();
    connectCart(server.api);
    useSession.getState().setTokens({ accessToken: token('42'), refreshToken: 'r' });
    for (let i = 0; i < 5; i++) useCart.getState().add('7_1_0_');
    await server.release();
    expect(server.saved.map((i) => i.cartItemCode)).toEqual(['7_5_0_']);
    useCart.getState().setQuantity('7_5_0_', 0);
    await server.release();
    expect(server.calls.at(-1)).toEqual({ path: 'AddCartItem', input: { CartCodes: '', CartCode: '7_1_0_', CartItemID: '100' } });
    expect(useCart.getState().lines).toEqual([{ cartCode: '7_1_0_', cartItemID: '100' }]);
  });
});
