// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  accountEndpoints,
  buildCartCode,
  orderEndpoints,
  type AccountProfile,
  type CheckoutOptions,
  type Endpoint,
} from '@vitrine/commerce';
import { AppContext } from '../app-context.tsx';
import type { ApiClient } from '../client/api-client.ts';
import { useCart } from '../client/cart.ts';
import { savedAddress, samProfile } from '../client/account.fixture.ts';
import { pricedItem } from '../client/cart.fixture.ts';
import { useSession } from '../client/session.ts';
import { CheckoutPage } from './checkout-page.tsx';

afterEach(cleanup);

const token = `h.${btoa(JSON.stringify({ UserID: '42', WebID: 1, exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`;
const lineCode = buildCartCode({ productId: 12, quantity: 1, variantId: 0, addonIds: [] });

beforeEach(() => {
  useSession.getState().setTokens({ accessToken: token, refreshToken: 'r' });
  useCart.setState({ lines: [{ cartCode: lineCode, cartItemID: '7' }], items: [pricedItem(lineCode)], pending: [] });
});

const options: CheckoutOptions = {
  options: [{ deliveryOptionId: 1, name: 'Standard delivery', price: 495, freeFrom: null }],
  accountMode: 2,
  // Email and phone both asked, so the contact shows both.
  contactRequirementMode: 1,
  paymentMethods: ['cod', 'card'],
  storeCountry: 'US',
};

/** A store answering the checkout's calls: its options, and the signed-in customer's profile. */
function renderCheckout(profile: AccountProfile) {
  const request = vi.fn(async (endpoint: Endpoint) => {
    if (endpoint === orderEndpoints.getCheckoutOptions) return { data: options };
    if (endpoint === accountEndpoints.getProfile) return { data: profile };
    throw new Error(`unexpected call ${endpoint.path}`);
  });
  const router = createMemoryRouter(
    [
      { id: 'checkout', path: '/checkout', element: <CheckoutPage />, loader: () => ({}) },
      { path: '/cart', element: <p>The cart</p> },
    ],
    // Nothing drawn by the server: the page reads the options and the profile itself.
    { initialEntries: ['/checkout'], hydrationData: { loaderData: { checkout: {} } } },
  );
  render(
    <AppContext value={{ api: { request } as unknown as ApiClient }}>
      <RouterProvider router={router} />
    </AppContext>,
  );
}

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;

it('fills the checkout with the signed-in customer’s name, phone and saved addresses (issue 33)', async () => {
  renderCheckout(samProfile);
  const shipTo = await screen.findByRole('group', { name: 'Ship to' });
  expect(valueOf('Email')).toBe('sam@example.test');
  expect(valueOf('Phone')).toBe('+15550102000');
  // The saved addresses to choose from, the default one chosen.
  const choices = within(shipTo).getAllByRole('radio') as HTMLInputElement[];
  expect(choices.map((choice) => choice.closest('label')!.textContent)).toEqual([
    expect.stringContaining('Sam at work'),
    expect.stringContaining('Sam at home'),
    'A new address',
  ]);
  expect(choices.map((choice) => choice.checked)).toEqual([false, true, false]);
  expect(screen.queryByLabelText('Full name')).toBeNull();
  // A new address starts with the customer's name, in the store's country.
  fireEvent.click(within(shipTo).getByRole('radio', { name: 'A new address' }));
  expect(valueOf('Full name')).toBe('Sam Rivera');
  expect(valueOf('Country')).toBe('US');
});

it('takes the phone from the default address when the account has none, and opens a new address with no saved one', async () => {
  renderCheckout({ ...samProfile, phone: null, addresses: [] });
  expect(await screen.findByLabelText('Full name')).toBeTruthy();
  expect(screen.queryByRole('group', { name: 'Ship to' })).toBeNull();
  expect(valueOf('Full name')).toBe('Sam Rivera');
  expect(valueOf('Phone')).toBe('');
  cleanup();
  renderCheckout({
    ...samProfile,
    phone: null,
    addresses: [savedAddress(5, { fullName: 'Sam at home', isDefault: true, phone: '+441314960000' })],
  });
  await screen.findByRole('group', { name: 'Ship to' });
  expect(valueOf('Phone')).toBe('+441314960000');
});
