// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeStudioServer } from '../api/fake-server.fixture.ts';
import { signedInStudio, stubNativeDialog } from '../studio-app.fixture.tsx';

let server: ReturnType<typeof fakeStudioServer>;
beforeEach(() => {
  server = fakeStudioServer();
  stubNativeDialog();
});
afterEach(cleanup);

const list = () => screen.getByRole('region', { name: 'Attribute list' });
const rows = () =>
  within(list())
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
const sent = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.body);
/** The values as the form shows them: name, and colour when the attribute has swatches. */
const values = () =>
  within(screen.getByRole('list', { name: 'Values' }))
    .queryAllByRole('listitem')
    .map((item) => [...item.querySelectorAll<HTMLInputElement>('input:not([type=color])')].map((input) => input.value).join(' '));

async function openAttribute(id: number, name: string) {
  await signedInStudio(server, { at: `/editor/attributes/${id}` });
  await screen.findByRole('form', { name: `Attribute ${name}` }, { timeout: 5000 });
}

it('lists the attributes with how shoppers see them, their values with swatches, and product counts', async () => {
  const studio = await signedInStudio(server, { at: '/editor/attributes' });
  await screen.findByRole('region', { name: 'Attribute list' }, { timeout: 5000 });
  await waitFor(() =>
    expect(rows()).toEqual([
      ['Colour', 'Colour swatches', 'RedNavy', '2'],
      ['Material', 'Name list', 'Cast ironSteel', '0'],
      ['Size', 'Dropdown', 'SML', '1'],
    ]),
  );
  const swatches = [...within(list()).getAllByRole('row')[1]!.querySelectorAll<HTMLElement>('[style]')].map((s) => s.style.backgroundColor);
  expect(swatches).toEqual(['rgb(192, 57, 43)', 'rgb(31, 42, 68)']);
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search attributes' }), { target: { value: 'steel' } });
  await waitFor(() => expect(rows().map((row) => row[0])).toEqual(['Material']));
  expect(studio.router.state.location.search).toBe('?q=steel');
  fireEvent.click(within(list()).getByRole('button', { name: 'Material' }));
  await screen.findByRole('form', { name: 'Attribute Material' }, { timeout: 5000 });
  expect(studio.router.state.location.pathname).toBe('/editor/attributes/22');
});

it('adds, renames, reorders and removes values, saved together with their ids', async () => {
  await openAttribute(23, 'Size');
  expect(values()).toEqual(['S', 'M', 'L']);
  fireEvent.change(screen.getByLabelText('Name of value 1'), { target: { value: 'Small' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add value' }));
  fireEvent.change(screen.getByLabelText('Name of value 4'), { target: { value: 'XL' } });
  fireEvent.click(screen.getByRole('button', { name: 'Move L down' }));
  expect(screen.getByText('L moved to position 4 of 4.')).toBeTruthy();
  expect(values()).toEqual(['Small', 'M', 'XL', 'L']);
  fireEvent.click(screen.getByRole('button', { name: 'Move XL up' }));
  expect(values()).toEqual(['Small', 'XL', 'M', 'L']);
  fireEvent.click(screen.getByRole('button', { name: 'Remove L' }));
  expect(values()).toEqual(['Small', 'XL', 'M']);
  expect(screen.getByText('Unsaved changes')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByText('Attribute saved.');
  expect(sent('SaveAttribute').at(-1)).toEqual({
    attributeId: 23,
    name: 'Size',
    displayType: 'dropdown',
    values: [
      { id: 231, name: 'Small', color: null },
      { name: 'XL', color: null },
      { id: 232, name: 'M', color: null },
    ],
  });
  expect(values()).toEqual(['Small', 'XL', 'M']);
  expect(screen.queryByText('Unsaved changes')).toBeNull();
});

it('shows clearly that a value products use cannot be removed, and that nothing was saved', async () => {
  await openAttribute(21, 'Colour');
  expect(values()).toEqual(['Red #c0392b', 'Navy #1f2a44']);
  fireEvent.click(screen.getByRole('button', { name: 'Remove Red' }));
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Nothing was changed: Red, a value left out, is used by 2 products; take it off them first.');
  expect(server.catalogueScreens.attributes.find((a) => a.id === 21)!.values.map((v) => v.name)).toEqual(['Red', 'Navy']);
  fireEvent.click(within(alert).getByRole('button', { name: 'Reset' }));
  expect(values()).toEqual(['Red #c0392b', 'Navy #1f2a44']);
});

it('names a colour that is not #rrggbb at that value, and a name used twice at the second', async () => {
  await openAttribute(21, 'Colour');
  fireEvent.change(screen.getByLabelText('Colour of Navy'), { target: { value: 'navy' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.getByLabelText('Colour of Navy').getAttribute('aria-invalid')).toBe('true'));
  expect(screen.getByText('Colour must be a colour written #rrggbb')).toBeTruthy();

  fireEvent.change(screen.getByLabelText('Colour of Navy'), { target: { value: '#000080' } });
  fireEvent.change(screen.getByLabelText('Name of value 2'), { target: { value: 'red' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.getByLabelText('Name of value 2').getAttribute('aria-invalid')).toBe('true'));
  expect(screen.getByText('Name is already a value of this attribute')).toBeTruthy();
  expect(sent('SaveAttribute')).toHaveLength(2);
});

it('creates a colour attribute, its new values starting black, and takes its own address', async () => {
  const studio = await signedInStudio(server, { at: '/editor/attributes/new' });
  await screen.findByRole('form', { name: 'New attribute' }, { timeout: 5000 });
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Finish' } });
  fireEvent.change(screen.getByLabelText('Shown to shoppers as'), { target: { value: 'color' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add value' }));
  fireEvent.change(screen.getByLabelText('Name of value 1'), { target: { value: 'Gold' } });
  fireEvent.change(screen.getByLabelText('Colour of Gold'), { target: { value: '#d4af37' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add value' }));
  fireEvent.change(screen.getByLabelText('Name of value 2'), { target: { value: 'Matte black' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(studio.router.state.location.pathname).toBe('/editor/attributes/300'), { timeout: 5000 });
  expect(sent('SaveAttribute').at(-1)).toEqual({
    name: 'Finish',
    displayType: 'color',
    values: [
      { name: 'Gold', color: '#d4af37' },
      { name: 'Matte black', color: '#000000' },
    ],
  });
});

it('refuses to delete an attribute products use, saying how many; deletes one nobody uses', async () => {
  await openAttribute(23, 'Size');
  fireEvent.click(screen.getByRole('button', { name: 'Delete attribute…' }));
  fireEvent.click(within(screen.getByRole('group', { name: 'Delete Size and its 3 values?' })).getByRole('button', { name: 'Delete' }));
  expect((await screen.findByRole('alert')).textContent).toContain(
    'Nothing was changed: Size is used by 1 product; take it off them first.',
  );
  cleanup();

  server = fakeStudioServer();
  await openAttribute(22, 'Material');
  fireEvent.click(screen.getByRole('button', { name: 'Delete attribute…' }));
  fireEvent.click(within(screen.getByRole('group', { name: 'Delete Material and its 2 values?' })).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(rows().map((row) => row[0])).toEqual(['Colour', 'Size']), { timeout: 5000 });
  expect(sent('DeleteAttribute')).toEqual([{ attributeId: 22 }]);
});
