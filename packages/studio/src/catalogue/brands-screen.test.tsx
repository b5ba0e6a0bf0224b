// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeStudioServer } from '../api/fake-server.fixture.ts';
import { signedInStudio, stubNativeDialog } from '../studio-app.fixture.tsx';

let server: ReturnType<typeof fakeStudioServer>;
beforeEach(() => {
  server = fakeStudioServer();
  stubNativeDialog();
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});
afterEach(cleanup);

const list = () => screen.getByRole('region', { name: 'Brand list' });
const rows = () =>
  within(list())
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const sent = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.body);

it('lists the brands with logo, address and product count; the search is kept in the address', async () => {
  const studio = await signedInStudio(server, { at: '/editor/brands' });
  await screen.findByRole('region', { name: 'Brand list' }, { timeout: 5000 });
  await waitFor(() =>
    expect(rows()).toEqual([
      ['Acme', '/brand/acme', '4'],
      ['Birch & Co', '/brand/birch-co', '0'],
    ]),
  );
  expect(within(list()).getAllByRole('row')[1]!.querySelector('img')!.getAttribute('src')).toContain('/media/brands/acme.webp');
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search brands' }), { target: { value: 'birch' } });
  await waitFor(() => expect(rows()).toEqual([['Birch & Co', '/brand/birch-co', '0']]));
  expect(studio.router.state.location.search).toBe('?q=birch');
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search brands' }), { target: { value: 'zzz' } });
  expect(await screen.findByText('No brand matches “zzz”')).toBeTruthy();
});

it('creates a brand, and names a taken address at its field', async () => {
  const studio = await signedInStudio(server, { at: '/editor/brands' });
  fireEvent.click((await screen.findAllByRole('link', { name: 'Add brand' }, { timeout: 5000 }))[0]!);
  await screen.findByRole('form', { name: 'New brand' }, { timeout: 5000 });
  fireEvent.change(input('Name'), { target: { value: 'Le Creuset' } });
  expect(screen.getByText('Left empty, it is made from the name when you save: http://localhost:3000/brand/le-creuset.')).toBeTruthy();
  fireEvent.change(input('Address'), { target: { value: 'acme' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(input('Address').getAttribute('aria-invalid')).toBe('true'));
  expect(screen.getByText('Address is already the address of another brand of this store')).toBeTruthy();
  expect(studio.router.state.location.pathname).toBe('/editor/brands/new');

  fireEvent.change(input('Address'), { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Media library' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Use kitchen.webp' }));
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(studio.router.state.location.pathname).toBe('/editor/brands/300'), { timeout: 5000 });
  expect(sent('SaveBrand').at(-1)).toEqual({ name: 'Le Creuset', slug: '', logo: '/media/kitchen.webp', description: '' });
  expect(input('Address').value).toBe('le-creuset');
  expect(screen.getByRole('link', { name: 'View on store' }).getAttribute('href')).toBe('/brand/le-creuset');
  fireEvent.click(screen.getByRole('link', { name: 'Back to brands' }));
  await waitFor(() => expect(rows().map((row) => row[0])).toEqual(['Acme', 'Birch & Co', 'Le Creuset']), { timeout: 5000 });
});

it('edits a brand from its row, asking before leaving unsaved changes', async () => {
  const studio = await signedInStudio(server, { at: '/editor/brands' });
  await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 5000 });
  fireEvent.click(within(list()).getByRole('button', { name: 'Acme' }));
  await screen.findByRole('form', { name: 'Brand Acme' }, { timeout: 5000 });
  expect(studio.router.state.location.pathname).toBe('/editor/brands/5');
  expect(screen.getByText('4 products of this brand.')).toBeTruthy();
  fireEvent.change(input('Name'), { target: { value: 'Acme Tools' } });
  fireEvent.click(screen.getByRole('link', { name: 'Back to brands' }));
  fireEvent.click(
    within(await screen.findByRole('alertdialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Keep editing' }),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByText('Brand saved.');
  expect(sent('SaveBrand').at(-1)).toMatchObject({ brandId: 5, name: 'Acme Tools', slug: 'acme', logo: '/media/brands/acme.webp' });
  fireEvent.click(screen.getByRole('link', { name: 'Back to brands' }));
  await waitFor(() => expect(rows()[0]![0]).toBe('Acme Tools'));
});

it('deletes a brand after a confirm that says its products stay', async () => {
  const studio = await signedInStudio(server, { at: '/editor/brands/5' });
  await screen.findByRole('form', { name: 'Brand Acme' }, { timeout: 5000 });
  fireEvent.click(screen.getByRole('button', { name: 'Delete brand…' }));
  const ask = screen.getByRole('group', { name: 'Delete Acme? Its 4 products stay on the store, without a brand.' });
  fireEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(studio.router.state.location.pathname).toBe('/editor/brands'));
  expect(sent('DeleteBrand')).toEqual([{ brandId: 5 }]);
  await waitFor(() => expect(rows()).toEqual([['Birch & Co', '/brand/birch-co', '0']]));
});
