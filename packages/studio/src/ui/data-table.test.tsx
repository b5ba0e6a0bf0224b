// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { DataTable, tableColumns, VIRTUAL_FROM, type TableColumn } from './data-table.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

interface Product {
  sku: string;
  name: string;
  stock: number;
}
const column = tableColumns<Product>();
const columns: TableColumn<Product>[] = [
  column.accessor('name', { header: 'Name', sortFn: 'text' }),
  column.accessor('sku', { header: 'SKU', enableSorting: false }),
  column.accessor('stock', { header: 'Stock', sortFn: 'basic', meta: { align: 'end' } }),
];
const products: Product[] = [
  { sku: 'MUG-1', name: 'Stoneware mug', stock: 12 },
  { sku: 'PAN-2', name: 'Cast-iron pan', stock: 3 },
  { sku: 'VAS-3', name: 'Ceramic vase', stock: 40 },
];

/** The table over `rows`, its search kept here as a screen keeps it. */
function Harness({
  rows,
  onOpen = () => {},
  onBack,
  bulk,
  initialSearch = '',
}: {
  rows: readonly Product[] | null;
  onOpen?: (product: Product) => void;
  onBack?: () => void;
  bulk?: (selected: Product[]) => void;
  initialSearch?: string;
}) {
  const [search, setSearch] = useState(initialSearch);
  return (
    <>
      <label>
        Note
        <input />
      </label>
      <DataTable
        label="Products"
        caption="The store's products"
        columns={columns}
        rows={rows}
        rowId={(product) => product.sku}
        rowName={(product) => product.name}
        search={{ value: search, onChange: setSearch, label: 'Search products', placeholder: 'Name or SKU' }}
        empty={{ title: search ? 'No products match' : 'No products yet', hint: 'Add your first product.' }}
        onOpen={onOpen}
        {...(onBack ? { onBack } : {})}
        {...(bulk
          ? {
              bulkActions: (selected: Product[], clear: () => void) => (
                <button
                  type="button"
                  onClick={() => {
                    bulk(selected);
                    clear();
                  }}
                >
                  Archive
                </button>
              ),
            }
          : {})}
      />
    </>
  );
}

const table = () => within(screen.getByRole('region', { name: 'Products' }));
/** The open buttons' words, top to bottom. */
const names = () => [...document.querySelectorAll('[data-open-row]')].map((button) => button.textContent);

