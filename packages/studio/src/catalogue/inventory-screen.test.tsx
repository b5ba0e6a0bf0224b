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

const inventory = () => server.catalogueScreens.inventory;
const list = () => screen.getByRole('region', { name: 'Stock list' });
/** Each row as shown: product, variant, SKU, level, and the count in its box. */
const rows = () =>
  within(list())
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      return [...cells.slice(0, 4).map((cell) => cell.textContent), cells[4]!.querySelector('input')!.value];
    });
const box = (name: string) => screen.getByRole('textbox', { name: `Stock of ${name}` }) as HTMLInputElement;
const sent = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.body);

async function openInventory(at = '/editor/inventory') {
  const studio = await signedInStudio(server, { at });
  await screen.findByRole('region', { name: 'Stock list' }, { timeout: 5000 });
  await waitFor(() => expect(list().querySelector('[data-skeleton]')).toBeNull(), { timeout: 5000 });
  return studio;
}

it('lists every variant’s and variant-less product’s stock with its level', async () => {
  await openInventory();
  expect(rows()).toEqual([
    ['Bread knife', '—', 'KN-BR', 'Out of stock', '0'],
    ['Cast-iron pan', '24 cm', 'PAN-CI-24', 'Out of stock', '0'],
    ['Cast-iron pan', '28 cm', 'PAN-CI-28', 'Low stock', '3'],
    ['Chef knife', '—', 'KN-CH', 'In stock', '12'],
    ['Garden trowel', '—', 'TR-5', 'Not tracked', '0'],
  ]);
});

it('saves a count typed in place with Enter, sending the count it was read at; Escape puts a typed count back', async () => {
  await openInventory();
  fireEvent.change(box('Cast-iron pan, 28 cm'), { target: { value: '40' } });
  fireEvent.keyDown(box('Cast-iron pan, 28 cm'), { key: 'Enter' });
  await waitFor(() => expect(rows()[2]).toEqual(['Cast-iron pan', '28 cm', 'PAN-CI-28', 'In stock', '40']));
  expect(sent('SetStock')).toEqual([{ items: [{ productId: 12, variantId: 31, stock: 40, expected: 3 }] }]);
  expect(screen.getByText('Stock of Cast-iron pan, 28 cm saved: 40.')).toBeTruthy();

  fireEvent.change(box('Chef knife'), { target: { value: '7' } });
  fireEvent.keyDown(box('Chef knife'), { key: 'Escape' });
  expect(box('Chef knife').value).toBe('12');
  fireEvent.blur(box('Chef knife'));
  expect(sent('SetStock')).toHaveLength(1);

  // Leaving the box saves too.
  fireEvent.change(box('Bread knife'), { target: { value: '5' } });
  fireEvent.blur(box('Bread knife'));
  await waitFor(() => expect(rows()[0]).toEqual(['Bread knife', '—', 'KN-BR', 'Low stock', '5']));
  expect(sent('SetStock').at(-1)).toEqual({ items: [{ productId: 13, variantId: null, stock: 5, expected: 0 }] });
});

it('says at the cell what is wrong with a count, and sends nothing that is not a whole number', async () => {
  await openInventory();
  fireEvent.change(box('Chef knife'), { target: { value: '-2' } });
  fireEvent.keyDown(box('Chef knife'), { key: 'Enter' });
  expect(box('Chef knife').getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText('Stock must be a whole number, 0 or more.').id).toBe(box('Chef knife').getAttribute('aria-describedby'));
  expect(sent('SetStock')).toHaveLength(0);
});

it('refuses a count an order moved since it was read, says so at the cell, and shows the count there is now', async () => {
  await openInventory();
  // An order takes one 28 cm pan after the list was read.
  inventory().items.find((item) => item.variantId === 31)!.stock = 2;
  fireEvent.change(box('Cast-iron pan, 28 cm'), { target: { value: '10' } });
  fireEvent.keyDown(box('Cast-iron pan, 28 cm'), { key: 'Enter' });
  expect(
    await screen.findByText(
      'Cast-iron pan (28 cm) has 2 in stock now, not the 3 you saw (an order moved it since), so nothing was saved. Check the count and set it again. The box shows the count there is now.',
    ),
  ).toBeTruthy();
  await waitFor(() => expect(box('Cast-iron pan, 28 cm').value).toBe('2'));
  expect(inventory().items.find((item) => item.variantId === 31)!.stock).toBe(2);
});

it('lists what is under the threshold with Low stock, kept in the address, and saves the threshold', async () => {
  const studio = await openInventory();
  fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'low' } });
  await waitFor(() =>
    expect(rows().map((row) => `${row[0]} ${row[1]}`)).toEqual(['Bread knife —', 'Cast-iron pan 24 cm', 'Cast-iron pan 28 cm']),
  );
  expect(studio.router.state.location.search).toBe('?level=low');
  expect(screen.getByRole('option', { name: 'Low stock (5 or fewer)' })).toBeTruthy();

  fireEvent.change(screen.getByLabelText('Low at or under'), { target: { value: '2' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save threshold' }));
  await waitFor(() => expect(rows().map((row) => `${row[0]} ${row[1]}`)).toEqual(['Bread knife —', 'Cast-iron pan 24 cm']));
  expect(sent('SaveStockSettings')).toEqual([{ lowStockThreshold: 2 }]);
  expect(screen.getByText('Stock is low at 2 or fewer.')).toBeTruthy();

  act(() => void studio.router.navigate(-1));
  await waitFor(() => expect(rows()).toHaveLength(5));
});

it('shows the ledger newest first with why, who and when, at its own address', async () => {
  const studio = await openInventory();
  fireEvent.click(screen.getByRole('link', { name: 'Movements' }));
  const ledger = await screen.findByRole('region', { name: 'Stock movements' }, { timeout: 5000 });
  expect(studio.router.state.location.pathname).toBe('/editor/inventory/movements');
  await waitFor(() => expect(within(ledger).getAllByRole('row')).toHaveLength(4));
  const cells = (at: number) =>
    within(within(ledger).getAllByRole('row')[at]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
  expect(cells(1)[0]).toBe('Cast-iron pan, 28 cm');
  expect(cells(1)[1]).toMatch(/^Mar 2[78], 2025/);
  expect(cells(1).slice(2)).toEqual(['−2', '3', 'Order placedORDER00000000001', 'ada@example.test']);
  expect(cells(2).slice(2)).toEqual(['+4', '5', 'Correction', 'Hana']);
  expect(cells(3).slice(2)).toEqual(['+1', '1', 'Import', 'Hana (CSV import)']);
  expect(within(ledger).getAllByRole('row')[1]!.querySelector('time')!.getAttribute('datetime')).toBe('2025-03-28T12:00:00.000Z');
});

it('writes a correction by the owner in the ledger when a count is saved', async () => {
  await openInventory();
  fireEvent.change(box('Chef knife'), { target: { value: '9' } });
  fireEvent.keyDown(box('Chef knife'), { key: 'Enter' });
  await waitFor(() => expect(rows()[3]![4]).toBe('9'));
  fireEvent.click(screen.getByRole('link', { name: 'Movements' }));
  const ledger = await screen.findByRole('region', { name: 'Stock movements' }, { timeout: 5000 });
  await waitFor(() => expect(within(ledger).getAllByRole('row')).toHaveLength(5));
  const first = within(within(ledger).getAllByRole('row')[1]!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
  expect([first[0], ...first.slice(2)]).toEqual(['Chef knife', '−3', '9', 'Correction', 'Hana']);
});
