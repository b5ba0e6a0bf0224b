import { describe, expect, it } from 'vitest';
import type { CartAnswer, CartItem } from '@vitrine/commerce';
import { pricedItem } from './cart.fixture.ts';
import {
  addLine,
  cartSubtotal,
  isCartStatusScreen,
  popupBadge,
  readCartAnswer,
  readQuantity,
  removeLineAddon,
  setLineQuantity,
  stepQuantity,
  type CartLine,
} from './cart-rules.ts';

const line = (cartCode: string, cartItemID = '0'): CartLine => ({ cartCode, cartItemID });

const answer = (items: CartItem[], cartResponse: CartAnswer['data']['cartResponse'] = null): CartAnswer => ({
  data: {
    data: items,
    cartStatusHeading: 'Some items left your cart',
    cartStatusMessage: 'Product 2 is no longer available.',
    cartResponse,
  },
});

describe('adding to the cart (§4)', () => {
  it('merges the same product, variant and add-ons, summing the quantities', () => {
    const lines = addLine([line('7_2_3_9,4', '55')], '7_3_3_4,9');
    expect(lines).toEqual([line('7_5_3_4,9', '55')]);
  });

  it('appends a line that differs in variant or add-ons', () => {
    expect(addLine([line('7_1_3_4')], '7_1_3_').map((l) => l.cartCode)).toEqual(['7_1_3_4', '7_1_3_']);
    expect(addLine([line('7_1_3_')], '7_1_2_').map((l) => l.cartCode)).toEqual(['7_1_3_', '7_1_2_']);
  });

  it('takes an add-on off a line, merging it with its twin', () => {
    const lines = removeLineAddon([line('7_2_0_', '1'), line('7_3_0_4', '2')], '7_3_0_4', 4);
    expect(lines).toEqual([line('7_5_0_', '1')]);
  });
});

describe('quantities (§4)', () => {
  it('step by one and never go below 1', () => {
    expect(stepQuantity(3, 1)).toBe(4);
    expect(stepQuantity(3, -1)).toBe(2);
    expect(stepQuantity(1, -1)).toBe(1);
  });

  it('read empty or below 1 as 1', () => {
    expect(readQuantity('')).toBe(1);
    expect(readQuantity('0')).toBe(1);
    expect(readQuantity('-4')).toBe(1);
    expect(readQuantity('abc')).toBe(1);
    expect(readQuantity(' 12 ')).toBe(12);
    expect(setLineQuantity([line('7_5_0_')], '7_1_0_', '')).toEqual([line('7_1_0_')]);
  });
});

describe('the subtotal (§9)', () => {
  it('is the integer sum of unit prices times quantities and the add-ons', () => {
    const items = [pricedItem('7_1_0_4', 'ok', 1999, 500), pricedItem('8_1_0_', 'ok', 250)];
    expect(cartSubtotal([line('7_3_0_4'), line('8_2_0_')], items)).toEqual({
      total: (1999 + 500) * 3 + 250 * 2,
      priced: true,
      rows: [
        { price: 1999, quantity: 3, addonPrices: [500] },
        { price: 250, quantity: 2, addonPrices: [] },
      ],
    });
    expect(cartSubtotal([line('9_1_0_')], items)).toMatchObject({ total: 0, priced: false });
  });
});

describe('reading a cart answer (§4, §2.9, §3.7)', () => {
  const items = [pricedItem('1_2_0_'), pricedItem('2_1_0_', 'outofstock'), pricedItem('3_1_0_', 'lessstock')];

  it('keeps ok and lessstock lines and removes the others', () => {
    expect(readCartAnswer(answer(items), '/').items.map((i) => i.cartItemCode)).toEqual(['1_2_0_', '3_1_0_']);
  });

  it('shows the popup of the named line when its status is not ok, badge by status', () => {
    const read = readCartAnswer(answer(items, { cartCode: '3_1_0_', status: 'lessstock', statusMessage: 'Only 1 left' }), '/cart');
    expect(read.popup).toEqual({
      type: 'CART_STATUS_ACTIONS',
      data: [
        {
          productName: 'Product 3',
          status: 'lessstock',
          statusMessage: 'lessstock',
          product: { thumbnailFile: '/media/3.webp', productURL: '/product-3', itemName: 'Product 3' },
        },
      ],
    });
  });

  it('shows no popup for a named line that is ok, and no dialog away from the cart and checkout screens', () => {
    expect(readCartAnswer(answer(items, { cartCode: '1_2_0_', status: 'ok', statusMessage: '' }), '/cast-iron-skillet').popup).toBeNull();
    expect(readCartAnswer(answer(items), '/signin').popup).toBeNull();
  });

  it('opens the dialog with the heading, message and removed items on the cart, checkout and checkout-id screens', () => {
    for (const path of ['/cart', '/checkout', '/checkout/bn/1_1_0_', '/checkout/oc/AB12-34']) {
      const { popup } = readCartAnswer(answer(items), path);
      expect(popup?.type, path).toBe('CART_STATUS_ACTIONS_DIALOG');
      expect(popup?.type === 'CART_STATUS_ACTIONS_DIALOG' && popup.data).toMatchObject({
        heading: 'Some items left your cart',
        message: 'Product 2 is no longer available.',
        cart_items: [{ productName: 'Product 2', status: 'outofstock' }],
      });
    }
    expect(isCartStatusScreen('/cartoons')).toBe(false);
  });

  it('opens no dialog when nothing left the cart', () => {
    expect(readCartAnswer(answer([pricedItem('3_1_0_', 'lessstock')]), '/cart').popup).toBeNull();
  });
});

describe('a line that needs its size chosen again (issue 33)', () => {
  it('says what to choose, as the server words it, rather than that it was removed', () => {
    const needsSize = { ...pricedItem('5_1_99_', 'choosevariant'), statusMessage: 'Choose a size' };
    const told: CartAnswer = {
      data: { data: [needsSize], cartStatusHeading: 'Choose again', cartStatusMessage: '', cartResponse: null },
    };
    const { items, popup } = readCartAnswer(told, '/cart');
    expect(items).toEqual([]);
    const shown = popup?.type === 'CART_STATUS_ACTIONS_DIALOG' ? popup.data.cart_items[0]! : null;
    expect(popupBadge(shown!.status, shown!.statusMessage)).toBe('Choose a size');
    expect(popupBadge('unavailable')).toBe('Item Removed');
  });
});
