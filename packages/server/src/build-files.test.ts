import { afterAll, beforeAll, expect, it } from 'vitest';
import { backends, startOnBackend, type BackendServer } from './test-support.ts';

/** §7's build files: the latest-build file a page's build check reads (the payload file is the page itself: README). */
let started: BackendServer;
beforeAll(async () => {
  started = await startOnBackend(backends[0]!.create);
});
afterAll(() => started?.stop());

it('serves the latest-build file: the build the server runs, never kept by a cache, on every store and the platform', async () => {
  for (const host of ['localhost', 'second.localhost', '127.0.0.1']) {
    const file = await started.server.call('/_build/latest.json', { host });
    expect(file.status, host).toBe(200);
    expect(file.headers.get('content-type'), host).toMatch(/^application\/json/);
    expect(file.headers.get('cache-control'), host).toBe('no-store');
    expect(await file.json(), host).toEqual({ buildId: 'test-build' });
  }
  // The API's build metadata names the same build.
  expect(await (await started.server.call('/api/Web/Build')).json()).toEqual({ data: { buildId: 'test-build' } });
  // Another file under /_build/ is no page: a 404 in JSON, not the store's not-found page.
  const other = await started.server.call('/_build/other.json');
  expect(other.status).toBe(404);
  expect(other.headers.get('content-type')).toMatch(/^application\/json/);
});
