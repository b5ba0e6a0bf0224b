// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { productSeoFieldsOf, type ProductDetail, type ProductPage } from '@vitrine/commerce';
import { useCart } from '../client/cart.ts';
import { quantityOf } from '../client/cart-rules.ts';
import { AddToCart } from './add-to-cart.tsx';

afterEach(cleanup);
beforeEach(() => useCart.getState().clear());

const trowelPage: ProductPage = {
  productID: 9,
  itemName: 'Garden Trowel',
  productURL: '/garden-trowel',
  description: '',
  sku: 'HAR-2001',
  price: 1800,
  compareAtPrice: null,
  isHidePrice: false,
  stockStatusID: 1,
  stock: 5,
  brand: null,
  category: null,
  breadcrumbs: [],
  images: [],
  attributes: [],
  variants: [],
  specifications: [],
  options: [],
  addons: [],
  reviews: { average: 0, count: 0, distribution: [] },
};
const trowel: ProductDetail = { ...trowelPage, ...productSeoFieldsOf(trowelPage, { title: 'Garden Trowel', description: '' }) };
const box = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Quantity' });

it('says "Only 5 left" at the product page’s quantity for more than there is, and adds what the box shows (issue 33)', async () => {
  render(
    <MemoryRouter>
      <AddToCart
        product={trowel}
        variant={null}
        needsVariant={false}
        inStock
        addonIds={[]}
        options={{ list: [], values: {}, complete: () => true }}
        addToCartAction="OPEN_CART"
      />
    </MemoryRouter>,
  );
  fireEvent.change(box(), { target: { value: '99' } });
  act(() => box().form!.requestSubmit());
  expect(box().value).toBe('5');
  expect(screen.getByRole('status').textContent).toBe('Only 5 left');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add to cart' })));
  expect(useCart.getState().lines.map(quantityOf)).toEqual([5]);
});
