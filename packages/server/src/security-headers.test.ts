import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { realtimeDatabaseSources } from './http/security-headers.ts';
import { backends, startOnBackend, type BackendServer } from './test-support.ts';

/**
 * No answer carried a Content-Security-Policy, nosniff, a Referrer-Policy or a framing rule: a store's pages could be
 * framed by any site (clickjacking), and an injected inline script would have run.
 */
let started: BackendServer;
beforeAll(async () => {
  started = await startOnBackend(backends[0]!.create);
});
afterAll(() => started?.stop());

const policyOf = (response: Response) =>
  new Map(
    (response.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );

it('a shopper page allows only its own scripts and its nonce, no inline script, and may be framed by nobody', async () => {
  const page = await started.server.call('/');
  expect(page.status).toBe(200);
  const policy = policyOf(page);
  // A store without marketing scripts: its own origin, and the page's nonce, which nothing on the page uses.
  expect(policy.get('script-src')).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}==' *$/)]);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(page.headers.get('x-frame-options')).toBe('DENY');
  expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  // The page hands its data over in a JSON block, so nothing inline needs to run.
  const html = await page.text();
  expect(html.match(/<script(?![^>]*\b(src=|type="application\/json"))[^>]*>/g)).toBeNull();
});

it("a store following a realtime database on its own address may connect to it, and no other store's pages may", async () => {
  // Atelier Nord's demo database is the run's, on loopback: only the hosted ones were allowed, so its socket was refused.
  const { port } = new URL(inject('realtimeDatabaseUrl'));
  const atelier = policyOf(await started.server.call('/', { host: 'second.localhost' })).get('connect-src');
  expect(atelier).toEqual(expect.arrayContaining(["'self'", `ws://127.0.0.1:${port}`, `http://127.0.0.1:${port}`]));
  const harbor = policyOf(await started.server.call('/')).get('connect-src');
  expect(harbor?.filter((source) => source.includes('127.0.0.1'))).toEqual([]);
  expect(realtimeDatabaseSources('wss://shop.europe-west1.firebasedatabase.app')).toEqual([
    'wss://shop.europe-west1.firebasedatabase.app',
    'https://shop.europe-west1.firebasedatabase.app',
  ]);
  expect(realtimeDatabaseSources("javascript:alert('x')")).toEqual([]);
  expect(realtimeDatabaseSources('not an address')).toEqual([]);
});

it('/preview may be framed by the same origin only (the studio), and by nothing else', async () => {
  const preview = await started.server.call('/preview');
  expect(policyOf(preview).get('frame-ancestors')).toEqual(["'self'"]);
  expect(preview.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  const lookalike = await started.server.call('/previews');
  expect(policyOf(lookalike).get('frame-ancestors')).toEqual(["'none'"]);
});

it('API answers, errors and files carry the same rules', async () => {
  for (const path of ['/api/Web/Build', '/api/No/Such', '/media/missing.webp', '/editor']) {
    const answer = await started.server.call(path);
    expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
    expect(answer.headers.get('x-frame-options'), path).toBe('DENY');
    expect(policyOf(answer).get('frame-ancestors'), path).toEqual(["'none'"]);
  }
});

it('refuses a write another site’s page sends (a form riding the visitor’s cookies); the store’s own pages and tools may write', async () => {
  const write = (headers: Record<string, string>) =>
    started.server.call('/api/Web/CheckMaintenanceModePassword', { method: 'POST', body: { password: 'guess' }, headers });
  for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'null']) {
    const refused = await write({ origin });
    expect(refused.status, origin).toBe(403);
    expect((await refused.json()).error).toMatchObject({ code: 'CROSS_ORIGIN', field: 'Origin' });
  }
  const own = await write({ origin: 'http://localhost' });
  expect(own.status).toBe(200);
  expect((await write({})).status).toBe(200);
  // Reading is open to any page, as links and images are.
  expect((await started.server.call('/api/Web/Build', { headers: { origin: 'https://evil.example' } })).status).toBe(200);
});