it('holds its layout while loading: the headings and skeleton rows, busy, and a status for screen readers', () => {
  render(<Harness rows={null} />);
  expect(
    table()
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Name', 'SKU', 'Stock']);
  const skeletons = document.querySelectorAll('tr[data-skeleton]');
  expect(skeletons).toHaveLength(8);
  expect(skeletons[0]!.querySelectorAll('td')).toHaveLength(3);
  expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
  expect(table().getByRole('status').textContent).toBe('Loading…');
  expect(names()).toEqual([]);
});

it('says what to do when empty, and offers to clear a search that found nothing', () => {
  render(<Harness rows={[]} />);
  expect(table().getByRole('status').textContent).toBe('No products yetAdd your first product.');
  expect(table().queryByRole('button', { name: 'Clear the search' })).toBeNull();
  cleanup();

  render(<Harness rows={[]} initialSearch="teapot" />);
  expect(table().getByText('No products match')).toBeTruthy();
  fireEvent.click(table().getByRole('button', { name: 'Clear the search' }));
  expect(table().getByRole('searchbox', { name: 'Search products' })).toHaveProperty('value', '');
  expect(document.activeElement).toBe(table().getByRole('searchbox', { name: 'Search products' }));
});

it('sorts by a column’s heading, up then down, and says so; a column that does not sort has no button', () => {
  render(<Harness rows={products} />);
  expect(names()).toEqual(['Stoneware mug', 'Cast-iron pan', 'Ceramic vase']);
  const nameHeading = table().getByRole('columnheader', { name: /Name/ });
  expect(nameHeading.getAttribute('aria-sort')).toBeNull();
  fireEvent.click(within(nameHeading).getByRole('button'));
  expect(names()).toEqual(['Cast-iron pan', 'Ceramic vase', 'Stoneware mug']);
  expect(nameHeading.getAttribute('aria-sort')).toBe('ascending');
  fireEvent.click(within(nameHeading).getByRole('button'));
  expect(names()).toEqual(['Stoneware mug', 'Ceramic vase', 'Cast-iron pan']);
  expect(nameHeading.getAttribute('aria-sort')).toBe('descending');

  const stock = table().getByRole('columnheader', { name: /Stock/ });
  fireEvent.click(within(stock).getByRole('button'));
  // A number column sorts by number, the most first, and sorting by it drops the sort by name.
  expect(names()).toEqual(['Ceramic vase', 'Stoneware mug', 'Cast-iron pan']);
  expect(stock.getAttribute('aria-sort')).toBe('descending');
  expect(table().getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBeNull();
  expect(within(table().getByRole('columnheader', { name: 'SKU' })).queryByRole('button')).toBeNull();
});

it('/ focuses the search from anywhere but a field being typed in', () => {
  render(<Harness rows={products} />);
  const search = table().getByRole('searchbox', { name: 'Search products' });
  expect(search.getAttribute('aria-keyshortcuts')).toBe('/');
  const note = screen.getByRole('textbox', { name: 'Note' });
  note.focus();
  fireEvent.keyDown(note, { key: '/' });
  expect(document.activeElement).toBe(note);
  (document.querySelector('[data-open-row]') as HTMLElement).focus();
  const typed = fireEvent.keyDown(document.activeElement!, { key: '/' });
  expect(document.activeElement).toBe(search);
  // The slash itself is not typed into the box.
  expect(typed).toBe(false);
});

it('moves between rows with the arrows, Home and End; Enter opens the row; Escape goes back', () => {
  const onOpen = vi.fn();
  const onBack = vi.fn();
  render(<Harness rows={products} onOpen={onOpen} onBack={onBack} />);
  const [mug, pan, vase] = [...document.querySelectorAll<HTMLElement>('[data-open-row]')];
  mug!.focus();
  fireEvent.keyDown(mug!, { key: 'ArrowDown' });
  expect(document.activeElement).toBe(pan);
  fireEvent.keyDown(pan!, { key: 'End' });
  expect(document.activeElement).toBe(vase);
  fireEvent.keyDown(vase!, { key: 'ArrowDown' });
  expect(document.activeElement).toBe(vase);
  fireEvent.keyDown(vase!, { key: 'Home' });
  expect(document.activeElement).toBe(mug);
  fireEvent.keyDown(mug!, { key: 'ArrowUp' });
  expect(document.activeElement).toBe(mug);
  fireEvent.keyDown(mug!, { key: 'ArrowDown' });
  fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
  expect(onOpen).toHaveBeenCalledExactlyOnceWith(products[1]);
  // A click on the row anywhere opens it too.
  fireEvent.click(within(table().getAllByRole('row')[3]!).getByText('VAS-3'));
  expect(onOpen).toHaveBeenLastCalledWith(products[2]);
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  expect(onBack).toHaveBeenCalledTimes(1);
});

it('selects rows by their boxes (all at once too) and offers the bulk actions for them; clearing lets them go', () => {
  const bulk = vi.fn();
  const onOpen = vi.fn();
  render(<Harness rows={products} bulk={bulk} onOpen={onOpen} />);
  expect(table().queryByRole('region', { name: 'Selected rows' })).toBeNull();
  fireEvent.click(table().getByRole('checkbox', { name: 'Select Cast-iron pan' }));
  // Ticking a box selects the row without opening it.
  expect(onOpen).not.toHaveBeenCalled();
  const bar = () => within(table().getByRole('region', { name: 'Selected rows' }));
  expect(bar().getByText('1 selected')).toBeTruthy();
  expect(table().getAllByRole('row')[2]!.hasAttribute('data-selected')).toBe(true);
  expect(table().getAllByRole('row')[1]!.hasAttribute('data-selected')).toBe(false);
  const all = table().getByRole('checkbox', { name: 'Select all rows shown' }) as HTMLInputElement;
  expect(all.indeterminate).toBe(true);

  fireEvent.click(table().getByRole('checkbox', { name: 'Select Ceramic vase' }));
  expect(bar().getByText('2 selected')).toBeTruthy();
  fireEvent.click(all);
  expect(bar().getByText('3 selected')).toBeTruthy();
  expect(all.checked).toBe(true);
  fireEvent.click(bar().getByRole('button', { name: 'Archive' }));
  expect(bulk).toHaveBeenCalledExactlyOnceWith(products);
  expect(table().queryByRole('region', { name: 'Selected rows' })).toBeNull();

  fireEvent.click(table().getByRole('checkbox', { name: 'Select Ceramic vase' }));
  fireEvent.click(bar().getByRole('button', { name: 'Clear selection' }));
  expect(table().queryByRole('region', { name: 'Selected rows' })).toBeNull();
  expect(table().getByRole('checkbox', { name: 'Select Ceramic vase' })).toHaveProperty('checked', false);
});

it('lets the selection go when the rows change (another page or search)', () => {
  const { rerender } = render(<Harness rows={products} bulk={() => {}} />);
  fireEvent.click(table().getByRole('checkbox', { name: 'Select Stoneware mug' }));
  expect(table().getByText('1 selected')).toBeTruthy();
  act(() => rerender(<Harness rows={products.slice(0, 2)} bulk={() => {}} />));
  expect(table().queryByRole('region', { name: 'Selected rows' })).toBeNull();
});

it(`draws only the rows in view of a long list (from ${VIRTUAL_FROM} rows), with room kept for the rest`, () => {
  // jsdom lays nothing out: the table's scroller is given a browser's 440 px, and each row its 44.
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return this.classList.contains('overflow-auto') ? 440 : 0;
  });
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(44);
  const many = Array.from({ length: 1000 }, (_, i) => ({ sku: `SKU-${i}`, name: `Product ${i}`, stock: i }));
  render(<Harness rows={many} />);
  const drawn = names();
  expect(drawn.length).toBeGreaterThan(0);
  expect(drawn.length).toBeLessThan(50);
  expect(drawn[0]).toBe('Product 0');
  // The rows not drawn keep their height below, so the scrollbar is the whole list's.
  const spacer = [...document.querySelectorAll<HTMLElement>('tbody tr[aria-hidden="true"]')].at(-1)!;
  expect(parseInt(spacer.style.height, 10)).toBeGreaterThan(40_000);
});
