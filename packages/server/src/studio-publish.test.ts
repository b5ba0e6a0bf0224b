import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  draftConflictAnswer,
  getWebInfoAnswer,
  publishAnswer,
  publishDraftsAnswer,
  publishedPage,
  studioPageAnswer,
  studioPagesAnswer,
  studioThemeAnswer,
  themeDocument,
  type PageDocument,
  type StudioPage,
  type StudioTheme,
  type ThemeDocument,
} from '@vitrine/commerce';
import { backends, startOnBackend, signInOwner, studioCaller, type TestServer, type BackendServer } from './test-support.ts';

describe.each(backends)('studio publish of a page and the theme together on $name', ({ create }) => {
  let server: TestServer;
  let started: BackendServer;
  let store1: number;
  let store2: number;
  let studio: ReturnType<typeof studioCaller>;
  let headings = 0;

  const json = async (response: Response) =>
    (await response.json()) as { data?: unknown; error?: { code: string; message: string; field?: string } };
  const publish = (body: unknown, caller = studio, host = 'localhost') => caller('/api/Studio/Publish', { body, host });
  const homeId = async () =>
    studioPagesAnswer.parse(await (await studio('/api/Studio/GetPages')).json()).data.pages.find((p) => p.pageTypeId === 1)!.pageId;
  const openPage = async (pageId: number): Promise<StudioPage> =>
    studioPageAnswer.parse(await (await studio(`/api/Studio/GetPage?PageID=${pageId}`)).json()).data.page;
  const openTheme = async (): Promise<StudioTheme> => studioThemeAnswer.parse(await (await studio('/api/Studio/GetTheme')).json()).data;

  /** Saves a new hero heading to the home page's draft; the draft's revision and the heading. */
  const saveHomeDraft = async () => {
    const pageId = await homeId();
    const page = await openPage(pageId);
    const heading = `New in the shop, take ${++headings}`;
    const document: PageDocument = {
      ...page.draft,
      sections: page.draft.sections.map((s) => (s.id === 'home-hero' ? { ...s, settings: { ...s.settings, heading } } : s)),
    };
    const saved = await studio('/api/Studio/SavePage', { body: { pageId, draftRevision: page.draftRevision, document } });
    expect(saved.status).toBe(200);
    return { pageId, draftRevision: page.draftRevision + 1, heading, publishedVersion: page.publishedVersion };
  };
  /** Saves a new brand colour to the theme's draft; the draft's revision and the colour. */
  const saveThemeDraft = async (brand: string) => {
    const theme = await openTheme();
    const document: ThemeDocument = {
      ...theme.draft,
      settings: { ...theme.draft.settings, colors: { ...(theme.draft.settings['colors'] as object), brand } },
    };
    const saved = await studio('/api/Studio/SaveTheme', { body: { draftRevision: theme.draftRevision, document } });
    expect(saved.status).toBe(200);
    return { draftRevision: theme.draftRevision + 1, publishedVersion: theme.publishedVersion };
  };
  /** What a shopper gets for the home page: the page and theme through the API, and the server-rendered page. */
  const shopperSees = async () => {
    const page = publishedPage.parse((await (await server.call('/api/Page/GetPage?Slug=')).json()).data);
    const theme = getWebInfoAnswer.parse(await (await server.call('/api/Web/GetWebInfo?Domain=localhost')).json()).data.themeSettings;
    const html = await (await server.call('/')).text();
    return {
      heading: page.document.sections[0]!.settings['heading'],
      css: theme.themeCSS,
      brand: (themeDocument.parse(JSON.parse(theme.themeData)).settings['colors'] as Record<string, string>)['brand'],
      html,
    };
  };
  /** Every row a publish writes, of both stores. */
  const published = async () => ({
    pages: await server.db.selectFrom('pages').selectAll().orderBy('page_id').execute(),
    pageVersions: await server.db.selectFrom('page_versions').selectAll().orderBy('page_id').orderBy('version').execute(),
    themes: await server.db.selectFrom('themes').selectAll().orderBy('theme_id').execute(),
    themeVersions: await server.db.selectFrom('theme_versions').selectAll().orderBy('theme_id').orderBy('version').execute(),
  });

  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ server, harborId: store1, atelierId: store2 } = started);
    studio = studioCaller(server, await signInOwner(server, 'owner@harbor.test', 'harbor-owner-demo'));
  });
  afterAll(() => started?.stop());

  it("publishes the page and the theme in one call: the shopper's next page shows both, past the guest page cache", async () => {
    const page = await saveHomeDraft();
    const theme = await saveThemeDraft('#aa3300');
    // A guest's page as it is now, kept by the micro-cache for a second.
    const before = await shopperSees();
    expect(before.html).not.toContain(page.heading);
    expect(before.html).not.toContain('--color-brand:#aa3300');

    const response = await publish({
      page: { pageId: page.pageId, draftRevision: page.draftRevision },
      theme: { draftRevision: theme.draftRevision },
    });
    expect(response.status).toBe(200);
    const { data } = publishDraftsAnswer.parse(await response.json());
    expect(data.page).toMatchObject({ publishedVersion: page.publishedVersion + 1 });
    expect(data.theme).toMatchObject({ publishedVersion: theme.publishedVersion + 1 });
    expect(data.theme!.publishedAt).toBe(data.page!.publishedAt);

    const after = await shopperSees();
    expect(after.heading).toBe(page.heading);
    expect(after.brand).toBe('#aa3300');
    expect(after.css).toContain('--color-brand:#aa3300');
    expect(after.html).toContain(page.heading);
    expect(after.html).toContain('--color-brand:#aa3300');

    expect(await openPage(page.pageId)).toMatchObject({ publishedVersion: data.page!.publishedVersion });
    expect(await openTheme()).toMatchObject({
      publishedVersion: data.theme!.publishedVersion,
      publishedAt: data.theme!.publishedAt,
      hasUnpublishedChanges: false,
    });
    const versions = await server.db
      .selectFrom('page_versions')
      .select('version')
      .where('page_id', '=', page.pageId)
      .orderBy('version', 'desc')
      .executeTakeFirstOrThrow();
    expect(versions.version).toBe(data.page!.publishedVersion);
  });

  it('publishes a page alone, or the theme alone, leaving the other as it is', async () => {
    const page = await saveHomeDraft();
    const theme = await saveThemeDraft('#225588');

    const pageOnly = await publish({ page: { pageId: page.pageId, draftRevision: page.draftRevision } });
    expect(pageOnly.status).toBe(200);
    const pageAnswer = publishDraftsAnswer.parse(await pageOnly.json()).data;
    expect(Object.keys(pageAnswer)).toEqual(['page']);
    expect(pageAnswer.page!.publishedVersion).toBe(page.publishedVersion + 1);
    let shopper = await shopperSees();
    expect(shopper.heading).toBe(page.heading);
    expect(shopper.brand).not.toBe('#225588');
    expect(await openTheme()).toMatchObject({ publishedVersion: theme.publishedVersion, hasUnpublishedChanges: true });

    const themeOnly = await publish({ theme: { draftRevision: theme.draftRevision } });
    expect(themeOnly.status).toBe(200);
    const themeAnswer = publishDraftsAnswer.parse(await themeOnly.json()).data;
    expect(Object.keys(themeAnswer)).toEqual(['theme']);
    expect(themeAnswer.theme!.publishedVersion).toBe(theme.publishedVersion + 1);
    shopper = await shopperSees();
    expect(shopper.brand).toBe('#225588');
    expect(shopper.html).toContain('--color-brand:#225588');
    expect((await openPage(page.pageId)).publishedVersion).toBe(pageAnswer.page!.publishedVersion);
  });

  it('refuses a stale draft of either with the 409 draft conflict naming it, and publishes neither', async () => {
    const page = await saveHomeDraft();
    const theme = await saveThemeDraft('#117744');
    const storedTheme = await openTheme();
    const before = await published();
    const shopperBefore = await shopperSees();

    // The page is right but another tab has saved the theme since.
    const staleTheme = await publish({
      page: { pageId: page.pageId, draftRevision: page.draftRevision },
      theme: { draftRevision: theme.draftRevision - 1 },
    });
    expect(staleTheme.status).toBe(409);
    expect(draftConflictAnswer.parse(await staleTheme.json()).error).toEqual({
      code: 'DRAFT_CONFLICT',
      message: expect.stringContaining('This theme was changed in another tab or by someone else'),
      field: 'theme.draftRevision',
      draftRevision: theme.draftRevision,
      updatedAt: storedTheme.updatedAt,
    });

    // The theme is right but the page was saved since.
    const stalePage = await publish({
      page: { pageId: page.pageId, draftRevision: page.draftRevision - 1 },
      theme: { draftRevision: theme.draftRevision },
    });
    expect(stalePage.status).toBe(409);
    expect(draftConflictAnswer.parse(await stalePage.json()).error).toMatchObject({
      message: expect.stringContaining('This page was changed in another tab or by someone else'),
      field: 'page.draftRevision',
      draftRevision: page.draftRevision,
    });

    // A page of another store is no page of this one.
    const secondHome = await server.db
      .selectFrom('pages')
      .select('page_id')
      .where('web_id', '=', store2)
      .where('page_type_id', '=', 1)
      .executeTakeFirstOrThrow();
    const foreignPage = await publish({
      page: { pageId: secondHome.page_id, draftRevision: 1 },
      theme: { draftRevision: theme.draftRevision },
    });
    expect(foreignPage.status).toBe(404);
    expect((await json(foreignPage)).error).toMatchObject({ code: 'PAGE_NOT_FOUND', field: 'page.pageId' });

    expect(await published()).toEqual(before);
    const shopperAfter = await shopperSees();
    expect(shopperAfter.heading).toBe(shopperBefore.heading);
    expect(shopperAfter.heading).not.toBe(page.heading);
    expect(shopperAfter.css).toBe(shopperBefore.css);
    expect(shopperAfter.html).not.toContain('--color-brand:#117744');

    // The same drafts at their stored revisions publish.
    const current = await publish({
      page: { pageId: page.pageId, draftRevision: page.draftRevision },
      theme: { draftRevision: theme.draftRevision },
    });
    expect(current.status).toBe(200);
    expect((await shopperSees()).html).toContain('--color-brand:#117744');
  });

  it('refuses a body that names neither draft, or names one badly, naming the field at fault', async () => {
    const pageId = await homeId();
    const before = await published();
    for (const [body, field] of [
      [{}, 'body'],
      [{ pageId, draftRevision: 1 }, 'body'],
      [{ page: { pageId: 'home', draftRevision: 1 } }, 'page.pageId'],
      [{ page: { pageId } }, 'page.draftRevision'],
      [{ page: null, theme: { draftRevision: 1 } }, 'page'],
      [{ theme: { draftRevision: 0 } }, 'theme.draftRevision'],
      [{ theme: 3 }, 'theme'],
    ] as const) {
      const response = await publish(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { error } = await json(response);
      expect(error?.code).toBe('BAD_REQUEST');
      expect(error?.field, JSON.stringify(body)).toBe(field);
      expect(error?.message).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: `));
    }
    const noBody = await studio('/api/Studio/Publish', { method: 'POST', rawBody: 'null' });
    expect(noBody.status).toBe(400);
    expect((await json(noBody)).error?.field).toBe('body');
    expect(await published()).toEqual(before);
  });

  it("answers 401 without a session and 403 to another store's owner, publishing nothing there", async () => {
    const secondHome = await server.db
      .selectFrom('pages')
      .select('page_id')
      .where('web_id', '=', store2)
      .where('page_type_id', '=', 1)
      .executeTakeFirstOrThrow();
    const secondTheme = await server.db
      .selectFrom('sites')
      .select('active_theme_id')
      .where('web_id', '=', store2)
      .executeTakeFirstOrThrow();
    const revision = await server.db
      .selectFrom('themes')
      .select('draft_revision')
      .where('theme_id', '=', secondTheme.active_theme_id!)
      .executeTakeFirstOrThrow();
    const body = { page: { pageId: secondHome.page_id, draftRevision: 1 }, theme: { draftRevision: revision.draft_revision } };
    const before = await published();

    for (const [caller, host, path, status, code] of [
      [studio, 'second.localhost', '/api/Studio/Publish', 403, 'NOT_SITE_OWNER'],
      // ?store= on the platform's own address (`PLATFORM_HOSTS`), the only place it chooses a store.
      [studio, '127.0.0.1', '/api/Studio/Publish?store=second.localhost', 403, 'NOT_SITE_OWNER'],
      [studioCaller(server, null), 'second.localhost', '/api/Studio/Publish', 401, 'SESSION_MISSING'],
      [studioCaller(server, 'not-a-session'), 'second.localhost', '/api/Studio/Publish', 401, 'SESSION_EXPIRED'],
    ] as const) {
      const response = await caller(path, { host, body });
      expect(response.status, `${host}${path}`).toBe(status);
      expect((await json(response)).error?.code).toBe(code);
    }
    expect(await published()).toEqual(before);

    // The same call from the store's own owner publishes both.
    const owner2 = studioCaller(server, await signInOwner(server, 'owner@atelier.test', 'atelier-owner-demo'));
    const theirs = await publish(body, owner2, 'second.localhost');
    expect(theirs.status).toBe(200);
    expect(publishDraftsAnswer.parse(await theirs.json()).data).toMatchObject({
      page: { publishedVersion: 2 },
      theme: { publishedVersion: 2 },
    });
    const after = await published();
    expect(after.pages.filter((p) => p.web_id === store1)).toEqual(before.pages.filter((p) => p.web_id === store1));
    expect(after.themes.filter((t) => t.web_id === store1)).toEqual(before.themes.filter((t) => t.web_id === store1));
  });

  it('keeps PublishPage and PublishTheme answering as before', async () => {
    const page = await saveHomeDraft();
    const theme = await saveThemeDraft('#334455');
    const pageAnswer = await studio('/api/Studio/PublishPage', { body: { pageId: page.pageId, draftRevision: page.draftRevision } });
    expect(publishAnswer.parse(await pageAnswer.json()).data.publishedVersion).toBe(page.publishedVersion + 1);
    const stale = await studio('/api/Studio/PublishTheme', { body: { draftRevision: theme.draftRevision - 1 } });
    expect(stale.status).toBe(409);
    // The single calls name no field: they carry one draft.
    expect((await json(stale)).error).not.toHaveProperty('field');
    const themeAnswer = await studio('/api/Studio/PublishTheme', { body: { draftRevision: theme.draftRevision } });
    expect(publishAnswer.parse(await themeAnswer.json()).data.publishedVersion).toBe(theme.publishedVersion + 1);
    expect((await shopperSees()).html).toContain('--color-brand:#334455');
  });
});
