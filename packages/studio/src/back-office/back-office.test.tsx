// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeStudioServer } from '../api/fake-server.fixture.ts';
import { signedInStudio, stubNativeDialog } from '../studio-app.fixture.tsx';

let server: ReturnType<typeof fakeStudioServer>;
beforeEach(() => {
  // As the server titles /editor (§2.7).
  document.title = 'Editor | Shop';
  server = fakeStudioServer();
  stubNativeDialog();
  // jsdom draws no canvas: the analytics charts are left out, as they are when uPlot cannot load.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const nav = () => within(screen.getByRole('navigation', { name: 'Back office' }));
/** The navigation's links as shown, the current one starred. */
const links = () =>
  nav()
    .getAllByRole('link')
    .map((link) => `${link.textContent}${link.getAttribute('aria-current') === 'page' ? ' *' : ''}`);
const outline = () => screen.queryByRole('list', { name: 'Page sections' });

it.each([
  ['/editor/products', 'Products', () => screen.findByRole('region', { name: 'Product list' })],
  ['/editor/categories', 'Categories', () => screen.findByRole('list', { name: 'Categories' })],
  ['/editor/categories/3', 'Categories', () => screen.findByRole('form', { name: 'Category Garden' })],
  ['/editor/brands', 'Brands', () => screen.findByRole('region', { name: 'Brand list' })],
  ['/editor/attributes', 'Attributes', () => screen.findByRole('region', { name: 'Attribute list' })],
  ['/editor/inventory', 'Inventory', () => screen.findByRole('region', { name: 'Stock list' })],
  ['/editor/orders', 'Orders', () => screen.findByRole('region', { name: 'Order list' })],
  ['/editor/orders/ORDER00000000001', 'Orders', () => screen.findByRole('heading', { name: 'Order ORDER00000000001' })],
  ['/editor/analytics', 'Analytics', () => screen.findByRole('table', { name: 'Top pages' })],
  ['/editor/redirects', 'Redirects', () => screen.findByRole('cell', { name: '/old-mug' })],
])('%s opens its screen, marked in the navigation, without starting the page editor', async (address, title, content) => {
  await signedInStudio(server, { at: address });
  expect(await screen.findByRole('main', { name: title })).toBeTruthy();
  expect(await content()).toBeTruthy();
  expect(links()).toEqual(
    ['Pages & design', 'Products', 'Categories', 'Brands', 'Attributes', 'Inventory', 'Orders', 'Analytics', 'Redirects'].map((name) =>
      name === title ? `${name} *` : name,
    ),
  );
  expect(document.title).toBe(`${title} | Shop`);
  expect(outline()).toBeNull();
  expect(server.calls.some((call) => call.path === 'GetPages')).toBe(false);
});

it('an address under /editor that is no screen says so and leads back', async () => {
  const studio = await signedInStudio(server, { at: '/editor/nowhere' });
  expect(await screen.findByText('There is no screen at this address.')).toBeTruthy();
  expect(links().some((link) => link.endsWith('*'))).toBe(false);
  fireEvent.click(screen.getByRole('link', { name: 'your pages' }));
  expect(await screen.findByRole('list', { name: 'Page sections' }, { timeout: 5000 })).toBeTruthy();
  expect(studio.router.state.location.pathname).toBe('/editor');
});

it('back and forward move between the editor and the screens, each drawn again as it was left', async () => {
  const studio = await signedInStudio(server);
  fireEvent.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Orders' }));
  await screen.findByRole('region', { name: 'Order list' }, { timeout: 5000 });
  expect(document.title).toBe('Orders | Shop');
  fireEvent.click(nav().getByRole('link', { name: 'Analytics' }));
  await screen.findByRole('main', { name: 'Analytics' }, { timeout: 5000 });
  // The screen opened from the navigation is announced by its title.
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Analytics', level: 1 })));

  await act(() => studio.router.navigate(-1));
  expect(await screen.findByRole('main', { name: 'Orders' })).toBeTruthy();
  expect(links()).toContain('Orders *');
  await act(() => studio.router.navigate(-1));
  expect(studio.router.state.location.pathname).toBe('/editor');
  expect(document.title).toBe('Editor | Shop');
  expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  expect(outline()).not.toBeNull();
  await act(() => studio.router.navigate(1));
  expect(await screen.findByRole('main', { name: 'Orders' })).toBeTruthy();
  // The editor behind is hidden, not gone.
  expect(outline()).toBeNull();
  expect(screen.queryByRole('list', { name: 'Page sections', hidden: true })).not.toBeNull();
  await act(() => studio.router.navigate(1));
  expect(await screen.findByRole('main', { name: 'Analytics' })).toBeTruthy();
  // The page was loaded once, however often the editor was shown.
  expect(server.calls.filter((call) => call.path === 'GetPages')).toHaveLength(1);
});

it('the navigation is used by keyboard: the arrows, Home and End move between its links, which wrap at the ends', async () => {
  await signedInStudio(server, { at: '/editor/orders' });
  const [pages, , , , , , orders, analytics, redirects] = nav().getAllByRole('link');
  expect(pages!.getAttribute('href')).toBe('/editor');
  orders!.focus();
  fireEvent.keyDown(orders!, { key: 'ArrowDown' });
  expect(document.activeElement).toBe(analytics);
  fireEvent.keyDown(analytics!, { key: 'End' });
  expect(document.activeElement).toBe(redirects);
  fireEvent.keyDown(redirects!, { key: 'ArrowDown' });
  expect(document.activeElement).toBe(pages);
  fireEvent.keyDown(pages!, { key: 'ArrowUp' });
  expect(document.activeElement).toBe(redirects);
  fireEvent.keyDown(redirects!, { key: 'Home' });
  expect(document.activeElement).toBe(pages);
  // Only the current screen is marked, and it moves with the screen.
  fireEvent.click(redirects!);
  await screen.findByRole('main', { name: 'Redirects' }, { timeout: 5000 });
  expect(links()).toEqual([
    'Pages & design',
    'Products',
    'Categories',
    'Brands',
    'Attributes',
    'Inventory',
    'Orders',
    'Analytics',
    'Redirects *',
  ]);
});
