// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { CategorySummary, SectionNode } from '@vitrine/commerce';
import { NavigationProvider, PageRenderer } from '@vitrine/renderer';
import { ShopProvider, renderRegistry, sectionRegistry, type Shop } from '../index.ts';

afterEach(cleanup);

// jsdom has no media queries: a phone-width window, whose width never changes.
beforeEach(() => {
  window.matchMedia = (media: string) => ({
    matches: false,
    media,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  });
});

const usd = { currencyAbbreviation: 'USD', currencySymbol: '$', currencyRate: 1 };
const eur = { currencyAbbreviation: 'EUR', currencySymbol: '€', currencyRate: 0.92 };
const mugs: CategorySummary = { categoryID: 4, parentID: null, name: 'Mugs', slug: 'mugs', imageFile: null, productCount: 12 };

function renderHeader(shop: Partial<Shop>, settings: Record<string, unknown> = {}) {
  const created = sectionRegistry[1].create('h');
  const header: SectionNode = { ...created, settings: { ...created.settings, ...settings } };
  return render(
    <ShopProvider value={shop}>
      <PageRenderer registry={renderRegistry} sections={[header]} data={{ h: [mugs] }} />
    </ShopProvider>,
  );
}

it('links to the cart and wishlist with their counts, and to sign-in for a guest', () => {
  renderHeader({ storeTitle: 'North Clay', cartCount: 3, wishlistCount: 1, isSignedIn: false });
  const banner = screen.getByRole('banner');
  expect(within(banner).getByRole('link', { name: 'North Clay' }).getAttribute('href')).toBe('/');
  expect(screen.getByRole('link', { name: 'Cart, 3 items' }).getAttribute('href')).toBe('/cart');
  expect(screen.getByRole('link', { name: 'Wishlist, 1 item' }).getAttribute('href')).toBe('/wishlist');
  expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
});

it('links a signed-in shopper to their account', () => {
  renderHeader({ isSignedIn: true, cartCount: 0 });
  expect(screen.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
  expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeTruthy();
});

it('offers a labelled currency picker that reports the choice', () => {
  const onCurrencyChange = vi.fn();
  renderHeader({ currencies: [usd, eur], currency: usd, onCurrencyChange });
  const picker = screen.getByLabelText('Currency') as HTMLSelectElement;
  expect(picker.tagName).toBe('SELECT');
  expect(picker.value).toBe('USD');
  expect([...picker.options].map((o) => o.textContent)).toEqual(['USD $', 'EUR €']);
  fireEvent.change(picker, { target: { value: 'EUR' } });
  expect(onCurrencyChange).toHaveBeenCalledWith('EUR');
});

it('has no currency picker when there is nothing to choose', () => {
  renderHeader({ currencies: [usd] });
  expect(screen.queryByLabelText('Currency')).toBeNull();
});

it('searches with the listing’s kw key', () => {
  renderHeader({});
  const search = screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement;
  expect(search.name).toBe('kw');
  expect(search.form?.getAttribute('action')).toBe('/search');
  expect(search.form?.getAttribute('method')).toBe('get');
});

it('lists the top-level categories and the owner’s links in a menu that folds into a drawer on phones', () => {
  renderHeader({});
  const menu = screen.getByRole('navigation', { name: 'Main menu' });
  expect(
    within(menu)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]),
  ).toEqual([
    ['Mugs', '/mugs'],
    ['Home', '/'],
    ['Contact', '/contact'],
  ]);
  const toggle = screen.getByRole('button', { name: 'Menu' });
  const drawer = document.getElementById(toggle.getAttribute('aria-controls')!)!;
  expect(drawer.contains(menu)).toBe(true);
  expect(drawer.contains(screen.getByRole('combobox', { name: 'Search' }))).toBe(true);
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByRole('dialog')).toBeNull();
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(screen.getByRole('dialog', { name: 'Menu' })).toBe(drawer);
});

it('closes the drawer on Escape and gives the focus back to the Menu button (issue 13)', () => {
  renderHeader({});
  const toggle = screen.getByRole('button', { name: 'Menu' });
  fireEvent.click(toggle);
  const dialog = screen.getByRole('dialog', { name: 'Menu' });
  expect(dialog.contains(document.activeElement)).toBe(true);
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(toggle);
});

it('closes the drawer when a link in it is followed, and from its Close button', () => {
  renderHeader({});
  const toggle = screen.getByRole('button', { name: 'Menu' });
  fireEvent.click(toggle);
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Mugs' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  fireEvent.click(toggle);
  fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(toggle);
});

it('opens the search from its button, focused, and closes it on Escape', () => {
  renderHeader({});
  const open = screen.getByRole('button', { name: 'Open search' });
  expect(open.getAttribute('aria-controls')).toBe(screen.getByRole('search').id);
  fireEvent.click(open);
  expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Search' }));
  expect(screen.getByRole('search').className).toContain('vt-header-search-open');
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  expect(screen.getByRole('search').className).not.toContain('vt-header-search-open');
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open search' }));
});

it('leaves categories out when the owner turns them off', () => {
  renderHeader({}, { show_categories: false });
  expect(within(screen.getByRole('navigation', { name: 'Main menu' })).queryByRole('link', { name: 'Mugs' })).toBeNull();
});

it('shows the logo, described by the store name unless the owner describes it', () => {
  renderHeader({ storeTitle: 'North Clay' }, { logo: '/media/1/logo.webp' });
  const logo = screen.getByRole('img', { name: 'North Clay' });
  expect(logo.className).toContain('vt-logo');
  expect(logo.getAttribute('width')).toBeTruthy();
  expect(logo.getAttribute('height')).toBeTruthy();
});

it('suggests products and categories as the shopper types, and arrows and Enter follow one', async () => {
  const asked: string[] = [];
  const suggest = async (kw: string) => {
    asked.push(kw);
    return {
      products: [{ name: 'Stoneware Mug', url: '/stoneware-mug', imageFile: null }],
      categories: [{ name: 'Kitchen', url: '/kitchen' }],
    };
  };
  const navigate = vi.fn();
  const created = sectionRegistry[1].create('h');
  render(
    <NavigationProvider navigate={navigate}>
      <ShopProvider value={{ suggest }}>
        <PageRenderer registry={renderRegistry} sections={[created]} data={{ h: [] }} />
      </ShopProvider>
    </NavigationProvider>,
  );
  const search = screen.getByRole('combobox', { name: 'Search' });
  fireEvent.change(search, { target: { value: 's' } });
  fireEvent.change(search, { target: { value: 'stonware' } });
  const list = await screen.findByRole('listbox', { name: 'Suggestions' });
  // One question, for what was typed once the typing paused.
  expect(asked).toEqual(['stonware']);
  expect(
    within(list)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Stoneware Mug', 'KitchenCategory']);
  expect(search.getAttribute('aria-expanded')).toBe('true');
  fireEvent.keyDown(search, { key: 'ArrowDown' });
  fireEvent.keyDown(search, { key: 'ArrowDown' });
  expect(search.getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[1]!.id);
  fireEvent.keyDown(search, { key: 'Enter' });
  expect(navigate).toHaveBeenCalledWith('/kitchen');
});
