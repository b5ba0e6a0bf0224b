import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { stringify } from 'csv-stringify/sync';
import { catalogueCsvColumns, type CatalogueCsvColumn } from '@vitrine/commerce';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/connect.ts';
import { seedCatalogue } from '../packages/server/src/seed/seed-catalogue.ts';
import { seedDemoStores } from '../packages/server/src/seed/seed-demo.ts';
import { onCleanup } from './cleanup.ts';
import { ensureBuilt, httpRequest, startProductionServer, stopProductionServer, tempDir } from './processes.ts';

/** Issue 34's targets: a 10,000-product CSV (30,000 variants) imported in 20 s under 300 MB; 100,000 products exported in 15 s. */
export const CATALOGUE_CSV_TARGETS = { importMs: 20_000, importPeakRssMb: 300, exportMs: 15_000 } as const;

/** Products of the imported file, each of three variants; `BENCH_CSV_PRODUCTS` changes it for a quicker trial run. */
const IMPORT_PRODUCTS = Number(process.env['BENCH_CSV_PRODUCTS'] ?? 10_000);
/** Products generated before the export is timed; `BENCH_CATALOGUE_PRODUCTS` changes it, as for the catalogue bench. */
const EXPORT_PRODUCTS = Number(process.env['BENCH_CATALOGUE_PRODUCTS'] ?? 100_000);
const STORE_HOST = 'localhost';

export interface CatalogueCsvBenchResult {
  import: {
    products: number;
    variants: number;
    fileBytes: number;
    previewMs: number;
    importMs: number;
    /** The server process's resident memory at its highest (VmHWM), from its start to the import's end. */
    peakRssMb: number;
  };
  export: { products: number; rows: number; bytes: number; ms: number; firstByteMs: number };
}

type Row = Partial<Record<CatalogueCsvColumn, string>>;

/** A Shopify product CSV of `products` products of three sizes each, in 40 categories and 60 brands. */
export function generatedCatalogueCsv(products: number): string {
  const rows: Row[] = [];
  const sizes = ['Small', 'Medium', 'Large'];
  for (let n = 1; n <= products; n++) {
    const handle = `bench-import-${n}`;
    sizes.forEach((size, v) => {
      const variant: Row = {
        Handle: handle,
        'Option1 Value': size,
        'Option2 Value': n % 2 ? 'Oak' : 'Walnut',
        'Variant SKU': `BI-${n}-${v + 1}`,
        'Variant Inventory Qty': String((n + v) % 40),
        'Variant Price': `${10 + (n % 90)}.${String((n * 7 + v) % 100).padStart(2, '0')}`,
        'Variant Compare At Price': n % 5 === 0 ? `${120 + (n % 90)}.00` : '',
      };
      rows.push(
        v === 0
          ? {
              ...variant,
              Title: `Bench Import Table ${n}`,
              'Body (HTML)': `<p>Table number <strong>${n}</strong>, made to last.</p>`,
              Vendor: `Bench Maker ${n % 60}`,
              'Product Category / Type': `Bench Furniture > Tables ${n % 40}`,
              Published: 'TRUE',
              'Option1 Name': 'Size',
              'Option2 Name': 'Wood',
              'SEO Title': `Table ${n}`,
              'SEO Description': `Bench table ${n}`,
              Status: 'active',
            }
          : variant,
      );
    });
  }
  return stringify(rows, { header: true, columns: [...catalogueCsvColumns] });
}

/** The highest resident memory of process `pid` so far, in MB (Linux's VmHWM), or NaN where /proc has none. */
function peakRssMb(pid: number): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Harbor & Pine's owner signed in; the demo's sign-in. */
async function ownerHeaders(origin: string): Promise<Record<string, string>> {
  const response = await httpRequest(`${origin}/api/Studio/SignIn`, {
    method: 'POST',
    headers: { host: STORE_HOST },
    body: { email: 'owner@harbor.test', password: 'harbor-owner-demo' },
  });
  if (response.status !== 200) throw new Error(`The owner's sign-in answered ${response.status}: ${response.body.toString('utf8')}`);
  const { data } = JSON.parse(response.body.toString('utf8')) as { data: { sessionToken: string } };
  return { host: STORE_HOST, authorization: `Bearer ${data.sessionToken}` };
}

