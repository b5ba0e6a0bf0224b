// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { CategorySummary, SectionNode } from '@vitrine/commerce';
import { PageRenderer } from '@vitrine/renderer';
import { ShopProvider, renderRegistry, sectionRegistry, type Shop } from '../index.ts';

afterEach(cleanup);

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
  const search = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
  expect(search.name).toBe('kw');
  expect(search.form?.getAttribute('action')).toBe('/');
  expect(search.form?.getAttribute('method')).toBe('get');
});

it('lists the top-level categories and the owner’s links in a menu that folds on phones', () => {
  renderHeader({});
  const menu = screen.getByRole('navigation', { name: 'Main menu' });
  expect(within(menu).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['Mugs', '/mugs'],
    ['Home', '/'],
    ['Contact', '/contact'],
  ]);
  const toggle = screen.getByRole('button', { name: 'Menu' });
  expect(toggle.getAttribute('aria-controls')).toBe(menu.id);
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(menu.className).toContain('vt-header-nav-open');
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
