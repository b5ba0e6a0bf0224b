// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { accountEndpoints, authEndpoints, type AccountProfile, type Endpoint } from '@vitrine/commerce';
import { AppContext } from '../app-context.tsx';
import type { ApiClient } from '../client/api-client.ts';
import { useSession } from '../client/session.ts';
import { useWishlist } from '../client/wishlist.ts';
import { ROOT_ROUTE_ID } from '../root-data.ts';
import { savedAddress, samProfile } from '../client/account.fixture.ts';
import { AccountPage, SignInPage } from './account-pages.tsx';

afterEach(cleanup);

/** The customer the sign-in answers: the profile's, without its addresses. */
const { addresses: _addresses, ...samUser } = samProfile;

beforeEach(() => {
  useSession.getState().setTokens(null);
  useWishlist.setState({ guestIds: [3, 8, 21] });
});

/** /signin at `url` in a store of contact mode `mode`, signing in with `request`; answers what it was asked. */
function renderAt(url: string, mode = 2) {
  const request = vi.fn(async (endpoint: Endpoint) => {
    if (endpoint === authEndpoints.signIn) return { data: { user: samUser }, tokens: { accessToken: 'a', refreshToken: 'r' } };
    throw new Error(`unexpected call ${endpoint.path}`);
  });
  const site = { contactRequirementMode: mode };
  const router = createMemoryRouter(
    [
      {
        id: ROOT_ROUTE_ID,
        path: '/',
        loader: () => ({ site }),
        children: [
          { path: 'signin', element: <SignInPage /> },
          { path: 'account', element: <p>Signed in</p> },
        ],
      },
    ],
    { initialEntries: [url], hydrationData: { loaderData: { [ROOT_ROUTE_ID]: { site } } } },
  );
  return {
    request,
    ...render(
      <AppContext value={{ api: { request } as unknown as ApiClient }}>
        <RouterProvider router={router} />
      </AppContext>,
    ),
  };
}

/** Fills the sign-in form's name field (labelled `label`) and password, and sends it. */
function signInWith(label: string, name: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a good password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

it('signs a customer of a phone-only store in with their phone number, which is all their account has (issue 33)', async () => {
  const { request } = renderAt('/signin', 6);
  expect(screen.queryByLabelText('Email')).toBeNull();
  signInWith('Phone number', ' +46 70 123 45 67 ');
  await screen.findByText('Signed in');
  expect(request).toHaveBeenCalledWith(authEndpoints.signIn, { body: { phone: '+46 70 123 45 67', password: 'a good password' } });
});

it('signs a customer in with their email or their phone number where accounts may have either (issue 33)', async () => {
  for (const [mode, given, body] of [
    [4, '+46 70 123 45 67', { phone: '+46 70 123 45 67' }],
    [3, 'pia@example.test', { email: 'pia@example.test' }],
  ] as const) {
    const { request, unmount } = renderAt('/signin', mode);
    signInWith('Email or phone number', given);
    await screen.findByText('Signed in');
    expect(request).toHaveBeenCalledWith(authEndpoints.signIn, { body: { ...body, password: 'a good password' } });
    unmount();
  }
});

it('asks only for the email where every account has one', async () => {
  const { request } = renderAt('/signin', 2);
  expect(screen.queryByLabelText(/phone/i)).toBeNull();
  signInWith('Email', 'sam@example.test');
  await screen.findByText('Signed in');
  expect(request).toHaveBeenCalledWith(authEndpoints.signIn, { body: { email: 'sam@example.test', password: 'a good password' } });
});

it('tells a guest sent from the wishlist why to sign in, and that the items saved here join the account (issue 33)', () => {
  renderAt('/signin?redirect=%2Fwishlist');
  const note = screen.getByRole('note', { name: 'Why sign in' });
  expect(note.textContent).toContain('Sign in to see your wishlist.');
  expect(note.textContent).toContain('The 3 items you saved in this browser will be added to your account when you sign in.');
});

it('says one item in the singular, and nothing about items when none are saved here', () => {
  useWishlist.setState({ guestIds: [3] });
  const { unmount } = renderAt('/signin?redirect=%2Fwishlist');
  expect(screen.getByRole('note').textContent).toContain('The 1 item you saved');
  unmount();
  useWishlist.setState({ guestIds: [] });
  renderAt('/signin?redirect=%2Fwishlist');
  expect(screen.getByRole('note').textContent).not.toContain('you saved');
});

it('says nothing of the wishlist on a sign-in for anything else', () => {
  renderAt('/signin?redirect=%2Faccount');
  expect(screen.queryByRole('note')).toBeNull();
});

const home = savedAddress(5, { line1: '2 Shore Road', isDefault: true });
const sam: AccountProfile = { ...samProfile, phone: null, addresses: [home] };

/** My Account in a store whose currency is `currency`, answering the profile and saving addresses as the server does. */
function renderAccount(currency: string) {
  const request = vi.fn(async (endpoint: Endpoint, args?: { body?: Record<string, unknown> }) => {
    if (endpoint === accountEndpoints.saveAddress)
      return { data: { addresses: [home, { ...home, ...args?.body, addressId: 6, isDefault: false }] } };
    throw new Error(`unexpected call ${endpoint.path}`);
  });
  const load = vi.fn(async (endpoint: Endpoint) => {
    if (endpoint === accountEndpoints.getProfile) return { data: sam };
    throw new Error(`unexpected load ${endpoint.path}`);
  });
  const site = { currency: { currencyAbbreviation: currency, currencySymbol: 'kr', currencyRate: 1 } };
  const router = createMemoryRouter(
    [{ id: ROOT_ROUTE_ID, path: '/', loader: () => ({ site }), children: [{ path: 'account', element: <AccountPage /> }] }],
    {
      initialEntries: ['/account'],
      hydrationData: { loaderData: { [ROOT_ROUTE_ID]: { site } } },
    },
  );
  render(
    <AppContext value={{ api: { request, load } as unknown as ApiClient }}>
      <RouterProvider router={router} />
    </AppContext>,
  );
  return request;
}

it('asks a new address’s country from the checkout’s list by name, the store’s first, and names saved countries (issue 33)', async () => {
  useSession.getState().setTokens(null);
  const request = renderAccount('SEK');
  const saved = await screen.findByRole('list', { name: 'Saved addresses' });
  expect(saved.textContent).toBe('Sam Rivera, 2 Shore Road, Leith, United Kingdom');
  fireEvent.click(screen.getByRole('button', { name: 'Add an address' }));
  const country = screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
  // Not a two-letter box: every country by name, the store's own (the krona's: Sweden) first and chosen.
  expect(country.value).toBe('SE');
  const names = within(country)
    .getAllByRole('option')
    .map((option) => option.textContent);
  expect(names[0]).toBe('Sweden');
  expect(names).toContain('United Kingdom');
  expect(names.length).toBeGreaterThan(240);
  expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Sam Rivera');
  fireEvent.change(screen.getByLabelText('Address'), { target: { value: '9 Quay Street' } });
  fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Dublin' } });
  fireEvent.change(country, { target: { value: 'IE' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save the address' }));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Save the address' })).toBeNull());
  expect(request).toHaveBeenCalledWith(accountEndpoints.saveAddress, {
    body: expect.objectContaining({ fullName: 'Sam Rivera', line1: '9 Quay Street', city: 'Dublin', country: 'IE', isDefault: false }),
  });
  expect(screen.getByRole('list', { name: 'Saved addresses' }).textContent).toContain('Sam Rivera, 9 Quay Street, Dublin, Ireland');
});
