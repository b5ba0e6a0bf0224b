import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deletePageAnswer,
  draftConflictAnswer,
  publishAnswer,
  publishedPage,
  rollbackAnswer,
  saveDraftAnswer,
  studioPageAnswer,
  studioPagesAnswer,
  updatePageAnswer,
  versionsAnswer,
  type PageDocument,
  type StudioPage,
} from '@vitrine/commerce';
import { BODY_LIMIT_BYTES } from './http/app.ts';
import { ensureSystemPagesOfEveryStore } from './studio/studio-documents.ts';
import { backends, startOnBackend, signInOwner, studioCaller, type CallInit, type TestServer, type BackendServer } from './test-support.ts';

describe.each(backends)('studio pages on $name', ({ create }) => {
  let server: TestServer;
  let started: BackendServer;
  let store1: number;
  let store2: number;
  let studio: ReturnType<typeof studioCaller>;

  const json = async (response: Response) =>
    (await response.json()) as { data?: unknown; error?: { code: string; message: string; field?: string } };
  const pagesOf = async () => studioPagesAnswer.parse(await (await studio('/api/Studio/GetPages')).json()).data.pages;
  const open = async (pageId: number): Promise<StudioPage> => {
    const response = await studio(`/api/Studio/GetPage?PageID=${pageId}`);
    expect(response.status).toBe(200);
    return studioPageAnswer.parse(await response.json()).data.page;
  };
  const homeId = async () => (await pagesOf()).find((p) => p.pageTypeId === 1)!.pageId;
  const save = (pageId: number, draftRevision: number, document: unknown, init: CallInit = {}) =>
    studio('/api/Studio/SavePage', { body: { pageId, draftRevision, document }, ...init });
  const pageRow = (pageId: number) => server.db.selectFrom('pages').selectAll().where('page_id', '=', pageId).executeTakeFirstOrThrow();
  /** The shopper's view of a page, through the API and server-rendered. */
  const shopperSees = async (slug: string) => {
    const api = await server.call(`/api/Page/GetPage?Slug=${slug}`);
    const html = await (await server.call(`/${slug}`)).text();
    return { status: api.status, page: api.status === 200 ? publishedPage.parse((await api.json()).data) : null, html };
  };
  const withHeading = (document: PageDocument, sectionId: string, heading: string): PageDocument => ({
    ...document,
    sections: document.sections.map((s) => (s.id === sectionId ? { ...s, settings: { ...s.settings, heading } } : s)),
  });

  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ server, harborId: store1, atelierId: store2 } = started);
    studio = studioCaller(server, await signInOwner(server, 'owner@harbor.test', 'harbor-owner-demo'));
  });
  afterAll(() => started?.stop());

  it('lists the home page, the product and listing templates (made at start, once), and the custom page "sections"', async () => {
    // Made at start, and made once when two processes start together; listing the pages writes nothing.
    const before = await server.db.selectFrom('pages').select('page_type_id').where('web_id', '=', store1).execute();
    // The demo's custom pages: the section gallery, the makers' story and the four policies the footer links.
    expect(before.map((p) => p.page_type_id).sort()).toEqual([1, 2, 2, 2, 2, 2, 2, 3, 4]);
    await server.db
      .deleteFrom('page_versions')
      .where('web_id', '=', store1)
      .where('page_id', 'in', (eb) =>
        eb.selectFrom('pages').select('page_id').where('web_id', '=', store1).where('page_type_id', 'in', [3, 4]),
      )
      .execute();
    await server.db.deleteFrom('pages').where('web_id', '=', store1).where('page_type_id', 'in', [3, 4]).execute();
    await Promise.all([ensureSystemPagesOfEveryStore(server.db), ensureSystemPagesOfEveryStore(server.db)]);

    const [pages, again] = await Promise.all([pagesOf(), pagesOf()]);
    expect(again).toEqual(pages);
    expect(pages.map((p) => [p.pageTypeId, p.slug])).toEqual([
      [1, ''],
      [3, ''],
      [4, ''],
      // Custom pages by title: Meet the makers, Privacy policy, Returns, Section gallery, Shipping, Terms of sale.
      [2, 'makers'],
      [2, 'privacy'],
      [2, 'returns'],
      [2, 'sections'],
      [2, 'shipping'],
      [2, 'terms'],
    ]);
    expect(pages.find((p) => p.slug === 'sections')).toMatchObject({
      title: 'Section gallery',
      draftRevision: 1,
      publishedVersion: 1,
      hasUnpublishedChanges: false,
    });
    expect(pages[0]!.seo.title).toBe('Harbor & Pine — goods for the home');
    for (const template of pages.slice(1, 3)) {
      expect(template).toMatchObject({ publishedVersion: 1, hasUnpublishedChanges: false });
      const opened = await open(template.pageId);
      expect(opened.draft.sections.map((s) => s.type)).toEqual([3]);
    }

    expect(await pagesOf()).toEqual(pages);
    const after = await server.db.selectFrom('pages').select('page_type_id').where('web_id', '=', store1).execute();
    expect(after.map((p) => p.page_type_id).sort()).toEqual([1, 2, 2, 2, 2, 2, 2, 3, 4]);
  });

  it('opens a page with its draft migrated, so that a page saved by an older studio still loads', async () => {
    const gallery = (await pagesOf()).find((p) => p.slug === 'sections')!;
    const row = await pageRow(gallery.pageId);
    const old = row.draft as PageDocument;
    const aged = {
      ...old,
      sections: [
        { id: 'old-hero', type: 6, settings: { heading: 'From long ago', overlay: 300, retired_setting: 'x' } },
        ...old.sections.slice(1),
      ],
    };
    await server.db
      .updateTable('pages')
      .set({ draft: JSON.stringify(aged) })
      .where('page_id', '=', gallery.pageId)
      .execute();
    try {
      const page = await open(gallery.pageId);
      expect(page).toMatchObject({
        pageId: gallery.pageId,
        pageTypeId: 2,
        slug: 'sections',
        title: 'Section gallery',
        draftRevision: 1,
        publishedVersion: 1,
      });
      const hero = page.draft.sections[0]!;
      expect(hero).toMatchObject({ id: 'old-hero', version: 1, settings: { heading: 'From long ago', overlay: 35, height: 'medium' } });
      expect(hero.settings).not.toHaveProperty('retired_setting');
      expect(hero.style).toMatchObject({ section_width: 'default' });
      // What it opens with saves as it is.
      expect((await save(gallery.pageId, 1, page.draft)).status).toBe(200);
    } finally {
      await server.db
        .updateTable('pages')
        .set({ draft: JSON.stringify(old), draft_revision: 1 })
        .where('page_id', '=', gallery.pageId)
        .execute();
    }

    const secondHome = await server.db
      .selectFrom('pages')
      .select('page_id')
      .where('web_id', '=', store2)
      .where('page_type_id', '=', 1)
      .executeTakeFirstOrThrow();
    for (const [query, status, field] of [
      [`PageID=${secondHome.page_id}`, 404, 'pageId'],
      ['PageID=999999', 404, 'pageId'],
      ['PageID=abc', 400, 'PageID'],
      ['', 400, 'PageID'],
    ] as const) {
      const response = await studio(`/api/Studio/GetPage?${query}`);
      expect(response.status, query).toBe(status);
      expect((await json(response)).error?.field).toBe(field);
    }
  });

  it('saves a draft and refuses a second tab saving over it from the old revision, writing nothing', async () => {
    const pageId = await homeId();
    const page = await open(pageId);
    const firstTab = withHeading(page.draft, 'home-hero', 'Saved by the first tab');
    const saved = await save(pageId, page.draftRevision, firstTab);
    expect(saved.status).toBe(200);
    const { data } = saveDraftAnswer.parse(await saved.json());
    expect(data.draftRevision).toBe(page.draftRevision + 1);
    const afterFirst = await pageRow(pageId);
    expect(afterFirst.updated_at.toISOString()).toBe(data.updatedAt);

    const secondTab = await save(pageId, page.draftRevision, withHeading(page.draft, 'home-hero', 'Saved by the second tab'));
    expect(secondTab.status).toBe(409);
    const conflict = draftConflictAnswer.parse(await secondTab.json());
    expect(conflict.error).toEqual({
      code: 'DRAFT_CONFLICT',
      message: expect.stringContaining('This page was changed in another tab or by someone else'),
      draftRevision: data.draftRevision,
      updatedAt: data.updatedAt,
    });
    expect(await pageRow(pageId)).toEqual(afterFirst);
    expect((await open(pageId)).draft.sections[0]!.settings['heading']).toBe('Saved by the first tab');

    // The second tab reloads and saves on top of the latest revision.
    const reloaded = await open(pageId);
    expect((await save(pageId, reloaded.draftRevision, withHeading(reloaded.draft, 'home-hero', 'Saved by the second tab'))).status).toBe(
      200,
    );
  });

  it('refuses a document that does not fit, naming the value at fault, and writes nothing', async () => {
    const pageId = await homeId();
    const page = await open(pageId);
    const unchanged = await pageRow(pageId);
    const hero = page.draft.sections[0]!;
    const withSection = (index: number, change: object) => ({
      ...page.draft,
      sections: page.draft.sections.map((s, i) => (i === index ? { ...s, ...change } : s)),
    });
    const cases: [string, unknown, string][] = [
      ['a heading too long', withHeading(page.draft, 'home-featured', 'x'.repeat(161)), 'document.sections.2.settings.heading'],
      [
        'a setting of the wrong type',
        withSection(0, { settings: { ...hero.settings, overlay: 'dark' } }),
        'document.sections.0.settings.overlay',
      ],
      [
        'a setting the section does not have',
        withSection(0, { settings: { ...hero.settings, colour: 'red' } }),
        'document.sections.0.settings.colour',
      ],
      [
        'a bad style',
        withSection(1, { style: { ...page.draft.sections[1]!.style, alignment: 'left' } }),
        'document.sections.1.style.alignment',
      ],
      ['an unknown section type', withSection(0, { type: 23 }), 'document.sections.0.type'],
      ['two sections with one id', withSection(1, { id: hero.id }), 'document.sections.1.id'],
      [
        'more than 500 sections',
        { ...page.draft, sections: Array.from({ length: 501 }, (_, i) => ({ ...hero, id: `s${i}` })) },
        'document.sections',
      ],
      ['no sections at all', { ...page.draft, sections: undefined }, 'document.sections'],
    ];
    for (const [name, document, field] of cases) {
      const response = await save(pageId, page.draftRevision, document);
      expect(response.status, name).toBe(400);
      const { error } = await json(response);
      expect(error?.field, name).toBe(field);
      expect(error?.message, name).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: `));
    }
    expect((await save(pageId, 0, page.draft)).status).toBe(400);
    expect(await pageRow(pageId)).toEqual(unchanged);
  });

  it('takes a big page: 500 sections, past the 1 MB limit of other calls, in one save', async () => {
    const created = await studio('/api/Studio/CreatePage', { body: { title: 'Long page', slug: 'long-page' } });
    const page = studioPageAnswer.parse(await created.json()).data.page;
    const text = (n: number) => ({
      id: `text-${n}`,
      type: 8,
      version: 1,
      settings: { heading: `Part ${n}`, text: 'Lorem ipsum '.repeat(300) },
      style: {},
    });
    const sections = Array.from({ length: 500 }, (_, n) => text(n));
    expect(JSON.stringify(sections).length).toBeGreaterThan(BODY_LIMIT_BYTES);
    const response = await save(page.pageId, page.draftRevision, { ...page.draft, sections });
    expect(response.status).toBe(200);
    expect((await open(page.pageId)).draft.sections).toHaveLength(500);
    expect((await studio('/api/Studio/DeletePage', { body: { pageId: page.pageId } })).status).toBe(200);
  });

  it('keeps a saved draft from shoppers until it is published, then shows it at once', async () => {
    const pageId = await homeId();
    const page = await open(pageId);
    const heading = 'Autumn arrivals are in';
    expect((await save(pageId, page.draftRevision, withHeading(page.draft, 'home-hero', heading))).status).toBe(200);
    expect((await pagesOf()).find((p) => p.pageId === pageId)!.hasUnpublishedChanges).toBe(true);

    const before = await shopperSees('');
    expect(before.status).toBe(200);
    expect(before.page!.document.sections[0]!.settings['heading']).not.toBe(heading);
    expect(before.html).not.toContain(heading);

    // Publishing what another tab has since replaced is refused too.
    const stale = await studio('/api/Studio/PublishPage', { body: { pageId, draftRevision: page.draftRevision } });
    expect(stale.status).toBe(409);
    expect((await shopperSees('')).html).not.toContain(heading);

    const published = await studio('/api/Studio/PublishPage', { body: { pageId, draftRevision: page.draftRevision + 1 } });
    expect(published.status).toBe(200);
    const { data } = publishAnswer.parse(await published.json());
    expect(data.publishedVersion).toBe(page.publishedVersion + 1);

    const after = await shopperSees('');
    expect(after.page).toMatchObject({ pageId, version: data.publishedVersion });
    expect(after.page!.document.sections[0]!.settings['heading']).toBe(heading);
    expect(after.html).toContain(heading);
    expect((await pagesOf()).find((p) => p.pageId === pageId)).toMatchObject({
      hasUnpublishedChanges: false,
      publishedAt: data.publishedAt,
    });
  });

  it('lists published versions newest first and rolls back to one as a new draft, live once published', async () => {
    const pageId = await homeId();
    const listed = versionsAnswer.parse(await (await studio(`/api/Studio/GetVersions?PageID=${pageId}`)).json()).data.versions;
    expect(listed.map((v) => v.version)).toEqual([2, 1]);
    expect(listed.map((v) => v.sectionCount)).toEqual([7, 7]);
    expect(Date.parse(listed[0]!.publishedAt)).toBeGreaterThanOrEqual(Date.parse(listed[1]!.publishedAt));

    const page = await open(pageId);
    const rolledBack = await studio('/api/Studio/Rollback', { body: { pageId, version: 1 } });
    expect(rolledBack.status).toBe(200);
    expect(rollbackAnswer.parse(await rolledBack.json()).data.draftRevision).toBe(page.draftRevision + 1);
    const restored = await open(pageId);
    expect(restored.draft.sections[0]!.settings['heading']).toBe('Made to be used every day');
    expect(restored.seo.title).toBe('Harbor & Pine — goods for the home');
    // Not live until published.
    expect((await shopperSees('')).html).toContain('Autumn arrivals are in');
    // A tab still on the revision before the rollback cannot save over it.
    expect((await save(pageId, page.draftRevision, page.draft)).status).toBe(409);

    expect((await studio('/api/Studio/PublishPage', { body: { pageId, draftRevision: restored.draftRevision } })).status).toBe(200);
    const live = await shopperSees('');
    expect(live.html).not.toContain('Autumn arrivals are in');
    expect(live.html).toContain('Made to be used every day');
    expect(
      versionsAnswer.parse(await (await studio(`/api/Studio/GetVersions?PageID=${pageId}`)).json()).data.versions.map((v) => v.version),
    ).toEqual([3, 2, 1]);

    const missing = await studio('/api/Studio/Rollback', { body: { pageId, version: 99 } });
    expect(missing.status).toBe(404);
    expect((await json(missing)).error).toMatchObject({ code: 'VERSION_NOT_FOUND', field: 'version' });
  });

  it('creates, renames and deletes custom pages, keeping their addresses to the rules', async () => {
    const created = await studio('/api/Studio/CreatePage', {
      body: { title: '  Our story ', slug: 'about/our-story', seo: { description: 'Who we are' } },
    });
    expect(created.status).toBe(201);
    const page = studioPageAnswer.parse(await created.json()).data.page;
    expect(page).toMatchObject({
      pageTypeId: 2,
      slug: 'about/our-story',
      title: 'Our story',
      draftRevision: 1,
      publishedVersion: 0,
      seo: { description: 'Who we are', title: '' },
    });
    expect(page.draft.sections).toEqual([]);
    expect((await pagesOf()).find((p) => p.pageId === page.pageId)).toMatchObject({ hasUnpublishedChanges: true, publishedAt: null });
    // Not published yet: shoppers find nothing there.
    expect((await shopperSees('about/our-story')).status).toBe(404);

    const category = await server.db.selectFrom('categories').select('slug').where('web_id', '=', store1).executeTakeFirstOrThrow();
    const product = await server.db.selectFrom('products').select('slug').where('web_id', '=', store1).executeTakeFirstOrThrow();
    const otherStoreCategory = await server.db
      .selectFrom('categories')
      .select('slug')
      .where('web_id', '=', store2)
      .where('slug', 'not in', [category.slug])
      .executeTakeFirstOrThrow();
    for (const [slug, status, code] of [
      ['cart', 400, 'BAD_REQUEST'],
      ['account/settings', 400, 'BAD_REQUEST'],
      ['checkout', 400, 'BAD_REQUEST'],
      ['api/pages', 400, 'BAD_REQUEST'],
      ['Our-Story', 400, 'BAD_REQUEST'],
      ['/story', 400, 'BAD_REQUEST'],
      ['story/', 400, 'BAD_REQUEST'],
      ['a//b', 400, 'BAD_REQUEST'],
      ['our story', 400, 'BAD_REQUEST'],
      ['', 400, 'BAD_REQUEST'],
      ['sections', 409, 'SLUG_TAKEN'],
      ['about/our-story', 409, 'SLUG_TAKEN'],
      [category.slug, 409, 'SLUG_TAKEN'],
      [product.slug, 409, 'SLUG_TAKEN'],
    ] as const) {
      const response = await studio('/api/Studio/CreatePage', { body: { title: 'Taken', slug } });
      expect(response.status, slug).toBe(status);
      expect((await json(response)).error, slug).toMatchObject({ code, field: 'slug' });
    }
    expect((await studio('/api/Studio/CreatePage', { body: { title: '', slug: 'untitled' } })).status).toBe(400);
    // Another store's category is no obstacle.
    const borrowed = await studio('/api/Studio/CreatePage', { body: { title: 'Borrowed', slug: otherStoreCategory.slug } });
    expect(borrowed.status).toBe(201);
    const borrowedId = studioPageAnswer.parse(await borrowed.json()).data.page.pageId;

    // Published, then renamed and moved: shoppers find it at the new address with the new title at once.
    const draft = await open(page.pageId);
    const content = { ...draft.draft, sections: [{ id: 'story', type: 8, version: 1, settings: { heading: 'Since 1987' }, style: {} }] };
    expect((await save(page.pageId, 1, content)).status).toBe(200);
    expect((await studio('/api/Studio/PublishPage', { body: { pageId: page.pageId, draftRevision: 2 } })).status).toBe(200);
    expect((await shopperSees('about/our-story')).page?.document.title).toBe('Our story');

    const renamed = await studio('/api/Studio/UpdatePage', {
      body: { pageId: page.pageId, title: 'About us', slug: 'about', seo: { title: 'About Harbor & Pine' } },
    });
    expect(renamed.status).toBe(200);
    expect(updatePageAnswer.parse(await renamed.json()).data.page).toMatchObject({
      slug: 'about',
      title: 'About us',
      seo: { title: 'About Harbor & Pine', description: 'Who we are' },
      draftRevision: 2,
      hasUnpublishedChanges: false,
    });
    expect((await shopperSees('about/our-story')).status).toBe(404);
    const moved = await shopperSees('about');
    expect(moved.page?.document).toMatchObject({
      title: 'About us',
      slug: 'about',
      seo: { title: 'About Harbor & Pine', description: 'Who we are' },
    });
    expect(moved.html).toContain('Since 1987');
    // An editor still open on revision 2 saves without a conflict, and the rename stands.
    expect((await save(page.pageId, 2, content)).status).toBe(200);
    expect((await open(page.pageId)).draft).toMatchObject({ title: 'About us', slug: 'about' });

    for (const [body, status, field] of [
      [{ pageId: page.pageId, slug: 'sections' }, 409, 'slug'],
      [{ pageId: page.pageId, slug: 'wishlist' }, 400, 'slug'],
      [{ pageId: page.pageId, slug: '' }, 400, 'slug'],
      [{ pageId: page.pageId, title: ' ' }, 400, 'title'],
      [{ pageId: await homeId(), slug: 'welcome' }, 400, 'slug'],
      [{ pageId: 999999, title: 'Nobody' }, 404, 'pageId'],
    ] as const) {
      const response = await studio('/api/Studio/UpdatePage', { body });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect((await json(response)).error?.field).toBe(field);
    }
    // The home page keeps its address but takes a new title.
    const home = await studio('/api/Studio/UpdatePage', { body: { pageId: await homeId(), title: 'Welcome', slug: '' } });
    expect(updatePageAnswer.parse(await home.json()).data.page).toMatchObject({ slug: '', title: 'Welcome' });
    expect((await shopperSees('')).page?.document.title).toBe('Welcome');

    // Deleting: custom pages only.
    for (const page of (await pagesOf()).filter((p) => p.pageTypeId !== 2)) {
      const refused = await studio('/api/Studio/DeletePage', { body: { pageId: page.pageId } });
      expect(refused.status).toBe(400);
      expect((await json(refused)).error?.code).toBe('PAGE_NOT_DELETABLE');
    }
    const deleted = await studio('/api/Studio/DeletePage', { body: { pageId: page.pageId } });
    expect(deletePageAnswer.parse(await deleted.json()).data).toEqual({ deleted: true, pageId: page.pageId });
    expect((await studio(`/api/Studio/GetPage?PageID=${page.pageId}`)).status).toBe(404);
    expect((await shopperSees('about')).status).toBe(404);
    expect(await server.db.selectFrom('page_versions').select('version').where('page_id', '=', page.pageId).execute()).toEqual([]);
    expect((await studio('/api/Studio/DeletePage', { body: { pageId: page.pageId } })).status).toBe(404);
    expect((await studio('/api/Studio/DeletePage', { body: { pageId: borrowedId } })).status).toBe(200);
  });

  it('answers 401 without a session and 403 NOT_SITE_OWNER for another store, on every Studio call, changing nothing there', async () => {
    const [secondHome, secondGallery] = await Promise.all(
      [1, 2].map(
        async (type) =>
          (
            await server.db
              .selectFrom('pages')
              .select('page_id')
              .where('web_id', '=', store2)
              .where('page_type_id', '=', type)
              .executeTakeFirstOrThrow()
          ).page_id,
      ),
    );
    const png = (
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const document = { pageTypeId: 1, slug: '', title: 'Mine now', sections: [] };
    const theme = { settings: {}, header: null, footer: null };
    const calls: [string, unknown?][] = [
      ['/api/Studio/GetPages'],
      [`/api/Studio/GetPage?PageID=${secondHome}`],
      ['/api/Studio/SavePage', { pageId: secondHome, draftRevision: 1, document }],
      ['/api/Studio/PublishPage', { pageId: secondHome, draftRevision: 1 }],
      [`/api/Studio/GetVersions?PageID=${secondHome}`],
      ['/api/Studio/Rollback', { pageId: secondHome, version: 1 }],
      ['/api/Studio/CreatePage', { title: 'Mine', slug: 'mine' }],
      ['/api/Studio/UpdatePage', { pageId: secondHome, title: 'Mine' }],
      ['/api/Studio/DeletePage', { pageId: secondGallery }],
      ['/api/Studio/GetTheme'],
      ['/api/Studio/SaveTheme', { draftRevision: 1, document: theme }],
      ['/api/Studio/PublishTheme', { draftRevision: 1 }],
      ['/api/Studio/GetThemeVersions'],
      ['/api/Studio/RollbackTheme', { version: 1 }],
      ['/api/Studio/Publish', { page: { pageId: secondHome, draftRevision: 1 }, theme: { draftRevision: 1 } }],
      ['/api/Studio/GetCatalogueChoices'],
      ['/api/Studio/FindProducts?q=bag'],
      ['/api/Studio/UploadMedia', { fileName: 'mine.png', base64: png }],
      ['/api/Studio/GetMedia'],
    ];
    const snapshot = async () => ({
      pages: await server.db.selectFrom('pages').selectAll().where('web_id', '=', store2).orderBy('page_id').execute(),
      versions: await server.db
        .selectFrom('page_versions')
        .selectAll()
        .where('web_id', '=', store2)
        .orderBy('page_id')
        .orderBy('version')
        .execute(),
      themes: await server.db.selectFrom('themes').selectAll().where('web_id', '=', store2).orderBy('theme_id').execute(),
      themeVersions: await server.db.selectFrom('theme_versions').selectAll().where('web_id', '=', store2).orderBy('version').execute(),
      site: await server.db.selectFrom('sites').selectAll().where('web_id', '=', store2).execute(),
      media: await server.db.selectFrom('media').selectAll().where('web_id', '=', store2).execute(),
      files: readdirSync(join(server.dataDir, 'media', String(store2)), { recursive: true }).sort(),
    });
    const before = await snapshot();
    const anonymous = studioCaller(server, null);
    for (const [index, [path, body]] of calls.entries()) {
      // Half the calls name the store by Host, half by ?store= (§2.8) on the platform's own address (`PLATFORM_HOSTS`).
      const init: CallInit = { host: index % 2 ? 'second.localhost' : '127.0.0.1' };
      const target = index % 2 ? path : `${path}${path.includes('?') ? '&' : '?'}store=second.localhost`;
      const foreign = await studio(target, { ...init, ...(body === undefined ? {} : { body }) });
      expect(foreign.status, path).toBe(403);
      expect((await json(foreign)).error?.code, path).toBe('NOT_SITE_OWNER');
      const signedOut = await anonymous(target, { ...init, ...(body === undefined ? {} : { body }) });
      expect(signedOut.status, path).toBe(401);
      expect((await json(signedOut)).error?.code, path).toBe('SESSION_MISSING');
    }
    expect(await snapshot()).toEqual(before);

    // Store 2's own owner is let in.
    const owner2 = studioCaller(server, await signInOwner(server, 'owner@atelier.test', 'atelier-owner-demo'));
    const theirs = await owner2('/api/Studio/GetPages', { host: 'second.localhost' });
    expect(studioPagesAnswer.parse(await theirs.json()).data.pages.map((p) => p.pageTypeId)).toEqual([1, 3, 4, 2, 2, 2, 2, 2, 2]);
  });
});
