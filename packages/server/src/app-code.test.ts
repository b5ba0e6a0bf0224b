import { afterAll, beforeAll, expect, it } from 'vitest';
import { appCodeOf } from '@vitrine/storefront/server';
import { backends, startOnBackend, type BackendServer } from './test-support.ts';

/**
 * The code a page's app needs to take it over, fetched by the page ahead of the shopper's first tap (issue 33): the
 * page names it (`boot.appCode`), `/_app/code/<build>/<name>` answers the files.
 */
const modules = {
  'storefront/src/app.tsx': ['/assets/first-page-0.js', '/assets/react-2.js', '/assets/app-1.js'],
  'storefront/src/pages/page-view.tsx': ['/assets/react-2.js', '/assets/page-view-3.js'],
};
const appCode = appCodeOf(modules, ['/assets/first-page-0.js']);

let started: BackendServer;
beforeAll(async () => {
  started = await startOnBackend(backends[0]!.create, { assets: { appCode } });
});
afterAll(() => started?.stop());

it('answers the name a page was given with the files, kept by the browser for good; another build’s name is not found', async () => {
  const page = await (await started.server.call('/', { host: 'localhost' })).text();
  const name = /"appCode":"([^"]+)"/.exec(page)?.[1];
  expect(name).toBe(appCode.nameOf(Object.keys(modules)));
  for (const host of ['localhost', 'second.localhost', '127.0.0.1']) {
    const answer = await started.server.call(`/_app/code/test-build/${name}`, { host });
    expect(answer.status, host).toBe(200);
    expect(answer.headers.get('cache-control'), host).toBe('public, max-age=31536000, immutable');
    expect(await answer.json(), host).toEqual(['/assets/react-2.js', '/assets/app-1.js', '/assets/page-view-3.js']);
  }
  for (const path of [`/_app/code/older-build/${name}`, '/_app/code/test-build/9', '/_app/code/test-build/..%2F..%2Fetc']) {
    const answer = await started.server.call(path);
    expect(answer.status, path).toBe(404);
    expect(answer.headers.get('cache-control') ?? '', path).not.toContain('immutable');
  }
});
