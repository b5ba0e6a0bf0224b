// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeStudioServer } from '../api/fake-server.fixture.ts';
import { signedInStudio, stubNativeDialog } from '../studio-app.fixture.tsx';

let server: ReturnType<typeof fakeStudioServer>;
beforeEach(() => {
  server = fakeStudioServer();
  stubNativeDialog();
});
afterEach(cleanup);

/** Opens the studio at a products address and waits for the list's rows. */
async function openProducts(at = '/editor/products') {
  const studio = await signedInStudio(server, { at });
  await screen.findByRole('region', { name: 'Product list' }, { timeout: 5000 });
  await waitFor(() => expect(screen.queryAllByRole('row').some((row) => row.querySelector('[data-skeleton]'))).toBe(false));
  return studio;
}

const list = () => screen.getByRole('region', { name: 'Product list' });
/** The product names the list shows, top to bottom. */
const names = () => [...list().querySelectorAll('[data-open-row]')].map((button) => button.textContent);
/** The last query GetProducts was asked, without the page size every call gives. */
const lastAsked = () => {
  const params = new URLSearchParams(server.productQueries.at(-1));
  expect(params.get('pageSize')).toBe('25');
  params.delete('pageSize');
  return params.toString();
};
const address = (studio: Awaited<ReturnType<typeof openProducts>>) =>
  `${studio.router.state.location.pathname}${studio.router.state.location.search}`;

it('lists the products with their picture, status, stock marks, price, category, brand and variants', async () => {
  await openProducts();
  await waitFor(() => expect(names()).toHaveLength(25));
  expect(names().slice(0, 4)).toEqual(['Cast-iron pan', 'Chef knife', 'Bread knife', 'Crème brûlée torch']);
  const [pan, , bread, torch] = within(list()).getAllByRole('row').slice(1);
  const cells = (row: HTMLElement) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
  // The box, then the product, status, stock, price, category, brand and variants.
  expect(cells(pan!).slice(1)).toEqual(['Cast-iron pan', 'Active', 'Low stock3', '25', 'Pans', 'Acme', '2']);
  expect(pan!.querySelector('img')!.getAttribute('src')).toBe('/_img/f_webp,w_80,h_80,fit_cover/media/products/pan.webp');
  expect(cells(bread!).slice(1)).toEqual(['Bread knife', 'Draft', 'Out of stock0', '10', 'Kitchen', '—', '0']);
  expect(cells(torch!).slice(1)).toEqual(['Crème brûlée torch', 'Archived', '40', '18.50', '—', 'Birch & Co', '0']);
  expect(within(list()).getByText('1–25 of 30')).toBeTruthy();
});

it('keeps search, filters, sort and page in the address and asks GetProducts for them; back and forward follow', async () => {
  const studio = await openProducts();
  const search = screen.getByRole('searchbox', { name: 'Search products' });
  fireEvent.change(search, { target: { value: 'kni' } });
  fireEvent.change(search, { target: { value: 'knife' } });
  await waitFor(() => expect(names()).toEqual(['Chef knife', 'Bread knife']));
  expect(address(studio)).toBe('/editor/products?q=knife');
  // Asked once the typing stopped: the first list, then the search.
  expect(server.productQueries).toHaveLength(2);
  expect(lastAsked()).toBe('q=knife&page=1');

  fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'draft' } });
  await waitFor(() => expect(names()).toEqual(['Bread knife']));
  expect(address(studio)).toBe('/editor/products?q=knife&status=draft');
  expect(lastAsked()).toBe('q=knife&status=draft&page=1');

  act(() => void studio.router.navigate(-1));
  await waitFor(() => expect(names()).toEqual(['Chef knife', 'Bread knife']));
  expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('');
  act(() => void studio.router.navigate(-1));
  await waitFor(() => expect(names()).toHaveLength(25));
  expect((screen.getByRole('searchbox', { name: 'Search products' }) as HTMLInputElement).value).toBe('');
  act(() => void studio.router.navigate(1));
  await waitFor(() => expect(names()).toEqual(['Chef knife', 'Bread knife']));
  expect((screen.getByRole('searchbox', { name: 'Search products' }) as HTMLInputElement).value).toBe('knife');
});

it('sorts the whole list by a heading and pages it, with an estimate past the count limit', async () => {
  server.catalogue.countLimit = 25;
  const studio = await openProducts();
  expect(within(list()).getByText('1–25 of 25+')).toBeTruthy();
  fireEvent.click(within(list()).getByRole('button', { name: /^Price/ }));
  await waitFor(() => expect(address(studio)).toMatch(/sort=price/));
  const sort = new URLSearchParams(studio.router.state.location.search).get('sort')!;
  await waitFor(() => expect(lastAsked()).toBe(`sort=${sort}&page=1`));
  // The cheapest or the dearest first, as the heading says: the server sorted all 30, not the page shown.
  const expected = sort === 'price' ? 'Bread knife' : 'Chef knife';
  await waitFor(() => expect(names()[0]).toBe(expected));
  expect(within(list()).getByRole('columnheader', { name: /Price/ }).getAttribute('aria-sort')).toBe(
    sort === 'price' ? 'ascending' : 'descending',
  );

  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(names()).toHaveLength(5));
  expect(address(studio)).toBe(`/editor/products?sort=${sort}&page=2`);
  expect(lastAsked()).toBe(`sort=${sort}&page=2`);
  expect(within(list()).getByText('26–30 of 25+')).toBeTruthy();
  act(() => void studio.router.navigate(-1));
  await waitFor(() => expect(names()).toHaveLength(25));
  expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
});

