import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backends, startOnBackend, type BackendServer } from './test-support.ts';

/** Nothing was compressed: not the pages, not the API's answers (issue 18). The built assets: e2e/storefront/budgets. */
let started: BackendServer;
beforeAll(async () => {
  started = await startOnBackend(backends[0]!.create);
});
afterAll(() => started?.stop());

const bodyOf = async (answer: Response) => Buffer.from(await answer.arrayBuffer());

it('compresses a page with brotli or gzip, as the browser accepts, and sends it plain to a client that accepts neither', async () => {
  const plain = await started.server.call('/');
  expect(plain.headers.get('content-encoding')).toBeNull();
  const html = (await bodyOf(plain)).toString('utf8');
  expect(html.startsWith('<!doctype html>')).toBe(true);

  const br = await started.server.call('/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(br.headers.get('content-encoding')).toBe('br');
  expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
  const packed = await bodyOf(br);
  const unpacked = brotliDecompressSync(packed).toString('utf8');
  expect(unpacked.startsWith('<!doctype html>')).toBe(true);
  expect(unpacked.length).toBeGreaterThan(packed.length * 3);

  const gz = await started.server.call('/', { headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers.get('content-encoding')).toBe('gzip');
  expect(
    gunzipSync(await bodyOf(gz))
      .toString('utf8')
      .startsWith('<!doctype html>'),
  ).toBe(true);
});

it('compresses JSON answers worth it, and leaves small ones alone', async () => {
  const big = await started.server.call('/api/Web/GetWebInfo?Domain=localhost&WebThemeID=0', { headers: { 'accept-encoding': 'br' } });
  expect(big.status).toBe(200);
  expect(big.headers.get('content-encoding')).toBe('br');
  expect(JSON.parse(brotliDecompressSync(await bodyOf(big)).toString('utf8'))).toHaveProperty('data');

  const small = await started.server.call('/api/No/Such', { headers: { 'accept-encoding': 'br' } });
  expect(small.status).toBe(404);
  expect(small.headers.get('content-encoding')).toBeNull();
});

it('never holds back an event stream to compress it, though the browser accepts compression', async () => {
  const stream = await started.server.stream('/api/Web/MaintenanceStream');
  try {
    expect(stream.status).toBe(200);
    expect(stream.headers['content-encoding']).toBeUndefined();
  } finally {
    stream.close();
  }
});
