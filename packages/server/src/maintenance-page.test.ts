import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodeHtmlEntities, loadStudioMaintenance, MAINTENANCE_BYPASS_COOKIE } from './shop/maintenance.ts';
import { hashPassword } from './auth/passwords.ts';
import { backends, startOnBackend, type BackendServer } from './test-support.ts';

/**
 * Issue 33: the maintenance page answered 200 (so crawlers kept it as the store's content), did not say whose store
 * it was, showed the owner's formatting as literal tags, and after the password always went home rather than to the
 * page the shopper asked for. Its event stream, written straight to the socket, had none of the security headers.
 */
let started: BackendServer;
const description = '<p>Back <strong>soon</strong> &amp; better.</p><script>alert(1)</script><img src="x" onerror="alert(2)">';
beforeAll(async () => {
  started = await startOnBackend(backends[0]!.create);
  await started.server.db
    .updateTable('sites')
    .set({
      is_maintenance: true,
      maintenance_description: encodeHtmlEntities(description),
      maintenance_password_hash: await hashPassword('harbor closed'),
    })
    .where('web_id', '=', started.harborId)
    .execute();
});
afterAll(() => started?.stop());

const call = (path: string, init: Parameters<BackendServer['server']['call']>[1] = {}) => started.server.call(path, init);

it('sends a shopper to the maintenance page with the page they asked for, and answers it 503 with Retry-After', async () => {
  const asked = await call('/kitchen/cookware?sort=price');
  expect(asked.status).toBe(302);
  const location = asked.headers.get('location')!;
  expect(location).toBe(`/maintenance?return=${encodeURIComponent('/kitchen/cookware?sort=price')}`);

  const page = await call(location);
  expect(page.status).toBe(503);
  expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(page.headers.get('cache-control')).toMatch(/no-store/);
  expect(page.headers.get('x-frame-options')).toBe('DENY');
  const html = await page.text();
  // The store's name is on the page, not only in the tab's title.
  expect(html.replace(/<title>[^<]*<\/title>/, '')).toContain('Harbor &amp; Pine');
  // The owner's formatting, sanitised: the tags are drawn, the script and the handler are gone.
  expect(html).toContain('<p>Back <strong>soon</strong> &amp; better.</p>');
  expect(html).not.toContain('&lt;strong&gt;');
  expect(html).not.toContain('alert(');
  expect(html).not.toContain('onerror');
});

it('answers the home page the same way, with no return address to carry', async () => {
  const home = await call('/');
  expect(home.status).toBe(302);
  expect(home.headers.get('location')).toBe('/maintenance');
  expect((await call('/maintenance')).status).toBe(503);
});

it('after the password, returns the shopper to the page they asked for, and never to another site', async () => {
  const right = await call('/api/Web/CheckMaintenanceModePassword', {
    method: 'POST',
    body: { password: 'harbor closed' },
    ip: '10.33.0.1',
  });
  expect(await right.json()).toEqual({ data: true });
  const cookie = right.headers.get('set-cookie')!.split(';')[0]!;
  expect(cookie.startsWith(`${MAINTENANCE_BYPASS_COOKIE}=`)).toBe(true);

  const back = await call(`/maintenance?return=${encodeURIComponent('/kitchen/cookware?sort=price')}`, { headers: { cookie } });
  expect(back.status).toBe(302);
  expect(back.headers.get('location')).toBe('/kitchen/cookware?sort=price');
  expect((await call('/kitchen/cookware?sort=price', { headers: { cookie } })).status).toBe(200);

  for (const elsewhere of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '/maintenance']) {
    const refused = await call(`/maintenance?return=${encodeURIComponent(elsewhere)}`, { headers: { cookie } });
    expect(refused.status, elsewhere).toBe(302);
    expect(refused.headers.get('location'), elsewhere).toBe('/');
  }
});

it('gives the shopper app the description sanitised too, and the studio what the owner wrote', async () => {
  const settings = await (await call('/api/Web/GetMaintenanceModeSettings')).json();
  expect(settings.data.description).toBe('<p>Back <strong>soon</strong> &amp; better.</p><img src="x" />');
  expect(settings.data.description).not.toContain('script');
  // The studio's form gets back exactly what the owner wrote, to edit it.
  expect((await loadStudioMaintenance(started.server.db, started.harborId)).description).toBe(description);
});

it('streams the live flag with the security headers every other answer carries', async () => {
  const stream = await started.server.stream('/api/Web/MaintenanceStream');
  try {
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
    expect(stream.headers['x-frame-options']).toBe('DENY');
    expect(stream.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(stream.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(JSON.parse((await stream.next()).data)).toEqual({ isMaintanance: true });
  } finally {
    stream.close();
  }
});
