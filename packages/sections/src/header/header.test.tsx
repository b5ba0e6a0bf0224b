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
const espresso: CategorySummary = {
  categoryID: 9,
  parentID: 4,
  name: 'Espresso cups',
  slug: 'espresso-cups',
  imageFile: null,
  productCount: 3,
};

function renderHeader(
  shop: Partial<Shop>,
  settings: Record<string, unknown> = {},
  { categories = [mugs], navigate }: { categories?: CategorySummary[]; navigate?: (to: string) => void } = {},
) {
  const created = sectionRegistry[1].create('h');
  const header: SectionNode = { ...created, settings: { ...created.settings, ...settings } };
  const page = (
    <ShopProvider value={shop}>
      <PageRenderer registry={renderRegistry} sections={[header]} data={{ h: categories }} />
    </ShopProvider>
  );
  return render(navigate ? <NavigationProvider navigate={navigate}>{page}</NavigationProvider> : page);
}

const suggestMug = async () => ({
  products: [{ name: 'Stoneware Mug', url: '/stoneware-mug', imageFile: null, price: 2800 }],
  categories: [{ name: 'Kitchen', url: '/kitchen' }],
});

it('links to the cart and wishlist with their counts, and to sign-in for a guest', () => {
  renderHeader({ storeTitle: 'North Clay', cartCount: 3, wishlistCount: 1, isSignedIn: false });
  const banner = screen.getByRole('banner');
  expect(within(banner).getByRole('link', { name: 'North Clay' }).getAttribute('href')).toBe('/');
  expect(screen.getByRole('link', { name: 'Cart, 3 items' }).getAttribute('href')).toBe('/cart');
  expect(screen.getByRole('link', { name: 'Wishlist, 1 item' }).getAttribute('href')).toBe('/wishlist');
  // The row's icon, and the phone menu's link (each shown at its widths).
  expect(screen.getAllByRole('link', { name: 'Sign in' }).map((a) => a.getAttribute('href'))).toEqual(['/signin', '/signin']);
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
      products: [{ name: 'Stoneware Mug', url: '/stoneware-mug', imageFile: null, price: null }],
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

it('closes the phone menu when a search is made from it: Enter, the search button, or a suggestion (issue 33)', async () => {
  const navigate = vi.fn();
  renderHeader({ suggest: suggestMug }, {}, { navigate });
  const toggle = screen.getByRole('button', { name: 'Menu' });

  fireEvent.click(toggle);
  const search = within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('combobox', { name: 'Search' });
  fireEvent.change(search, { target: { value: 'mug' } });
  fireEvent.submit((search as HTMLInputElement).form!);
  expect(navigate).toHaveBeenLastCalledWith('/search?kw=mug');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(toggle.getAttribute('aria-expanded')).toBe('false');

  fireEvent.click(toggle);
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Search' }));
  expect(navigate).toHaveBeenCalledTimes(2);
  expect(screen.queryByRole('dialog')).toBeNull();

  fireEvent.click(toggle);
  fireEvent.change(search, { target: { value: 'stoneware' } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: /Stoneware Mug/ }));
  expect(navigate).toHaveBeenLastCalledWith('/stoneware-mug');
  expect(screen.queryByRole('dialog')).toBeNull();
});

it('closes the suggestions when Enter searches the typed words, and shows each product’s price (issue 33)', async () => {
  const navigate = vi.fn();
  renderHeader({ suggest: suggestMug }, {}, { navigate });
  const search = screen.getByRole('combobox', { name: 'Search' });
  search.focus();
  fireEvent.change(search, { target: { value: 'mug' } });
  const option = await screen.findByRole('option', { name: /Stoneware Mug/ });
  expect(option.textContent).toBe('Stoneware Mug$28');
  fireEvent.keyDown(search, { key: 'Enter' });
  fireEvent.submit((search as HTMLInputElement).form!);
  expect(navigate).toHaveBeenCalledWith('/search?kw=mug');
  expect(screen.queryByRole('listbox')).toBeNull();
  expect(search.getAttribute('aria-expanded')).toBe('false');
  // Still shut once the suggestion asked for before Enter would have come back.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(screen.queryByRole('listbox')).toBeNull();
});

it('keeps the searched words in the box on the results page (issue 33)', () => {
  const { rerender } = renderHeader({ searchKeywords: 'blue mug' });
  const search = screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement;
  expect(search.value).toBe('blue mug');
  const created = sectionRegistry[1].create('h');
  rerender(
    <ShopProvider value={{ searchKeywords: 'teapot' }}>
      <PageRenderer registry={renderRegistry} sections={[created]} data={{ h: [mugs] }} />
    </ShopProvider>,
  );
  expect(search.value).toBe('teapot');
});

it('opens the search on a phone from the row’s icon without opening the menu (issue 33)', () => {
  renderHeader({});
  const toggle = screen.getByRole('button', { name: 'Menu' });
  const drawer = document.getElementById(toggle.getAttribute('aria-controls')!)!;
  fireEvent.click(screen.getByRole('button', { name: 'Open search' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  // The drawer shows only its search field, under the row (sections.css), and the field has the focus.
  expect(drawer.className).toContain('vt-header-drawer-searching');
  expect(drawer.className).not.toContain('vt-header-drawer-open');
  expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Search' }));
  // Opening the menu puts the search away.
  fireEvent.click(toggle);
  expect(drawer.className).not.toContain('vt-header-drawer-searching');
  expect(screen.getByRole('button', { name: 'Open search' }).getAttribute('aria-expanded')).toBe('false');
});

it('lists sub-categories under their category and the account in the phone menu (issue 33)', () => {
  renderHeader({ isSignedIn: true }, {}, { categories: [mugs, espresso] });
  fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
  const dialog = screen.getByRole('dialog', { name: 'Menu' });
  const sub = within(dialog).getByRole('list', { name: 'Mugs' });
  expect(within(sub).getByRole('link', { name: 'Espresso cups' }).getAttribute('href')).toBe('/espresso-cups');
  expect(within(dialog).getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/account');
  cleanup();
  renderHeader({ isSignedIn: false });
  fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
  expect(within(screen.getByRole('dialog')).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
});
