import { describe, expect, it } from 'vitest';
import {
  addressFromValues,
  addressLines,
  changedItems,
  changedPopupItem,
  checkoutTotals,
  contactFields,
  contactProblem,
  newIdempotencyKey,
  readOrderCode,
} from './checkout-rules.ts';
import { pricedItem } from './cart.fixture.ts';

const standard = { deliveryOptionId: 1, name: 'Standard', price: 495, freeFrom: 7500 };
const express = { deliveryOptionId: 2, name: 'Express', price: 1295, freeFrom: null };

describe('checkout totals', () => {
  it('charges delivery below its free-from threshold and nothing from it on', () => {
    expect(checkoutTotals(7499, standard)).toEqual({ subtotal: 7499, delivery: 495, total: 7994 });
    expect(checkoutTotals(7500, standard)).toEqual({ subtotal: 7500, delivery: 0, total: 7500 });
  });
  it('always charges an option that is never free, and nothing before an option is chosen', () => {
    expect(checkoutTotals(100_000, express)).toEqual({ subtotal: 100_000, delivery: 1295, total: 101_295 });
    expect(checkoutTotals(2000, undefined)).toEqual({ subtotal: 2000, delivery: null, total: 2000 });
  });
});

describe('contact requirement modes (§3.15)', () => {
  it('asks for email and phone as each mode says', () => {
    expect([1, 2, 3, 4, 5, 6].map(contactFields)).toEqual([
      { email: 'required', phone: 'required' },
      { email: 'required', phone: 'optional' },
      { email: 'optional', phone: 'required' },
      { email: 'optional', phone: 'optional' },
      { email: 'required', phone: 'hidden' },
      { email: 'hidden', phone: 'required' },
    ]);
  });
  it('refuses mode 4 without either, naming the email field, and takes either one', () => {
    expect(contactProblem(4, { email: ' ', phone: '' })).toEqual({
      field: 'email',
      message: 'is a required field unless a phone number is given',
    });
    expect(contactProblem(4, { phone: '+44 131 496 0000' })).toBeNull();
    expect(contactProblem(4, { email: 'a@b.test' })).toBeNull();
    expect(contactProblem(1, { email: 'a@b.test' })).toEqual({ field: 'phone', message: 'is a required field' });
  });
});

describe('the checkout form', () => {
  it('reads the new address from the fields named as the server names them, trimmed, the country upper case', () => {
    expect(
      addressFromValues({
        'shippingAddress.fullName': ' Ada Guest ',
        'shippingAddress.line1': '1 Quay Street',
        'shippingAddress.city': 'Leith',
        'shippingAddress.country': 'gb',
      }),
    ).toEqual({
      fullName: 'Ada Guest',
      line1: '1 Quay Street',
      line2: '',
      city: 'Leith',
      region: '',
      postalCode: '',
      country: 'GB',
      phone: '',
    });
  });
  it('makes idempotency keys the server takes, a different one each visit', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(newIdempotencyKey()).not.toBe(key);
    expect(newIdempotencyKey(() => 'x'.repeat(100))).toHaveLength(64);
  });
});

describe('a cart that changed while checking out', () => {
  it('reads the lines of a CART_CHANGED refusal and lists those that changed for the dialog', () => {
    const body = {
      error: { code: 'CART_CHANGED', message: 'Some items changed', items: [pricedItem('1_1_0_'), pricedItem('2_3_0_', 'lessstock')] },
    };
    const { items, changed } = changedItems(body);
    expect(items).toHaveLength(2);
    expect(changed.map((item) => item.cartItemCode)).toEqual(['2_3_0_']);
    expect(changedPopupItem(pricedItem('3_1_0_', 'outofstock')).status).toBe('outofstock');
    expect(changedItems({ error: { code: 'OUT_OF_STOCK', message: 'x' } })).toEqual({ items: [], changed: [] });
  });
});

describe('orders', () => {
  it('prints an address on lines, leaving out what is empty', () => {
    expect(addressLines({ fullName: 'Ada', line1: '1 Quay St', line2: '', city: 'Leith', postalCode: 'EH6', country: 'GB' })).toEqual([
      'Ada',
      '1 Quay St',
      'EH6 Leith',
      'GB',
    ]);
  });
  it('reads an order code typed with spaces, dashes or in lower case', () => {
    expect(readOrderCode(' abcd-efgh 2345 6789 ')).toBe('ABCDEFGH23456789');
  });
});
