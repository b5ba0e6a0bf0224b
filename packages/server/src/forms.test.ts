import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startOnBackend, type TestServer, type BackendServer } from './test-support.ts';

describe.each(backends)('forms, contact and subscribe on $name', ({ create }) => {
  let server: TestServer;
  let started: BackendServer;
  let galleryId: number;
  const countSubmissions = async (kind: 'form' | 'contact' | 'subscribe') =>
    Number(
      (
        await server.db
          .selectFrom('form_submissions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('kind', '=', kind)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ server } = started);
    const page = await (await server.call('/api/Page/GetPage?Slug=sections')).json();
    galleryId = page.data.pageId;
  });
  afterAll(() => started?.stop());

  async function formSection() {
    const { data } = await (await server.call('/api/Page/GetPage?Slug=sections')).json();
    return data.document.sections.find((s: { type: number }) => s.type === 21) as {
      id: string;
      blocks: { settings: Record<string, unknown> }[];
    };
  }

  it('refuses an empty dynamic form with §5 messages per field, and stores nothing', async () => {
    const section = await formSection();
    const response = await server.call('/api/Form/Submit', {
      method: 'POST',
      body: { pageId: galleryId, sectionId: section.id, values: {} },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    const mandatory = section.blocks.filter((b) => b.settings['is_mandatory'] === '1' || b.settings['is_mandatory'] === true);
    expect(Object.keys(body.errors).length).toBeGreaterThanOrEqual(mandatory.length > 0 ? 1 : 0);
    for (const message of Object.values(body.errors as Record<string, string>)) expect(message).toMatch(/ is required$/);
    expect(await countSubmissions('form')).toBe(0);
  });

  it('checks values against the published fields, not the browser, and stores a good submission', async () => {
    const section = await formSection();
    const { errors } = await (
      await server.call('/api/Form/Submit', { method: 'POST', body: { pageId: galleryId, sectionId: section.id, values: {} } })
    ).json();
    const values: Record<string, unknown> = {};
    for (const name of Object.keys(errors)) values[name] = 'A real answer';
    let response = await server.call('/api/Form/Submit', { method: 'POST', body: { pageId: galleryId, sectionId: section.id, values } });
    // Choice fields need one of their options; fill those from the server's answer and try again.
    if (response.status === 400) {
      const again = (await response.json()).errors as Record<string, string>;
      for (const block of section.blocks) {
        const name = String(block.settings['field_name']);
        if (again[name]) {
          const options = String(block.settings['options'] ?? '')
            .split('\n')
            .filter(Boolean);
          values[name] =
            block.settings['input_type'] === 'checkbox'
              ? [options[0]]
              : block.settings['input_type'] === 'file'
                ? { name: 'a.txt', base64: 'aGVsbG8=' }
                : options[0];
        }
      }
      response = await server.call('/api/Form/Submit', { method: 'POST', body: { pageId: galleryId, sectionId: section.id, values } });
    }
    expect(response.status).toBe(200);
    expect(await countSubmissions('form')).toBe(1);
    const other = await server.call('/api/Form/Submit', {
      method: 'POST',
      host: 'second.localhost',
      body: { pageId: galleryId, sectionId: section.id, values },
    });
    expect(other.status).toBe(404);
    expect(
      (await server.call('/api/Form/Submit', { method: 'POST', body: { pageId: galleryId, sectionId: 'no-such-section', values } })).status,
    ).toBe(404);
  });

  it('stores a contact message and mails it to the store owner', async () => {
    const bad = await server.call('/api/Contact/Send', { method: 'POST', body: { name: 'Ada', email: 'not-an-email', message: '' } });
    expect(bad.status).toBe(400);
    const badBody = await bad.json();
    expect(Object.keys(badBody.errors).sort()).toEqual(['email', 'message']);
    expect(await countSubmissions('contact')).toBe(0);

    const ok = await server.call('/api/Contact/Send', {
      method: 'POST',
      body: { name: 'Ada', email: 'ada@example.com', message: 'Do you ship to Norway?' },
    });
    expect(ok.status).toBe(200);
    expect(await countSubmissions('contact')).toBe(1);
    const mails = readdirSync(join(server.dataDir, 'outbox')).filter((f) => f.endsWith('.eml'));
    const mail = mails
      .map((f) => readFileSync(join(server.dataDir, 'outbox', f), 'utf8'))
      .find((m) => m.includes('Do you ship to Norway?'));
    expect(mail).toContain('owner@harbor.test');
  });

  it('signs a newsletter subscriber up once, however often they ask', async () => {
    expect((await server.call('/api/Form/Subscribe', { method: 'POST', body: { email: 'nope' } })).status).toBe(400);
    for (let i = 0; i < 2; i++)
      expect((await server.call('/api/Form/Subscribe', { method: 'POST', body: { email: 'Reader@Example.com' } })).status).toBe(200);
    expect(await countSubmissions('subscribe')).toBe(1);
  });

  it("serves only the theme fonts' real files, whole or in their two parts, for a year", async () => {
    for (const name of ['inter-latin-400-normal', 'inter-latin-common-400-normal', 'inter-latin-rest-400-normal']) {
      const font = await server.call(`/fonts/inter/${name}.woff2`);
      expect(font.status, name).toBe(200);
      expect(font.headers.get('content-type')).toBe('font/woff2');
      expect(font.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(
        Buffer.from(await font.arrayBuffer())
          .subarray(0, 4)
          .toString('latin1'),
        name,
      ).toBe('wOF2');
    }
    for (const path of [
      '/fonts/inter/inter-latin-401-normal.woff2',
      '/fonts/inter/inter-latin-some-400-normal.woff2',
      '/fonts/comic-sans/x.woff2',
      '/fonts/inter/..%2Fpackage.json',
    ]) {
      expect((await server.call(path)).status, path).toBe(404);
    }
  });

  it('renders the theme header with its category menu and the footer on every page', async () => {
    const html = await (await server.call('/')).text();
    expect(html).toContain('data-section-id="theme-header"');
    expect(html).toContain('data-section-id="theme-footer"');
    expect(html).toContain('href="/kitchen"');
    expect(html).toMatch(
      /<link rel="preload" as="font" type="font\/woff2" crossorigin href="\/fonts\/inter\/inter-latin-common-400-normal.woff2">/,
    );
  });
});
