import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  draftConflictAnswer,
  getWebInfoAnswer,
  publishAnswer,
  rollbackAnswer,
  saveDraftAnswer,
  studioThemeAnswer,
  themeDocument,
  versionsAnswer,
  type StudioTheme,
  type ThemeDocument,
} from '@vitrine/commerce';
import { compileTheme } from '@vitrine/theme-engine';
import { themeStylesheet } from '@vitrine/storefront/server';
import { readStoredTheme } from './studio/studio-documents.ts';
import { recompilePublishedThemes } from './studio/theme.ts';
import { backends, startOnBackend, signInOwner, studioCaller, type TestServer, type BackendServer } from './test-support.ts';

describe.each(backends)('studio theme on $name', ({ create }) => {
  let server: TestServer;
  let started: BackendServer;
  let store1: number;
  let studio: ReturnType<typeof studioCaller>;

  const json = async (response: Response) => (await response.json()) as { error?: { code: string; message: string; field?: string } };
  const openTheme = async (host = 'localhost', caller = studio): Promise<StudioTheme> => {
    const response = await caller('/api/Studio/GetTheme', { host });
    expect(response.status).toBe(200);
    return studioThemeAnswer.parse(await response.json()).data;
  };
  const saveTheme = (draftRevision: number, document: unknown) => studio('/api/Studio/SaveTheme', { body: { draftRevision, document } });
  const themeRow = async () => {
    const site = await server.db.selectFrom('sites').select('active_theme_id').where('web_id', '=', store1).executeTakeFirstOrThrow();
    return server.db.selectFrom('themes').selectAll().where('theme_id', '=', site.active_theme_id!).executeTakeFirstOrThrow();
  };
  /** What shoppers get: the web config's theme, and the CSS inlined in a server-rendered page. */
  const shopperTheme = async (host = 'localhost') => {
    const info = getWebInfoAnswer.parse(await (await server.call(`/api/Web/GetWebInfo?Domain=${host}`)).json()).data.themeSettings;
    const html = await (await server.call('/', { host })).text();
    const stylesheet = (JSON.parse(html.match(/id="vt-data">(.*?)<\/script>/)![1]!) as { boot: { themeStylesheet?: string } }).boot
      .themeStylesheet!;
    return { css: info.themeCSS, document: themeDocument.parse(JSON.parse(info.themeData)), html, stylesheet };
  };
  /** A theme stylesheet as a store's domain serves it. */
  const stylesheetAt = async (path: string, host = 'localhost') => {
    const response = await server.call(path, { host });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      cache: response.headers.get('cache-control'),
      css: await response.text(),
    };
  };
  const withBrand = (theme: ThemeDocument, brand: string, placeholder?: string): ThemeDocument => ({
    ...theme,
    settings: { ...theme.settings, colors: { ...(theme.settings['colors'] as object), brand } },
    header: placeholder ? { ...theme.header!, settings: { ...theme.header!.settings, search_placeholder: placeholder } } : theme.header,
  });

  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ server, harborId: store1 } = started);
    studio = studioCaller(server, await signInOwner(server, 'owner@harbor.test', 'harbor-owner-demo'));
  });
  afterAll(() => started?.stop());

  it("opens the store's active theme: settings, header and footer, with its revision", async () => {
    const theme = await openTheme();
    const row = await themeRow();
    expect(theme).toMatchObject({
      themeId: row.theme_id,
      name: row.name,
      draftRevision: 1,
      publishedVersion: 1,
      hasUnpublishedChanges: false,
      publishedAt: row.published_at!.toISOString(),
    });
    expect(theme.draft.settings).toMatchObject({ colors: { brand: '#1f3a5f' }, corners: expect.any(String) });
    expect([theme.draft.header?.type, theme.draft.footer?.type]).toEqual([1, 2]);
    expect(theme.draft.header?.blocks?.map((b) => b.settings['label'])).toEqual(['Contact']);
  });

  it('refuses a theme that does not fit, naming the value at fault, and writes nothing', async () => {
    const theme = await openTheme();
    const unchanged = await themeRow();
    const settings = theme.draft.settings as Record<string, Record<string, unknown>>;
    for (const [name, document, field] of [
      ['a colour that is not one', withBrand(theme.draft, 'brandy'), 'document.settings.colors.brand'],
      [
        'a font the store does not offer',
        { ...theme.draft, settings: { ...settings, fonts: { ...settings['fonts'], heading: 'Comic Sans MS' } } },
        'document.settings.fonts.heading',
      ],
      ['a radius out of range', { ...theme.draft, settings: { ...settings, radius: 400 } }, 'document.settings.radius'],
      ['a footer as the header', { ...theme.draft, header: theme.draft.footer }, 'document.header.type'],
      [
        'a header setting out of range',
        { ...theme.draft, header: { ...theme.draft.header!, settings: { ...theme.draft.header!.settings, category_limit: 50 } } },
        'document.header.settings.category_limit',
      ],
      [
        'a footer style that is not one',
        { ...theme.draft, footer: { ...theme.draft.footer!, style: { section_width: 'vast' } } },
        'document.footer.style.section_width',
      ],
    ] as const) {
      const response = await saveTheme(theme.draftRevision, document);
      expect(response.status, name).toBe(400);
      const { error } = await json(response);
      expect(error?.field, name).toBe(field);
      expect(error?.message, name).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: `));
    }
    expect(await themeRow()).toEqual(unchanged);
  });

  it('saves a draft that shoppers do not see, and refuses a second tab saving from the old revision', async () => {
    const theme = await openTheme();
    const saved = await saveTheme(theme.draftRevision, withBrand(theme.draft, '#aa3300', 'Find your next lamp'));
    expect(saved.status).toBe(200);
    const { data } = saveDraftAnswer.parse(await saved.json());
    expect(data.draftRevision).toBe(theme.draftRevision + 1);
    const afterFirst = await themeRow();

    const secondTab = await saveTheme(theme.draftRevision, withBrand(theme.draft, '#00aa33'));
    expect(secondTab.status).toBe(409);
    expect(draftConflictAnswer.parse(await secondTab.json()).error).toMatchObject({
      message: expect.stringContaining('This theme was changed in another tab or by someone else'),
      draftRevision: data.draftRevision,
      updatedAt: data.updatedAt,
    });
    expect(await themeRow()).toEqual(afterFirst);
    expect(await openTheme()).toMatchObject({
      draftRevision: data.draftRevision,
      hasUnpublishedChanges: true,
      draft: { settings: { colors: { brand: '#aa3300' } } },
    });

    const shopper = await shopperTheme();
    expect(shopper.css).toContain('--color-brand:#1f3a5f');
    expect(shopper.css).not.toContain('#aa3300');
    expect(shopper.html).not.toContain('--color-brand:#aa3300');
    expect(shopper.html).not.toContain('Find your next lamp');
  });

  it('publishes: the compiled CSS, settings and header reach shoppers at once', async () => {
    const theme = await openTheme();
    expect((await studio('/api/Studio/PublishTheme', { body: { draftRevision: theme.draftRevision - 1 } })).status).toBe(409);
    const before = await shopperTheme();

    const published = await studio('/api/Studio/PublishTheme', { body: { draftRevision: theme.draftRevision } });
    expect(published.status).toBe(200);
    const { data } = publishAnswer.parse(await published.json());
    expect(data.publishedVersion).toBe(2);

    const after = await shopperTheme();
    expect(after.css).not.toBe(before.css);
    // The page names the new whole stylesheet; one drawn before the publish is answered with it too, not to be kept.
    expect(after.stylesheet).not.toBe(before.stylesheet);
    expect(await stylesheetAt(after.stylesheet)).toEqual({
      status: 200,
      type: 'text/css; charset=utf-8',
      cache: 'public, max-age=31536000, immutable',
      css: themeStylesheet(after.css).text,
    });
    expect(await stylesheetAt(before.stylesheet)).toMatchObject({ status: 200, cache: 'no-cache', css: themeStylesheet(after.css).text });
    expect(after.css).toContain('--color-brand:#aa3300');
    expect((after.document.settings['colors'] as Record<string, string>)['brand']).toBe('#aa3300');
    expect(after.html).toContain('--color-brand:#aa3300');
    expect(after.html).toContain('Find your next lamp');
    const row = await themeRow();
    const version = await server.db
      .selectFrom('theme_versions')
      .selectAll()
      .where('theme_id', '=', row.theme_id)
      .where('version', '=', 2)
      .executeTakeFirstOrThrow();
    expect(version.css).toBe(row.published_css);
    expect(await openTheme()).toMatchObject({ publishedVersion: 2, publishedAt: data.publishedAt, hasUnpublishedChanges: false });
  });

  it('lists published versions newest first and rolls back to one, live once published', async () => {
    const versions = versionsAnswer.parse(await (await studio('/api/Studio/GetThemeVersions')).json()).data.versions;
    expect(versions.map((v) => [v.version, v.sectionCount])).toEqual([
      [2, 2],
      [1, 2],
    ]);
    const theme = await openTheme();
    const rolledBack = await studio('/api/Studio/RollbackTheme', { body: { version: 1 } });
    expect(rolledBack.status).toBe(200);
    const { draftRevision } = rollbackAnswer.parse(await rolledBack.json()).data;
    expect(draftRevision).toBe(theme.draftRevision + 1);
    expect((await openTheme()).draft.settings).toMatchObject({ colors: { brand: '#1f3a5f' } });
    expect((await shopperTheme()).css).toContain('--color-brand:#aa3300');

    expect((await studio('/api/Studio/PublishTheme', { body: { draftRevision } })).status).toBe(200);
    const live = await shopperTheme();
    expect(live.css).toContain('--color-brand:#1f3a5f');
    expect(live.html).not.toContain('Find your next lamp');
    const missing = await studio('/api/Studio/RollbackTheme', { body: { version: 99 } });
    expect(missing.status).toBe(404);
    expect((await json(missing)).error).toMatchObject({ code: 'VERSION_NOT_FOUND', field: 'version' });
    expect((await studio('/api/Studio/RollbackTheme', { body: { version: 0 } })).status).toBe(400);
  });

  it('gives a store without a theme the default one, once, so that there is always one to edit', async () => {
    const store2 = (
      await server.db.selectFrom('site_domains').select('web_id').where('domain', '=', 'second.localhost').executeTakeFirstOrThrow()
    ).web_id!;
    await server.db.updateTable('sites').set({ active_theme_id: null }).where('web_id', '=', store2).execute();
    const owner2 = studioCaller(server, await signInOwner(server, 'owner@atelier.test', 'atelier-owner-demo'));
    const [theme, again] = await Promise.all([openTheme('second.localhost', owner2), openTheme('second.localhost', owner2)]);
    expect(again.themeId).toBe(theme.themeId);
    expect(theme).toMatchObject({ name: 'Default', draftRevision: 1, publishedVersion: 1, hasUnpublishedChanges: false });
    expect([theme.draft.header?.type, theme.draft.footer?.type]).toEqual([1, 2]);
    const site = await server.db.selectFrom('sites').select('active_theme_id').where('web_id', '=', store2).executeTakeFirstOrThrow();
    expect(site.active_theme_id).toBe(theme.themeId);
    expect((await shopperTheme('second.localhost')).css).toContain('--color-brand:#1f3a5f');
  });
  it("writes each published theme's CSS again when the engine writes it differently, and leaves the rest", async () => {
    const row = await themeRow();
    const others = await server.db
      .selectFrom('themes')
      .select(['theme_id', 'published_css'])
      .where('theme_id', '!=', row.theme_id)
      .execute();
    // A stylesheet an older engine wrote, without the fallback faces this one sizes to each theme font.
    await server.db.updateTable('themes').set({ published_css: 'body{color:red}' }).where('theme_id', '=', row.theme_id).execute();

    expect(await recompilePublishedThemes(server.db)).toBe(1);
    const css = (await themeRow()).published_css!;
    expect(css).toBe(compileTheme(readStoredTheme(row.published).settings).css);
    expect(css).toContain('Fallback";font-style:normal;font-weight:400;src:local("Arial")');
    const after = await server.db
      .selectFrom('themes')
      .select(['theme_id', 'published_css'])
      .where('theme_id', '!=', row.theme_id)
      .execute();
    expect(after).toEqual(others);
    expect(await recompilePublishedThemes(server.db)).toBe(0);
  });

  it("serves each store's whole theme stylesheet on its own domain only, by the name its pages give it", async () => {
    const first = await shopperTheme();
    const second = await shopperTheme('second.localhost');
    expect(first.css).not.toBe(second.css);
    // The page carries only the rules it uses; the app links the whole stylesheet when it starts.
    expect(first.css).toContain('.vt-cols-mobileWide-7{');
    expect(first.html).not.toContain('.vt-cols-mobileWide-7{');
    // It leaves out the font faces, which every page carries (the app linking them again laid the page out again).
    expect(first.css).toContain('@font-face');
    const whole = { first: themeStylesheet(first.css).text, second: themeStylesheet(second.css).text };
    expect(whole.first).not.toContain('@font-face');
    expect(whole.first).toContain('.vt-cols-mobileWide-7{');
    expect(await stylesheetAt(first.stylesheet)).toMatchObject({ status: 200, css: whole.first });
    expect(await stylesheetAt(second.stylesheet, 'second.localhost')).toMatchObject({ status: 200, css: whole.second });
    // Another store's name asked on this domain answers this store's stylesheet, never the other's, and is not kept.
    expect(await stylesheetAt(second.stylesheet)).toMatchObject({ status: 200, cache: 'no-cache', css: whole.first });
    expect(await stylesheetAt(first.stylesheet, 'second.localhost')).toMatchObject({ cache: 'no-cache', css: whole.second });
    expect((await stylesheetAt(first.stylesheet, 'nowhere.test')).status).toBe(404);
  });
});
