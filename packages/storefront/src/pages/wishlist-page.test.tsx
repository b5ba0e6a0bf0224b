// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { sampleCard } from '@vitrine/sections/fixtures';
import { useSession } from '../client/session.ts';
import { useWishlist } from '../client/wishlist.ts';
import { WishlistPage } from './wishlist-page.tsx';

afterEach(cleanup);

const token = `h.${btoa(JSON.stringify({ UserID: '42', WebID: 1, exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`;
const vase = { ...sampleCard, productID: 9, itemName: 'Ceramic Vase', productURL: '/ceramic-vase' };

beforeEach(() => {
  useSession.getState().setTokens({ accessToken: token, refreshToken: 'r' });
  useSession.getState().setUser({ customerId: 42, firstName: 'Sam', lastName: 'Rivera', email: 'sam@example.test', wishlistCount: 2 });
  useWishlist.getState().clearCustomer();
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <WishlistPage />
    </MemoryRouter>,
  );

it('says it is loading until the list is read, then shows the saved products with Remove', () => {
  renderPage();
  expect(screen.getByText('Loading your wishlist…')).toBeTruthy();
  act(() => useWishlist.setState({ products: [vase, sampleCard], settledIds: [9, 7], savedIds: [9, 7], pending: [] }));
  const saved = screen.getByRole('list', { name: 'Saved products' });
  expect(
    within(saved)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent),
  ).toEqual(['Ceramic Vase', 'Stoneware Mug']);
  expect(screen.getByText('2 saved products')).toBeTruthy();

  // Remove takes the card away at once and counts one fewer in the header, before the server answers.
  fireEvent.click(within(saved).getByRole('button', { name: 'Remove Ceramic Vase from wishlist' }));
  expect(
    within(saved)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent),
  ).toEqual(['Stoneware Mug']);
  expect(useSession.getState().user?.wishlistCount).toBe(1);
});

it('says an empty wishlist plainly, with the way back to the shop', () => {
  useWishlist.setState({ products: [], pending: [] });
  renderPage();
  expect(screen.getByText('Your wishlist is empty.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
});

it('offers to try again when the list could not be read', () => {
  renderPage();
  // The page asks on opening; that read fails.
  expect(useWishlist.getState().pending).toEqual([{ kind: 'refresh' }]);
  act(() => useWishlist.setState({ pending: [], loadFailed: true }));
  expect(screen.getByRole('alert').textContent).toBe('Your wishlist could not be loaded just now.');
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(useWishlist.getState().pending).toEqual([{ kind: 'refresh' }]);
  expect(screen.getByText('Loading your wishlist…')).toBeTruthy();
});
