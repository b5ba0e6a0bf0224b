// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeStudioServer } from '../api/fake-server.fixture.ts';
import { stubNativeDialog } from '../studio-app.fixture.tsx';
import { input, openEditor as openProductEditor, savesOf, type } from './product-editor.fixture.tsx';
import { xhrOverFetch } from './xhr.fixture.ts';

let server: ReturnType<typeof fakeStudioServer>;
let uploads: ReturnType<typeof xhrOverFetch>;
beforeEach(() => {
  server = fakeStudioServer();
  uploads = xhrOverFetch(server.fetch);
  stubNativeDialog();
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const openEditor = (at: string) => openProductEditor(server, at);
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const saves = () => savesOf(server);
const save = async (count: number) => {
  click('Save');
  await waitFor(() => expect(saves()).toHaveLength(count));
  return saves()[count - 1]!;
};
const addValue = (option: string, value: string) => {
  type(`Add a value to ${option}`, value);
  fireEvent.keyDown(input(`Add a value to ${option}`), { key: 'Enter' });
};
const variantNames = () =>
  within(screen.getByRole('table', { name: 'Variants' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

it('uploads two pictures at once with their progress, shows the refused one’s reason on its tile, and saves the rest in the order and with the alt text given', async () => {
  await openEditor('/editor/products/12');
  uploads.hold = true;
  const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10])], 'lid.png', { type: 'image/png' });
  const notAnImage = new File(['just some words'], 'notes.png', { type: 'image/png' });
  fireEvent.change(screen.getByLabelText('Add pictures'), { target: { files: [png, notAnImage] } });
  const bars = () =>
    screen.queryAllByRole('progressbar').map((bar) => `${bar.getAttribute('aria-label')} ${bar.getAttribute('aria-valuetext')}`);
  await waitFor(() => expect(bars()).toEqual(['Uploading lid.png 50%', 'Uploading notes.png 50%']));

  // Nothing is saved while a picture is still on its way.
  click('Save');
  expect(await screen.findByText('Pictures are still uploading: save once they are up')).toBeTruthy();
  expect(saves()).toHaveLength(0);

  act(() => uploads.release());
  const refusal = await screen.findByText('notes.png was not uploaded: it must be a JPEG, PNG, WebP, AVIF or GIF image');
  await waitFor(() => expect(bars()).toEqual([]));
  const tiles = () => within(screen.getByRole('list', { name: 'Pictures' })).getAllByRole('listitem');
  expect(tiles()).toHaveLength(3);
  expect(tiles()[2]!.contains(refusal)).toBe(true);
  // Shown through the image route; with no alt text yet, the picture is decoration to a screen reader.
  expect(tiles()[1]!.querySelector('img')!.getAttribute('src')).toBe('/_img/f_webp,w_240,h_240,fit_cover/media/1/uploads/lid.webp');

  type('Alt text of picture 2', 'The lid');
  click('Move picture 2 earlier');
  expect(tiles()[0]!.getAttribute('aria-label')).toBe('Picture 1 (main)');
  expect(within(tiles()[0]!).getByText('Main')).toBeTruthy();
  expect(within(tiles()[0]!).getByRole('img', { name: 'The lid' })).toBeTruthy();
  expect(within(tiles()[1]!).getByRole('img', { name: 'The pan from above' })).toBeTruthy();

  // The refused picture is not sent; the others go in their new order, with their alt text.
  const sent = await save(1);
  expect(sent.pictures).toEqual([
    { file: '/media/1/uploads/lid.webp', alt: 'The lid' },
    { file: '/media/products/pan.webp', alt: 'The pan from above' },
  ]);
  expect(await screen.findByText('Product saved.')).toBeTruthy();
  // The 28 cm pan showed the picture removed: it shows the product's now.
  expect((screen.getByLabelText('Picture of 28 cm') as HTMLSelectElement).value).toBe('/media/products/pan.webp');
  click('Remove picture 2');
  expect((screen.getByLabelText('Picture of 28 cm') as HTMLSelectElement).value).toBe('');
  const second = await save(2);
  expect(second.pictures).toEqual([{ file: '/media/1/uploads/lid.webp', alt: 'The lid' }]);
  expect(second.variants).toMatchObject([
    { id: 30, picture: null },
    { id: 31, picture: null },
  ]);
});

it('makes the variants from the options’ values, keeping what was typed in the rows that stay as values and options come and go', async () => {
  await openEditor('/editor/products/11');
  expect(screen.queryByRole('table', { name: 'Variants' })).toBeNull();
  click('Add variant option');
  expect(input('Option 1 name').value).toBe('Size');
  addValue('Size', 'S');
  addValue('Size', 'M');
  expect(variantNames()).toEqual(['S', 'M']);
  type('Price of M', '47.50');
  type('SKU of M', 'KN-CH-M');
  expect(input('Stock').disabled).toBe(true);

  click('Add variant option');
  type('Option 2 name', 'Colour');
  addValue('Colour', 'Red');
  expect(variantNames()).toEqual(['S / Red', 'M / Red']);
  expect(input('Price of M / Red').value).toBe('47.50');
  addValue('Colour', 'blue');
  expect(variantNames()).toEqual(['S / Red', 'S / blue', 'M / Red', 'M / blue']);
  expect(input('Price of M / Red').value).toBe('47.50');
  expect(input('Price of M / blue').value).toBe('');
  // A value is one whatever its case.
  addValue('Colour', 'RED');
  expect(screen.getByText('RED is already a value of Colour.')).toBeTruthy();
  expect(variantNames()).toHaveLength(4);
  type('Add a value to Colour', '');

  click('Remove S from Size');
  expect(variantNames()).toEqual(['M / Red', 'M / blue']);
  expect(input('SKU of M / Red').value).toBe('KN-CH-M');
  type('Stock of M / blue', '4');

  const sent = await save(1);
  expect(sent.variantOptions).toEqual([
    { name: 'Size', values: ['M'] },
    { name: 'Colour', values: ['Red', 'blue'] },
  ]);
  expect(sent.variants).toMatchObject([
    { values: ['M', 'Red'], price: 4750, sku: 'KN-CH-M', stock: 0, picture: null },
    // An empty price is the product's.
    { values: ['M', 'blue'], price: 4500, sku: '', stock: 4 },
  ]);

  type('Price for every variant', '49');
  click('Apply to all');
  expect([input('Price of M / Red').value, input('Price of M / blue').value]).toEqual(['49', '49']);
  // Without its options, the product is a single one again.
  click('Remove Colour');
  expect(variantNames()).toEqual(['M']);
  click('Remove Size');
  expect(screen.queryByRole('table', { name: 'Variants' })).toBeNull();
  expect(input('Stock').disabled).toBe(false);
  const single = await save(2);
  expect(single).toMatchObject({ variantOptions: [], variants: [] });
});

it('keeps the variants’ ids as an option is added, and names a refused variant SKU at its input, which takes the focus', async () => {
  await openEditor('/editor/products/12');
  click('Add variant option');
  type('Option 2 name', 'Colour');
  addValue('Colour', 'Black');
  expect(variantNames()).toEqual(['24 cm / Black', '28 cm / Black']);
  expect(input('Price of 28 cm / Black').value).toBe('29.00');
  type('Barcode of 28 cm / Black', '12345678');
  fireEvent.change(screen.getByLabelText('Picture of 24 cm / Black'), { target: { value: '/media/products/pan.webp' } });
  type('SKU of 28 cm / Black', 'pan-ci-24');
  click('Save');
  const message = await screen.findByText('SKU is already the SKU of variant 1');
  const sku = input('SKU of 28 cm / Black');
  expect(sku.getAttribute('aria-invalid')).toBe('true');
  expect(sku.getAttribute('aria-describedby')).toBe(message.id);
  expect(document.activeElement).toBe(sku);
  expect(saves()[0]!.variants).toMatchObject([
    { id: 30, values: ['24 cm', 'Black'], picture: '/media/products/pan.webp' },
    { id: 31, values: ['28 cm', 'Black'], price: 2900, barcode: '12345678' },
  ]);

  type('SKU of 28 cm / Black', 'PAN-CI-28-B');
  click('Save');
  expect(await screen.findByText('Product saved.')).toBeTruthy();
  expect(server.catalogue.products.find((p) => p.id === 12)!.variants.map((v) => v.id)).toEqual([30, 31]);
});

it('chooses attribute values with their swatches, and edits options, add-ons and the barcode', async () => {
  await openEditor('/editor/products/11');
  const red = (await screen.findByRole('checkbox', { name: 'Red' }, { timeout: 3000 })) as HTMLInputElement;
  expect(red.closest('label')!.querySelector('span[aria-hidden]')!.getAttribute('style')).toContain('background');
  fireEvent.click(red);
  type('Barcode', '4006381333931');

  click('Add product option');
  type('Option name', 'Handle');
  expect((screen.getByLabelText('Shown as') as HTMLSelectElement).value).toBe('3');
  click('Add a value to Handle');
  type('Value name', 'Oak');
  type('Price of Oak', '3');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Required' }));
  click('Add add-on');
  type('Add-on name', 'Sheath');
  type('Price of Sheath', '9.90');

  const sent = await save(1);
  expect(sent).toMatchObject({
    barcode: '4006381333931',
    attributeValueIds: [211],
    options: [{ name: 'Handle', inputTypeId: 3, required: true, values: [{ name: 'Oak', price: 300 }] }],
    addons: [{ name: 'Sheath', price: 990 }],
  });
  expect(await screen.findByText('Product saved.')).toBeTruthy();
  // A text option has no values to choose from.
  fireEvent.change(screen.getByLabelText('Shown as'), { target: { value: '1' } });
  expect(screen.queryByLabelText('Price of Oak')).toBeNull();
});

it('names a refused picture on its tile, counting only the pictures sent, and a refused option value on its chip', async () => {
  // Refusals the fake does not make itself, answered to the next saves.
  const refusals = [
    { field: 'pictures.1.file', message: 'is not an image of this store; upload it first' },
    { field: 'variantOptions.0.values.1', message: 'is already a value of this option' },
  ];
  const serverFetch = server.fetch;
  server.fetch = async (input, init) => {
    const refusal = String(input).endsWith('/SaveProduct') ? refusals.shift() : undefined;
    if (!refusal) return serverFetch(input, init);
    const error = { code: 'BAD_REQUEST', message: `${refusal.field}: ${refusal.message}`, field: refusal.field };
    return new Response(JSON.stringify({ error }), { status: 400, headers: { 'content-type': 'application/json' } });
  };
  await openEditor('/editor/products/12');
  const tiles = () => within(screen.getByRole('list', { name: 'Pictures' })).getAllByRole('listitem');
  fireEvent.change(screen.getByLabelText('Add pictures'), { target: { files: [new File(['words'], 'notes.png')] } });
  await screen.findByText(/^notes.png was not uploaded/);
  fireEvent.change(screen.getByLabelText('Add pictures'), {
    target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff, 0])], 'lid.jpg')] },
  });
  await waitFor(() => expect(tiles()[2]!.querySelector('img')).toBeTruthy());

  // The second picture sent is the third tile: the refused upload between them is not sent.
  click('Save');
  const message = await screen.findByText('Picture 3 is not an image of this store; upload it first');
  expect(tiles()[2]!.contains(message)).toBe(true);
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Drag picture 3' }));
  expect(screen.getByRole('button', { name: 'Drag picture 3' }).getAttribute('aria-describedby')).toBe(message.id);

  click('Save');
  expect(await screen.findByText('28 cm is already a value of this option')).toBeTruthy();
  const chip = screen.getByRole('button', { name: 'Remove 28 cm from Size' });
  expect(chip.getAttribute('aria-invalid')).toBe('true');
  expect(document.activeElement).toBe(chip);
  expect(screen.queryByText(/Picture 3 is not an image/)).toBeNull();
});
