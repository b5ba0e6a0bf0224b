// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { buildCartCode, cartEndpoints, orderEndpoints, type Endpoint, type OrderSummary } from '@vitrine/commerce';
import { AppContext } from '../app-context.tsx';
import type { ApiClient } from '../client/api-client.ts';
import { useCart } from '../client/cart.ts';
import { pricedItem } from '../client/cart.fixture.ts';
import { OrderPage, StatusPage } from './order-pages.tsx';

afterEach(cleanup);
beforeEach(() => useCart.getState().clear());

const CODE = 'ABCDEFGHJKLMNPQR';
const lineCode = buildCartCode({ productId: 12, quantity: 2, variantId: 0, addonIds: [] });
const order: OrderSummary = {
  orderCode: CODE,
  status: 'Pending',
  paymentStatus: 'Pending',
  createdAt: '2026-11-01T10:00:00.000Z',
  email: 'ada@example.test',
  phone: '+441314960000',
  shippingAddress: { fullName: 'Ada Guest', line1: '1 Quay Street', city: 'Leith', country: 'gb' },
  deliveryMethod: 'Standard delivery',
  paymentMethod: 'Card',
  currencyCode: 'USD',
  currencySymbol: '$',
  currencyRate: 1,
  subtotal: 2000,
  shippingTotal: 495,
  total: 2495,
  totalUnits: 2495,
  lines: [
    {
      productID: 12,
      variantID: null,
      name: 'Product 12',
      variantName: '',
      sku: 'SKU-12',
      quantity: 2,
      unitPrice: 1000,
      addons: [],
      options: [],
      lineTotal: 2000,
    },
  ],
  history: [{ status: 'Pending', note: 'Order placed', at: '2026-11-01T10:00:00.000Z' }],
};
const withheld = { email: null, phone: null, shippingAddress: {} };

/** A store that answers the order's calls as the server does: the name and address only with the order's e-mail. */
function fakeApi(orderAsStored: OrderSummary, payment?: { outcome: 'declined' | 'pending'; message: string }) {
  const request = vi.fn(async (endpoint: Endpoint, args?: { query?: Record<string, string>; body?: unknown }) => {
    if (endpoint === orderEndpoints.getOrder)
      return {
        data: { order: args?.query?.['Email']?.toLowerCase() === 'ada@example.test' ? orderAsStored : { ...orderAsStored, ...withheld } },
      };
    if (endpoint === orderEndpoints.confirmPayment) return { data: { order: { ...orderAsStored, ...withheld }, ...payment } };
    if (endpoint === cartEndpoints.getOrderCart)
      return { data: { data: [pricedItem(lineCode)], cartStatusHeading: '', cartStatusMessage: '', cartResponse: null } };
    throw new Error(`unexpected call ${endpoint.path}`);
  });
  return { api: { request } as unknown as ApiClient, request };
}

const renderAt = (path: string, api: ApiClient) =>
  render(
    <AppContext value={{ api }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/order/:id" element={<OrderPage />} />
          <Route path="/status" element={<StatusPage />} />
          <Route path="/cart" element={<p>The cart</p>} />
          <Route path="/checkout/oc/:code" element={<p>Paying again</p>} />
        </Routes>
      </MemoryRouter>
    </AppContext>,
  );

it('says the payment failed after a declined card, keeps the order payable, and Back to cart puts its lines back (issue 33)', async () => {
  const { api } = fakeApi(order, { outcome: 'declined', message: 'Your card was declined.' });
  renderAt(`/order/${CODE}?payment=pay_1`, api);
  expect(await screen.findByRole('heading', { level: 1, name: 'Payment failed' })).toBeTruthy();
  expect(screen.getByText(/Your card was declined\./)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(`/checkout/oc/${CODE}`);
  expect(useCart.getState().lines).toEqual([]);
  fireEvent.click(screen.getByRole('button', { name: 'Back to cart' }));
  expect(await screen.findByText('The cart')).toBeTruthy();
  expect(useCart.getState().lines.map((line) => line.cartCode)).toEqual([lineCode]);
});

it('says so for a payment left unfinished too, and for an order whose last card payment was declined', async () => {
  const left = fakeApi(order, { outcome: 'pending', message: 'The payment was not completed. You can pay this order now or later.' });
  renderAt(`/order/${CODE}?payment=pay_2`, left.api);
  expect(await screen.findByRole('heading', { level: 1, name: 'Payment failed' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Back to cart' })).toBeTruthy();
  cleanup();

  renderAt(`/order/${CODE}`, fakeApi({ ...order, paymentStatus: 'Payment failed' }).api);
  expect(await screen.findByRole('heading', { level: 1, name: 'Payment failed' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Try again' })).toBeTruthy();
});

it('shows an order’s status to its code, and its name and address only with its e-mail (issue 33)', async () => {
  const { api, request } = fakeApi(order);
  renderAt(`/status?code=${CODE}`, api);
  const result = await screen.findByRole('region', { name: `Order ${CODE}` });
  expect(within(result).getAllByText('Pending', { selector: '.vt-status' }).length).toBeGreaterThan(0);
  expect(document.body.textContent).not.toMatch(/Ada Guest|Quay Street/);

  fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'ADA@example.test' } });
  fireEvent.click(screen.getByRole('button', { name: 'Check status' }));
  expect(await screen.findByText('1 Quay Street')).toBeTruthy();
  expect(request).toHaveBeenLastCalledWith(orderEndpoints.getOrder, { query: { OrderCode: CODE, Email: 'ADA@example.test' } });
  // The e-mail is not put in the page's address.
  fireEvent.click(screen.getByRole('link', { name: 'See the whole order' }));
  expect(await screen.findByText('ada@example.test')).toBeTruthy();
  expect(screen.getByText('Ada Guest')).toBeTruthy();
});

it('withholds the name and address on the order page for the code alone, and shows them with the order’s e-mail', async () => {
  renderAt(`/order/${CODE}`, fakeApi(order).api);
  expect(await screen.findByText(/name and address show with the e-mail/)).toBeTruthy();
  expect(document.body.textContent).not.toMatch(/Ada Guest|Quay Street|ada@example/);
  fireEvent.change(screen.getByLabelText(/E-mail the order was placed with/), { target: { value: 'ada@example.test' } });
  fireEvent.click(screen.getByRole('button', { name: 'Show the details' }));
  expect(await screen.findByText('1 Quay Street')).toBeTruthy();
});