it('opens at a shared address with its filters, and filters by category (with those under it), brand and stock', async () => {
  const studio = await openProducts('/editor/products?category=1&brand=5');
  await waitFor(() => expect(names()).toEqual(['Cast-iron pan', 'Chef knife']));
  expect(lastAsked()).toBe('category=1&brand=5&page=1');
  await waitFor(() => expect(screen.getByRole('option', { name: 'Kitchen › Cookware › Pans' })).toBeTruthy());
  expect((screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement).value).toBe('1');
  expect((screen.getByRole('combobox', { name: 'Brand' }) as HTMLSelectElement).value).toBe('5');
  fireEvent.change(screen.getByRole('combobox', { name: 'Stock' }), { target: { value: 'low' } });
  await waitFor(() => expect(names()).toEqual(['Cast-iron pan']));
  expect(address(studio)).toBe('/editor/products?category=1&brand=5&stock=low');
  fireEvent.change(screen.getByRole('combobox', { name: 'Stock' }), { target: { value: 'out' } });
  expect(await screen.findByText('No products match these filters')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
  await waitFor(() => expect(names()).toHaveLength(25));
  expect(address(studio)).toBe('/editor/products');
});

it('says when a search finds nothing, and when the store has no products yet', async () => {
  await openProducts('/editor/products?q=zzz');
  expect(await screen.findByText('No product matches “zzz”')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
  await waitFor(() => expect(names()).toHaveLength(25));
  cleanup();

  server = fakeStudioServer();
  server.catalogue.products = [];
  await signedInStudio(server, { at: '/editor/products' });
  expect(await screen.findByText('No products yet', {}, { timeout: 5000 })).toBeTruthy();
  expect(screen.getAllByRole('link', { name: 'Add product' }).map((link) => link.getAttribute('href'))).toContain('/editor/products/new');
});

it('publishes, moves and deletes the selected products, asking with the count before deleting, then reloads', async () => {
  const studio = await openProducts();
  const select = (name: string) => fireEvent.click(within(list()).getByRole('checkbox', { name: `Select ${name}` }));
  select('Bread knife');
  select('Crème brûlée torch');
  fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
  expect(await screen.findByText('2 products published.')).toBeTruthy();
  expect(server.calls.filter((c) => c.path === 'BulkProducts').at(-1)!.body).toEqual({ productIds: [13, 14], action: 'publish' });
  await waitFor(() => expect(within(within(list()).getAllByRole('row')[3]!).getByText('Active')).toBeTruthy());
  expect(server.productQueries).toHaveLength(2);
  await waitFor(() => expect(list().querySelector('[aria-busy="true"]')).toBeNull());

  select('Chef knife');
  // The categories come with the catalogue's choices, which a busy machine may answer after the rows.
  await waitFor(() =>
    expect(
      within(screen.getByRole('combobox', { name: 'Move to category' })).getByRole('option', { name: 'Kitchen › Cookware › Pans' }),
    ).toBeTruthy(),
  );
  fireEvent.change(screen.getByRole('combobox', { name: 'Move to category' }), { target: { value: '4' } });
  fireEvent.click(screen.getByRole('button', { name: 'Move' }));
  expect(await screen.findByText('1 product moved to Kitchen › Cookware › Pans.')).toBeTruthy();
  expect(server.catalogue.products.find((p) => p.id === 11)!.categoryId).toBe(4);
  await waitFor(() => expect(server.productQueries).toHaveLength(3));
  await waitFor(() => expect(list().querySelector('[aria-busy="true"]')).toBeNull());

  select('Cast-iron pan');
  select('Chef knife');
  fireEvent.click(screen.getByRole('button', { name: 'Delete…' }));
  const question = screen.getByRole('group', { name: 'Delete 2 products? This cannot be undone.' });
  expect(server.calls.filter((c) => c.path === 'BulkProducts')).toHaveLength(2);
  fireEvent.click(within(question).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('2 products deleted.')).toBeTruthy();
  await waitFor(() => expect(names().slice(0, 2)).toEqual(['Bread knife', 'Crème brûlée torch']));
  expect(server.catalogue.products.map((p) => p.id)).not.toContain(12);
  expect(address(studio)).toBe('/editor/products');
});

it('opens a product with Enter on its row', async () => {
  const studio = await openProducts();
  const button = within(list()).getByRole('button', { name: 'Chef knife' });
  button.focus();
  fireEvent.keyDown(button, { key: 'Enter' });
  await waitFor(() => expect(studio.router.state.location.pathname).toBe('/editor/products/11'));
  expect(await screen.findByRole('form', { name: 'Product Chef knife' }, { timeout: 5000 })).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Product', level: 1 })).toBeTruthy();
});