/** POSTs `body` as it is (the file), with the Host that picks the store. */
function sendRaw(url: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(body.length) }, timeout: 300_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`POST ${url} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

const json = <T>(response: { status: number; body: Buffer }, what: string): T => {
  if (response.status >= 300) throw new Error(`${what} answered ${response.status}: ${response.body.toString('utf8').slice(0, 500)}`);
  return JSON.parse(response.body.toString('utf8')) as T;
};

/** Previews and imports the generated file over HTTP, as the owner's client does, polling the progress. */
async function benchImport(): Promise<CatalogueCsvBenchResult['import']> {
  // A first start migrates and seeds the demo stores: slower on a busy machine.
  const server = await startProductionServer({ timeoutMs: 300_000 });
  const { child, origin } = server;
  try {
    const headers = await ownerHeaders(origin);
    const csv = Buffer.from(generatedCatalogueCsv(IMPORT_PRODUCTS));
    console.log(`bench: previewing a ${(csv.length / 1e6).toFixed(1)} MB CSV of ${IMPORT_PRODUCTS.toLocaleString('en-US')} products…`);
    const previewStart = performance.now();
    const response = await sendRaw(`${origin}/api/Studio/PreviewProductsCsv`, { ...headers, 'content-type': 'text/csv' }, csv);
    const preview = json<{ data: { importId: string; products: number; variants: number; problems: unknown[] } }>(
      response,
      'PreviewProductsCsv',
    );
    const previewMs = performance.now() - previewStart;
    if (preview.data.problems.length) throw new Error(`The preview found problems: ${JSON.stringify(preview.data.problems).slice(0, 500)}`);
    const importStart = performance.now();
    json(
      await httpRequest(`${origin}/api/Studio/ImportProductsCsv`, { method: 'POST', headers, body: { importId: preview.data.importId } }),
      'ImportProductsCsv',
    );
    for (;;) {
      const progress = json<{ data: { state: string; done: number; total: number; error: string | null } }>(
        await httpRequest(`${origin}/api/Studio/GetProductsImport?importId=${preview.data.importId}`, { headers, timeoutMs: 60_000 }),
        'GetProductsImport',
      ).data;
      if (progress.state === 'done') break;
      if (progress.state !== 'running') throw new Error(`The import ended ${progress.state}: ${progress.error ?? ''}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const importMs = performance.now() - importStart;
    return {
      products: preview.data.products,
      variants: preview.data.variants,
      fileBytes: csv.length,
      previewMs,
      importMs,
      peakRssMb: peakRssMb(child.process.pid!),
    };
  } finally {
    await stopProductionServer(server);
  }
}

/** Generates the catalogue as the catalogue bench does, then times its export over HTTP to the last byte. */
async function benchExport(): Promise<CatalogueCsvBenchResult['export']> {
  const dataDir = tempDir('vitrine-csv-export-');
  const db = await openDatabase({ dataDir: join(dataDir, 'db') });
  let open = true;
  onCleanup(async () => {
    if (open) await db.destroy();
  });
  await migrateToLatest(db);
  await seedDemoStores(db, join(dataDir, 'media'));
  console.log(`bench: adding ${EXPORT_PRODUCTS.toLocaleString('en-US')} products to export…`);
  await seedCatalogue(db, { domain: STORE_HOST, products: EXPORT_PRODUCTS });
  const counted = await db
    .selectFrom('products as p')
    .innerJoin('site_domains as d', 'd.web_id', 'p.web_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('d.domain', '=', STORE_HOST)
    .executeTakeFirstOrThrow();
  await db.destroy();
  open = false;
  const server = await startProductionServer({ dataDir, timeoutMs: 300_000 });
  const { origin } = server;
  try {
    const headers = await ownerHeaders(origin);
    const start = performance.now();
    const { firstByteMs, bytes, rows } = await new Promise<{ firstByteMs: number; bytes: number; rows: number }>((resolve, reject) => {
      const req = request(`${origin}/api/Studio/ExportProducts`, { headers, timeout: 120_000 }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`The export answered ${res.statusCode}`));
        let first = 0;
        let size = 0;
        let lines = 0;
        res.on('data', (chunk: Buffer) => {
          if (!size) first = performance.now() - start;
          size += chunk.length;
          for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
        });
        res.on('end', () => resolve({ firstByteMs: first, bytes: size, rows: lines }));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error('The export timed out after 120 s')));
      req.on('error', reject);
      req.end();
    });
    // Lines less the header; a description with a line break in it counts twice, so this is a close count, not an exact one.
    return { products: Number(counted.n), rows: rows - 1, bytes, ms: performance.now() - start, firstByteMs };
  } finally {
    await stopProductionServer(server);
  }
}

/**
 * Issue 34's import and export measures, on the embedded database: a generated 10,000-product CSV (30,000 variants)
 * previewed and imported into a fresh server's demo store over HTTP, timed from the import's start to its `done`, with
 * the server's peak resident memory; then 100,000 generated products (as the catalogue bench adds them) exported over
 * HTTP, timed to the last byte. Prints nothing of its own; the run reports it against `CATALOGUE_CSV_TARGETS`.
 */
export async function benchCatalogueCsv(): Promise<CatalogueCsvBenchResult> {
  await ensureBuilt();
  return { import: await benchImport(), export: await benchExport() };
}
