// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeStudioServer } from '../api/fake-server.fixture.ts';
import { signedInStudio, stubNativeDialog } from '../studio-app.fixture.tsx';

let server: ReturnType<typeof fakeStudioServer>;
beforeEach(() => {
  server = fakeStudioServer();
  stubNativeDialog();
  // jsdom lays nothing out: a range has no boxes for the rich-text editor to scroll its selection into view by.
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function openCategories(at = '/editor/categories') {
  const studio = await signedInStudio(server, { at });
  await screen.findByRole('list', { name: 'Categories' }, { timeout: 5000 });
  return studio;
}

/** The tree as the owner reads it: each category's name, indented two spaces a level. */
const tree = () =>
  [...document.querySelectorAll<HTMLElement>('[data-category-id]')].map((row) => {
    let depth = 0;
    for (let at = row.parentElement?.closest('[data-category-id]'); at; at = at.parentElement?.closest('[data-category-id]')) depth++;
    return `${'  '.repeat(depth)}${row.querySelector('[data-category-link]')!.textContent}`;
  });
const sent = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.body);
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const said = () => screen.getAllByRole('status').map((s) => s.textContent);

it('shows the tree with each category’s products, and opens a category at its own address', async () => {
  const studio = await openCategories();
  expect(tree()).toEqual(['Kitchen', '  Cookware', '    Pans', 'Garden', 'Sale']);
  const garden = screen.getByRole('link', { name: 'Garden' }).closest('li')!;
  expect(garden.textContent).toContain('26 products');
  expect(screen.getByRole('link', { name: 'Pans' }).closest('li')!.textContent).toContain('1 product');
  fireEvent.click(screen.getByRole('link', { name: 'Garden' }));
  await screen.findByRole('form', { name: 'Category Garden' });
  expect(studio.router.state.location.pathname).toBe('/editor/categories/3');
  expect(input('Name').value).toBe('Garden');
  expect(screen.getByRole('link', { name: 'Garden' }).getAttribute('aria-current')).toBe('page');
  expect(screen.getByText('On the store at http://localhost:3000/garden')).toBeTruthy();
});

it('saves a category’s name, address, picture and SEO fields with Save, and names a refused field at the field', async () => {
  await openCategories('/editor/categories/2');
  await screen.findByRole('form', { name: 'Category Cookware' });
  fireEvent.change(input('Name'), { target: { value: 'Pots and pans' } });
  fireEvent.change(input('Address'), { target: { value: 'pans' } });
  expect(screen.getByText('Unsaved changes')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Media library' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Use kitchen.webp' }));
  fireEvent.change(input('SEO title'), { target: { value: 'Pots | Harbor' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByText('Category saved.');
  expect(sent('SaveCategory').at(-1)).toEqual({
    categoryId: 2,
    parentId: 1,
    name: 'Pots and pans',
    slug: 'pans',
    description: '',
    picture: '/media/kitchen.webp',
    seo: { title: 'Pots | Harbor', description: '' },
  });
  await waitFor(() => expect(tree()).toContain('  Pots and pans'));
  expect(screen.queryByText('Unsaved changes')).toBeNull();
});

it('names a refused field at the field, and keeps what was typed', async () => {
  await openCategories('/editor/categories/5');
  await screen.findByRole('form', { name: 'Category Sale' });
  // Garden's address at the top of the tree.
  fireEvent.change(input('Address'), { target: { value: 'garden' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(input('Address').getAttribute('aria-invalid')).toBe('true'));
  expect(screen.getByText('Address is the address of another category').id).toBe(
    input('Address').getAttribute('aria-describedby')!.split(' ')[0],
  );
  expect(input('Address').value).toBe('garden');
  expect(screen.getByText('Unsaved changes')).toBeTruthy();
});

it('moves a category under another parent when saved with a new Parent', async () => {
  await openCategories('/editor/categories/4');
  await screen.findByRole('form', { name: 'Category Pans' });
  fireEvent.change(screen.getByLabelText('Parent'), { target: { value: '3' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByText('Category saved.');
  expect(sent('MoveCategory')).toEqual([{ categoryId: 4, parentId: 3, position: 0 }]);
  expect(tree()).toEqual(['Kitchen', '  Cookware', 'Garden', '  Pans', 'Sale']);
  expect((screen.getByLabelText('Parent') as HTMLSelectElement).value).toBe('3');
  expect(screen.queryByText('Unsaved changes')).toBeNull();
});

it('creates a sub-category from new?parent=, and the new category takes its own address', async () => {
  const studio = await openCategories('/editor/categories/new?parent=1');
  await screen.findByRole('form', { name: 'New category' });
  expect((screen.getByLabelText('Parent') as HTMLSelectElement).value).toBe('1');
  fireEvent.change(input('Name'), { target: { value: 'Knives & Boards' } });
  expect(screen.getByText('Left empty, it is made from the name when you save: http://localhost:3000/kitchen/knives-boards.')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(studio.router.state.location.pathname).toBe('/editor/categories/300'));
  expect(studio.router.state.historyAction).toBe('REPLACE');
  expect(sent('SaveCategory').at(-1)).toMatchObject({ parentId: 1, name: 'Knives & Boards', slug: '' });
  expect(tree()).toEqual(['Kitchen', '  Cookware', '    Pans', '  Knives & Boards', 'Garden', 'Sale']);
  expect(input('Address').value).toBe('knives-boards');
});

it('asks before leaving a category with unsaved changes', async () => {
  const studio = await openCategories('/editor/categories/5');
  await screen.findByRole('form', { name: 'Category Sale' });
  fireEvent.change(input('Name'), { target: { value: 'Offers' } });
  fireEvent.click(screen.getByRole('link', { name: 'Garden' }));
  const question = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
  fireEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
  expect(studio.router.state.location.pathname).toBe('/editor/categories/5');
  expect(input('Name').value).toBe('Offers');
  fireEvent.click(screen.getByRole('link', { name: 'Garden' }));
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));
  await screen.findByRole('form', { name: 'Category Garden' });
});

it('moves a category with Alt and the arrows: among its siblings, into the one above, out of its parent; each said and saved', async () => {
  await openCategories();
  const handle = (name: string) => screen.getByRole('button', { name: `Reorder ${name}` });
  handle('Kitchen').focus();
  fireEvent.keyDown(handle('Kitchen'), { key: 'ArrowDown', altKey: true });
  await waitFor(() => expect(said()).toContain('Kitchen moved to position 2 of 3, at the top.'));
  expect(tree()).toEqual(['Garden', 'Kitchen', '  Cookware', '    Pans', 'Sale']);
  expect(sent('ReorderCategories').at(-1)).toEqual({ parentId: null, categoryIds: [3, 1, 5] });
  // The keyboard stays with the category moved.
  expect(document.activeElement).toBe(handle('Kitchen'));

  fireEvent.keyDown(handle('Sale'), { key: 'ArrowRight', altKey: true });
  await waitFor(() => expect(said()).toContain('Sale moved to position 2 of 2, in Kitchen.'));
  expect(sent('MoveCategory').at(-1)).toEqual({ categoryId: 5, parentId: 1, position: 1 });
  expect(tree()).toEqual(['Garden', 'Kitchen', '  Cookware', '    Pans', '  Sale']);
  expect(document.activeElement).toBe(handle('Sale'));

  fireEvent.keyDown(handle('Pans'), { key: 'ArrowLeft', altKey: true });
  await waitFor(() => expect(said()).toContain('Pans moved to position 2 of 3, in Kitchen.'));
  expect(sent('MoveCategory').at(-1)).toEqual({ categoryId: 4, parentId: 1, position: 1 });
  expect(tree()).toEqual(['Garden', 'Kitchen', '  Cookware', '  Pans', '  Sale']);

  fireEvent.keyDown(handle('Garden'), { key: 'ArrowUp', altKey: true });
  await waitFor(() => expect(said()).toContain('Garden cannot move that way.'));
  expect(sent('ReorderCategories')).toHaveLength(1);
});

/** jsdom lays nothing out; each category row gets a place in the tree, 40 px a row, for dnd-kit to move between. */
function layOutRows() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const row = this.closest('[data-category-id]');
    const index = row ? [...document.querySelectorAll('[data-category-id]')].indexOf(row) : 0;
    return {
      x: 0,
      y: index * 40,
      top: index * 40,
      left: 0,
      width: 300,
      height: 36,
      bottom: index * 40 + 36,
      right: 300,
      toJSON: () => ({}),
    } as DOMRect;
  });
}

/** Picks a category up by its handle with Space, presses an arrow, and drops it with Space, as dnd-kit's keyboard does. */
async function dragByKeyboard(name: string, key: string) {
  const handle = screen.getByRole('button', { name: `Reorder ${name}` });
  handle.focus();
  await act(async () => void fireEvent.keyDown(handle, { key: ' ', code: 'Space' }));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  await act(async () => void fireEvent.keyDown(document.activeElement!, { key, code: key }));
  await act(async () => void fireEvent.keyDown(document.activeElement!, { key: ' ', code: 'Space' }));
}

it('reorders by dnd-kit’s keyboard drag: Space picks up, an arrow moves, Space drops', async () => {
  layOutRows();
  await openCategories();
  await dragByKeyboard('Garden', 'ArrowDown');
  await waitFor(() => expect(sent('ReorderCategories').at(-1)).toEqual({ parentId: null, categoryIds: [1, 5, 3] }));
  await waitFor(() => expect(tree()).toEqual(['Kitchen', '  Cookware', '    Pans', 'Sale', 'Garden']));
});

it('puts a refused move back and says why', async () => {
  server.failing.add('ReorderCategories');
  await openCategories();
  fireEvent.keyDown(screen.getByRole('button', { name: 'Reorder Garden' }), { key: 'ArrowDown', altKey: true });
  await waitFor(() => expect(said()).toContain('Garden was not moved: Something went wrong on the server'));
  expect(tree()).toEqual(['Kitchen', '  Cookware', '    Pans', 'Garden', 'Sale']);
});

it('asks where a category’s products and sub-categories go before deleting it, and sends that choice', async () => {
  const studio = await openCategories('/editor/categories/1');
  await screen.findByRole('form', { name: 'Category Kitchen' });
  fireEvent.click(screen.getByRole('button', { name: 'Delete category…' }));
  const ask = screen.getByRole('group', { name: 'Delete Kitchen' });
  expect(ask.textContent).toContain('Kitchen holds 2 products and 1 sub-category. Where do they go?');
  const moveTo = within(ask).getByLabelText('Move them to') as HTMLSelectElement;
  // Not into itself or one below it, which go with it.
  expect([...moveTo.options].map((o) => o.textContent)).toEqual([
    'No category (sub-categories go to the top of the tree)',
    'Garden',
    'Sale',
  ]);
  fireEvent.change(moveTo, { target: { value: '3' } });
  fireEvent.click(within(ask).getByRole('button', { name: 'Delete Kitchen' }));
  await waitFor(() => expect(studio.router.state.location.pathname).toBe('/editor/categories'));
  expect(sent('DeleteCategory')).toEqual([{ categoryId: 1, moveTo: 3 }]);
  expect(tree()).toEqual(['Garden', '  Cookware', '    Pans', 'Sale']);
  expect(screen.getByRole('link', { name: 'Garden' }).closest('li')!.textContent).toContain('28 products');
});

it('deletes an empty category after a confirm, sending no move', async () => {
  await openCategories('/editor/categories/5');
  await screen.findByRole('form', { name: 'Category Sale' });
  fireEvent.click(screen.getByRole('button', { name: 'Delete category…' }));
  fireEvent.click(
    within(screen.getByRole('group', { name: 'Delete Sale? This cannot be undone.' })).getByRole('button', { name: 'Delete' }),
  );
  await waitFor(() => expect(tree()).toEqual(['Kitchen', '  Cookware', '    Pans', 'Garden']));
  expect(sent('DeleteCategory')).toEqual([{ categoryId: 5 }]);
});

it('keeps an open category’s Parent in step with a move in the tree, so Save does not move it back', async () => {
  await openCategories('/editor/categories/5');
  await screen.findByRole('form', { name: 'Category Sale' });
  fireEvent.keyDown(screen.getByRole('button', { name: 'Reorder Sale' }), { key: 'ArrowRight', altKey: true });
  await waitFor(() => expect(tree()).toEqual(['Kitchen', '  Cookware', '    Pans', 'Garden', '  Sale']));
  expect((screen.getByLabelText('Parent') as HTMLSelectElement).value).toBe('3');
  expect(screen.queryByText('Unsaved changes')).toBeNull();
  fireEvent.change(input('Name'), { target: { value: 'Offers' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByText('Category saved.');
  expect(sent('MoveCategory')).toHaveLength(1);
  expect(tree()).toEqual(['Kitchen', '  Cookware', '    Pans', 'Garden', '  Offers']);
});

it('moves a category picked up by the keyboard past its own sub-categories, which go with it', async () => {
  layOutRows();
  await openCategories();
  await dragByKeyboard('Kitchen', 'ArrowDown');
  await waitFor(() => expect(sent('ReorderCategories').at(-1)).toEqual({ parentId: null, categoryIds: [3, 1, 5] }));
  await waitFor(() => expect(tree()).toEqual(['Garden', 'Kitchen', '  Cookware', '    Pans', 'Sale']));
});
