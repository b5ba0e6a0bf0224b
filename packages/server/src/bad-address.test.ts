import { afterAll, beforeAll, expect, it } from 'vitest';
import { backends, startOnBackend, type BackendServer } from './test-support.ts';

/**
 * Issue 33: an address that does not decode (`/%`, a cut UTF-8 sequence, a NUL byte) was refused by the framework
 * before any route or hook ran: raw JSON naming Fastify's error code, and none of the security headers.
 */
let started: BackendServer;
beforeAll(async () => {
  started = await startOnBackend(backends[0]!.create);
});
afterAll(() => started?.stop());

const expectSecurityHeaders = (response: Response, path: string) => {
  expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
  expect(response.headers.get('x-frame-options'), path).toBe('DENY');
  expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
};

it("answers a malformed page address with the store's own Bad Request page and the security headers", async () => {
  for (const path of ['/%', '/%E0%A4%A', '/a%00b', '/kitchen/%zz?x=1']) {
    const response = await started.server.call(path, { headers: { accept: 'text/html' } });
    expect(response.status, path).toBe(400);
    expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
    expectSecurityHeaders(response, path);
    const html = await response.text();
    expect(html, path).toContain('<title>Bad Request</title>');
    expect(html, path).toContain('This address is not valid');
    // Nothing of the framework's answer, and the bad address is not echoed back.
    expect(html, path).not.toContain('FST_ERR');
    expect(html, path).not.toContain(path);
  }
});

it('answers a malformed API address with the JSON error envelope and the security headers', async () => {
  for (const path of ['/api/%', '/api/Web/%E0%A4%A', '/api/a%00b']) {
    const response = await started.server.call(path);
    expect(response.status, path).toBe(400);
    expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
    expectSecurityHeaders(response, path);
    expect((await response.json()).error, path).toMatchObject({ code: expect.stringMatching(/^BAD_(URL|REQUEST)$/) });
  }
  const undecodable = await started.server.call('/api/Web/%E0%A4%A');
  expect(await undecodable.json()).toEqual({ error: { code: 'BAD_URL', message: 'The address is not valid' } });
});

it('still serves well-formed encoded addresses as before', async () => {
  const missing = await started.server.call('/caf%C3%A9-nothing-here');
  expect(missing.status).toBe(404);
  expectSecurityHeaders(missing, '/caf%C3%A9-nothing-here');
});
