// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { useSession } from '../client/session.ts';
import { useWishlist } from '../client/wishlist.ts';
import { SignInPage } from './account-pages.tsx';

afterEach(cleanup);

beforeEach(() => {
  useSession.getState().setTokens(null);
  useWishlist.setState({ guestIds: [3, 8, 21] });
});

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <SignInPage />
    </MemoryRouter>,
  );

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
