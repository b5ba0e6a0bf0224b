// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { CatalogueImportAnswer } from '@vitrine/commerce';
import { fakeStudioServer } from '../api/fake-server.fixture.ts';
import { xhrOverFetch } from '../products/xhr.fixture.ts';
import { signedInStudio } from '../studio-app.fixture.tsx';

const CSV = [
  'Handle,Title,Variant Price,Variant Inventory Qty',
  'linen-apron,Linen Apron,24.00,5',
  'oak-board,Oak Board,-3,2',
  'tea-towel,Tea Towel,9.50,1.5',
].join('\n');

/**
 * The server's CSV calls as the tests need them: a preview that finds row 3's price negative and row 4's stock not
 * whole, and an import that runs for `steps` polls before it ends as `end`, or is cancelled.
 */
function csvServer({ steps = 2, end = 'done' as CatalogueImportAnswer['data']['state'] } = {}) {
  const calls: { path: string; body: string }[] = [];
  let polls = 0;
  let cancelled = false;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const progress = (state: CatalogueImportAnswer['data']['state'], done: number) =>
    json(state === 'running' ? 202 : 200, {
      data: {
        importId: 'a3c1d9e2-7b4f-4c1e-9d2a-5f6b7c8d9e0f',
        state,
        done,
        total: 1,
        created: done,
        updated: 0,
        problems: [],
        error: end === 'failed' ? 'the database refused it' : null,
      },
    });
  const fetch = async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://shop.test').pathname.replace('/api/Studio/', '');
    calls.push({ path, body: init.body instanceof Blob ? await init.body.text() : String(init.body ?? '') });
    if (path === 'PreviewProductsCsv')
      return json(200, {
        data: {
          importId: 'a3c1d9e2-7b4f-4c1e-9d2a-5f6b7c8d9e0f',
          expiresAt: '2026-11-28T23:00:00.000Z',
          rows: 4,
          products: 1,
          created: 1,
          updated: 0,
          variants: 1,
          pictures: 0,
          newCategories: 0,
          newBrands: 0,
          problems: [
            { row: 3, column: 'Variant Price', reason: 'must not be negative' },
            { row: 4, column: 'Variant Inventory Qty', reason: 'must be a whole number' },
          ],
          moreProblems: 0,
        },
      });
    if (path === 'ImportProductsCsv') return progress('running', 0);
    if (path === 'CancelProductsImport') {
      cancelled = true;
      return progress('running', 0);
    }
    if (path === 'GetProductsImport') {
      polls++;
      if (cancelled) return progress('cancelled', 0);
      return polls < steps ? progress('running', 0) : progress(end, end === 'done' ? 1 : 0);
    }
    return null;
  };
  return { calls, fetch };
}

let server: ReturnType<typeof fakeStudioServer>;
let csv: ReturnType<typeof csvServer>;
const useCsvServer = (options?: Parameters<typeof csvServer>[0]) => {
  csv = csvServer(options);
  xhrOverFetch(async (url, init) => (await csv.fetch(url, init)) ?? server.fetch(url, init));
};
beforeEach(() => {
  server = fakeStudioServer();
  useCsvServer();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const chooseFile = (file: File) => fireEvent.change(screen.getByLabelText('Choose a CSV file'), { target: { files: [file] } });
const csvFile = (text = CSV, name = 'products_export.csv') => new File([text], name, { type: 'text/csv' });

it('previews a Shopify CSV with the rows it cannot import by row and column, then imports the rest with its progress', async () => {
  await signedInStudio(server, { at: '/editor/products/import' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Import products' })).toBeTruthy();
  chooseFile(csvFile());

  expect(await screen.findByRole('heading', { name: 'Preview of products_export.csv' })).toBeTruthy();
  expect(csv.calls.find((call) => call.path === 'PreviewProductsCsv')?.body).toBe(CSV);
  expect(screen.getByText('Products', { selector: 'dt' }).nextElementSibling?.textContent).toBe('1 (1 new, 0 updated)');
  const problems = screen.getByRole('table');
  const rows = within(problems)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
  expect(rows).toEqual([
    ['3', 'Variant Price', 'must not be negative'],
    ['4', 'Variant Inventory Qty', 'must be a whole number'],
  ]);
  expect(screen.getByRole('heading', { name: 'Rows that cannot be imported (2)' })).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Import 1 product' }));
  expect(await screen.findByRole('heading', { name: 'Importing products_export.csv' })).toBeTruthy();
  expect(screen.getByRole('progressbar', { name: 'Products imported' })).toBeTruthy();
  expect(await screen.findByRole('heading', { name: 'Imported products_export.csv' }, { timeout: 5000 })).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe('1 product created, 0 products updated.');
  expect(csv.calls.find((call) => call.path === 'ImportProductsCsv')?.body).toBe(
    JSON.stringify({ importId: 'a3c1d9e2-7b4f-4c1e-9d2a-5f6b7c8d9e0f' }),
  );
  expect(screen.getByRole('link', { name: 'See products' }).getAttribute('href')).toBe('/editor/products');
});

it('cancels a running import and says the catalogue is as it was', async () => {
  useCsvServer({ steps: 1000 });
  await signedInStudio(server, { at: '/editor/products/import' });
  chooseFile(csvFile());
  fireEvent.click(await screen.findByRole('button', { name: 'Import 1 product' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel import' }));
  expect(await screen.findByRole('heading', { name: 'products_export.csv was not imported' }, { timeout: 5000 })).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe('The import was cancelled. Your catalogue is as it was.');
  expect(csv.calls.some((call) => call.path === 'CancelProductsImport')).toBe(true);
});

it('says a failed import changed nothing, and refuses a file that is not a CSV before sending it', async () => {
  useCsvServer({ end: 'failed' });
  await signedInStudio(server, { at: '/editor/products/import' });
  chooseFile(new File(['\x89PNG'], 'photo.png', { type: 'image/png' }));
  expect((await screen.findByRole('alert')).textContent).toBe('photo.png is not a CSV file: choose the .csv file Shopify exports.');
  expect(csv.calls).toEqual([]);

  chooseFile(csvFile());
  fireEvent.click(await screen.findByRole('button', { name: 'Import 1 product' }));
  await waitFor(
    () => expect(screen.getByRole('status').textContent).toBe('The import failed: the database refused it. Your catalogue is as it was.'),
    {
      timeout: 5000,
    },
  );
});
