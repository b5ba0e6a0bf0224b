import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webEndpoints } from '@vitrine/commerce';
import { backends, startOnBackend, type BackendServer, type TestServer } from './test-support.ts';

describe.each(backends)("a store's designs on $name", ({ create }) => {
  let server: TestServer;
  let started: BackendServer;
  const designs = async (host = 'localhost') => {
    const response = await server.call('/api/Web/GetDesigns', { host });
    expect(response.status).toBe(200);
    return webEndpoints.getDesigns.answer.parse(await response.json()).data.designs;
  };

  beforeAll(async () => {
    started = await startOnBackend(create);
    server = started.server;
  });
  afterAll(() => started?.stop());

  it('lists the live design first, then the public ones, with colours, fonts and the wtid that previews each', async () => {
    const list = await designs();
    expect(list.map((d) => [d.name, d.isLive])).toEqual([
      ['Harbor', true],
      ['Harbor Dusk', false],
    ]);
    expect(list[1]!.colors.brand).toBe('#d97745');
    expect(list[1]!.fonts).toEqual({ heading: 'Merriweather', body: 'Nunito' });
    expect(Buffer.from(list[1]!.wtid, 'base64').toString()).toBe(String(list[1]!.themeID));
    // The preview draws the store in that design.
    const page = await (await server.call(`/?wtid=${encodeURIComponent(list[1]!.wtid)}`)).text();
    expect(page).toContain('--color-brand:#d97745');
  });

  it("keeps designs to their store: another store's list, and its wtid, never show here", async () => {
    const mine = await designs();
    const theirs = await designs('second.localhost');
    expect(theirs.map((d) => d.name)).toEqual(['Nord', 'Nord Fjell']);
    expect(theirs.some((d) => mine.some((m) => m.themeID === d.themeID))).toBe(false);
    const page = await (await server.call(`/?wtid=${encodeURIComponent(theirs[1]!.wtid)}`)).text();
    expect(page).not.toContain('--color-brand:#2f4858');
    expect(page).toContain('--color-brand:#1f3a5f');
  });
});
