import { describe, expect, it } from 'vitest';
import { pageEventsOf, pageEventsSeen } from './page-events.ts';
import { pricedItem } from '../client/cart.fixture.ts';

const root = { site: {} };
const mug = {
  product: { productID: 12, itemName: 'Stoneware Mug', price: 2450, isHidePrice: false, brand: { name: 'Fjord' }, category: null },
};
const vase = { product: { productID: 14, itemName: 'Ceramic Vase', price: 3900, isHidePrice: true, brand: null, category: null } };
const search = (kw: string) => ({ listing: { scope: { kind: 'search' }, state: { kw } } });
const category = { listing: { scope: { kind: 'category' }, state: { kw: '' } } };
const names = (events: { name: string }[]) => events.map((event) => event.name);

describe('a page’s events (§7)', () => {
  it('are a PageView, a product’s ViewContent and a search’s Search, read from the routes’ data', () => {
    expect(pageEventsOf('/', [root, { page: {} }])).toEqual([{ name: 'PageView', key: '/', facts: {} }]);
    expect(pageEventsOf('/stoneware-mug', [root, mug])).toEqual([
      { name: 'PageView', key: '/stoneware-mug', facts: {} },
      {
        name: 'ViewContent',
        key: '12',
        facts: { content_name: 'Stoneware Mug', content_ids: ['12'], content_type: 'product', amount: 2450, brand: 'Fjord' },
      },
    ]);
    // A hidden price is not told.
    expect(pageEventsOf('/ceramic-vase', [root, vase])[1]!.facts).not.toHaveProperty('amount');
    expect(pageEventsOf('/search', [root, search('  vase ')])[1]).toEqual({
      name: 'Search',
      key: 'vase',
      facts: { search_string: 'vase' },
    });
    expect(names(pageEventsOf('/search', [root, search('')]))).toEqual(['PageView']);
    expect(names(pageEventsOf('/kitchen', [root, category]))).toEqual(['PageView']);
  });

  it('are the InitiateCheckout of a checkout the server drew, with its subtotal; the app’s own checkout tells its own', () => {
    const options = { options: [], accountMode: 2, contactRequirementMode: 2, paymentMethods: ['cod'] };
    // Two of product 5 at 12.00 with a 3.00 add-on each, and one of product 6 at 8.00.
    const cart = [pricedItem('5_2_0_3', 'ok', 1200, 300), pricedItem('6_1_0_', 'ok', 800)];
    expect(pageEventsOf('/checkout', [root, { cart, changed: false, options }])[1]).toEqual({
      name: 'InitiateCheckout',
      key: '/checkout',
      facts: { content_ids: ['5', '6'], content_type: 'product', num_items: 3, amount: 3800 },
    });
    expect(names(pageEventsOf('/checkout', [root, { cart: null, changed: false, options: null }]))).toEqual(['PageView']);
    // The cart page draws the cart too, but is no checkout.
    expect(names(pageEventsOf('/cart', [root, { cart, changed: false }]))).toEqual(['PageView']);
  });

  it('are new when what makes them changes: a variant chosen is the same view, new words a new search', () => {
    const seen = pageEventsSeen();
    expect(names(seen(pageEventsOf('/stoneware-mug', [root, mug])))).toEqual(['PageView', 'ViewContent']);
    expect(names(seen(pageEventsOf('/stoneware-mug', [root, mug])))).toEqual([]);
    expect(names(seen(pageEventsOf('/search', [root, search('mug')])))).toEqual(['PageView', 'Search']);
    expect(names(seen(pageEventsOf('/search', [root, search('vase')])))).toEqual(['Search']);
    // Back to a product seen before: a new view of it.
    expect(names(seen(pageEventsOf('/stoneware-mug', [root, mug])))).toEqual(['PageView', 'ViewContent']);
  });
});
