// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeStudioServer } from '../api/fake-server.fixture.ts';
import { signedInStudio, stubNativeDialog } from '../studio-app.fixture.tsx';
import { input, openEditor as openProductEditor, savesOf, type } from './product-editor.fixture.tsx';

let server: ReturnType<typeof fakeStudioServer>;
beforeEach(() => {
  server = fakeStudioServer();
  stubNativeDialog();
  // jsdom lays nothing out: a range has no boxes for the rich-text editor to scroll its selection into view by.
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});
afterEach(cleanup);

const openEditor = (at: string) => openProductEditor(server, at);
const saves = () => savesOf(server);
const pan = () => server.catalogue.products.find((p) => p.id === 12)!;

it('creates a product from the list’s Add product, and its address becomes the new product’s', async () => {
  const studio = await signedInStudio(server, { at: '/editor/products' });
  fireEvent.click((await screen.findAllByRole('link', { name: 'Add product' }, { timeout: 5000 }))[0]!);
  await screen.findByRole('form', { name: 'New product' }, { timeout: 5000 });
  type('Name', 'Café Crème Mug');
  expect(screen.getByText('Left empty, it is made from the name when you save: http://localhost:3000/cafe-creme-mug.')).toBeTruthy();
  type('Price', '12.50');
  type('Stock', '7');
  // The categories come with the catalogue's choices, which a busy machine may answer after the form shows.
  await screen.findByRole('option', { name: 'Kitchen' });
  fireEvent.change(screen.getByLabelText('Category'), { target: { value: '1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(studio.router.state.location.pathname).toBe('/editor/products/100'));
  // Replaced, not pushed: back leaves for the list, not for an empty form.
  expect(studio.router.state.historyAction).toBe('REPLACE');
  expect(saves()[0]).toMatchObject({ name: 'Café Crème Mug', slug: '', price: 1250, stock: 7, categoryId: 1, status: 'draft' });
  expect(saves()[0]).not.toHaveProperty('productId');
  expect(await screen.findByText('Product created.')).toBeTruthy();
  expect(input('Address').value).toBe('cafe-creme-mug');
  // A draft is not on the store: no link to it, but a word saying so.
  expect(screen.queryByRole('link', { name: 'View on store' })).toBeNull();
  expect(screen.getByText('A draft: not on the store yet.')).toBeTruthy();
  // Nothing unsaved: going back to the list asks nothing.
  fireEvent.click(screen.getByRole('link', { name: 'Back to products' }));
  await screen.findByRole('region', { name: 'Product list' });
});

it('saves a change with the version it read, keeping the variants, pictures, options and add-ons it read', async () => {
  await openEditor('/editor/products/12');
  expect(input('Name').value).toBe('Cast-iron pan');
  expect(input('Price').value).toBe('25.00');
  expect(input('Compare-at price').value).toBe('30.00');
  expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('4');
  expect(screen.getByRole('link', { name: 'View on store' }).getAttribute('href')).toBe('/cast-iron-pan');
  expect(screen.getByRole('link', { name: 'View on store' }).getAttribute('target')).toBe('_blank');
  expect(within(screen.getByRole('list', { name: 'Pictures' })).getByRole('img', { name: 'The pan from above' })).toBeTruthy();
  expect(within(screen.getByRole('table', { name: 'Variants' })).getAllByRole('row')).toHaveLength(3);
  expect(input('SKU of 28 cm').value).toBe('PAN-CI-28');
  expect(input('Price of 28 cm').value).toBe('29.00');
  expect(input('Add-on name').value).toBe('Gift wrap');
  const before = structuredClone(pan());

  type('Price', '27');
  type('SEO title', 'The pan | Harbor');
  expect(within(screen.getByRole('figure', { name: 'Search result preview' })).getByText('The pan | Harbor')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Product saved.')).toBeTruthy();
  expect(saves()[0]).toMatchObject({
    productId: 12,
    version: 4,
    price: 2700,
    seo: { title: 'The pan | Harbor', description: 'A pan for a lifetime.' },
  });
  const after = pan();
  expect(after.version).toBe(5);
  expect(after.price).toBe(2700);
  expect({ ...after, version: 0, price: 0, seo: null }).toEqual({ ...before, version: 0, price: 0, seo: null });

  // The next save carries the version the last one answered.
  type('SKU', 'PAN-CI-X');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(saves()).toHaveLength(2));
  expect(saves()[1]).toMatchObject({ version: 5, sku: 'PAN-CI-X' });
});

it('names the field the server refuses at that field', async () => {
  await openEditor('/editor/products/11');
  type('Price', '-3');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  const message = await screen.findByText('Price must not be negative');
  expect(input('Price').getAttribute('aria-invalid')).toBe('true');
  expect(input('Price').getAttribute('aria-describedby')).toContain(message.id);
  type('Price', '45');
  type('Address', 'cast-iron-pan');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Address is the address of another product')).toBeTruthy();
  expect(input('Address').getAttribute('aria-invalid')).toBe('true');
  expect(input('Price').getAttribute('aria-invalid')).toBeNull();
});

it('after a conflict, Reload shows theirs and Overwrite saves mine with the version stored now', async () => {
  await openEditor('/editor/products/12');
  // Someone else saves the pan in the meantime.
  Object.assign(pan(), { name: 'Their pan', version: 9 });
  type('Name', 'My pan');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  const alert = await screen.findByText(/This product was changed since you opened it/);
  expect(pan().name).toBe('Their pan');
  fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
  await waitFor(() => expect(input('Name').value).toBe('Their pan'));
  expect(alert.isConnected).toBe(false);

  Object.assign(pan(), { version: 11 });
  type('Name', 'My pan');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByText(/This product was changed since you opened it/);
  fireEvent.click(screen.getByRole('button', { name: 'Overwrite' }));
  expect(await screen.findByText('Product saved.')).toBeTruthy();
  expect(saves().at(-1)).toMatchObject({ version: 11, name: 'My pan' });
  expect(pan()).toMatchObject({ name: 'My pan', version: 12 });
});

it('asks before leaving with unsaved changes, and stays or leaves as answered', async () => {
  const studio = await openEditor('/editor/products/11');
  type('Name', 'Chef knife, 20 cm');
  expect(screen.getByText('Unsaved changes')).toBeTruthy();
  fireEvent.click(screen.getByRole('link', { name: 'Back to products' }));
  const question = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
  fireEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
  expect(studio.router.state.location.pathname).toBe('/editor/products/11');
  expect(input('Name').value).toBe('Chef knife, 20 cm');
  act(() => void studio.router.navigate('/editor/orders'));
  fireEvent.click(
    within(await screen.findByRole('alertdialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Discard changes' }),
  );
  await waitFor(() => expect(studio.router.state.location.pathname).toBe('/editor/orders'));
  expect(saves()).toHaveLength(0);
});

it('edits the description as rich text, not as an HTML box, and saves it as HTML', async () => {
  await openEditor('/editor/products/12');
  const description = await screen.findByRole('textbox', { name: 'Description' });
  expect(description.tagName).not.toBe('TEXTAREA');
  expect(description.getAttribute('contenteditable')).toBe('true');
  expect(within(description).getByText('Seasoned and ready.').tagName).toBe('P');
  const toolbar = screen.getByRole('toolbar', { name: 'Description formatting' });
  expect(
    within(toolbar)
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['Heading', 'Subheading', 'Bold', 'Italic', 'Bulleted list', 'Numbered list', 'Link']);
  fireEvent.click(within(toolbar).getByRole('button', { name: 'Bulleted list' }));
  await waitFor(() => expect(within(description).getByText('Seasoned and ready.').closest('ul')).toBeTruthy());
  expect(within(toolbar).getByRole('button', { name: 'Bulleted list' }).getAttribute('aria-pressed')).toBe('true');
  expect(screen.getByText('Unsaved changes')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Product saved.')).toBeTruthy();
  expect(saves()[0]!.description).toBe('<ul><li><p>Seasoned and ready.</p></li></ul>');
  expect(pan().description).toBe('<ul><li><p>Seasoned and ready.</p></li></ul>');
});
