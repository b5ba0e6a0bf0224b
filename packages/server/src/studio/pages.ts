// The studio's pages (product.md): listed, opened, drafts saved under a revision, published with a version kept,
// rolled back, created, changed and deleted. Every function acts on one store's rows, through its scoped database.
import { sql, type Transaction } from 'kysely';
import {
  PageType,
  pageDocument,
  pageSeo,
  type PublishPageRequest,
  type PublishedDraft,
  type PublishedVersionSummary,
  type StudioPage,
  type StudioPageSummary,
  type createPageRequest,
  type deletePageRequest,
  type publishPageRequest,
  type rollbackPageRequest,
  type savePageRequest,
  type studioPageQuery,
  type updatePageRequest,
} from '@vitrine/commerce';
import type { z } from 'zod';
import { uniqueViolation } from '../auth/accounts.ts';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { checkSections, readStoredPage, storedSeo, type DocumentProblem } from './studio-documents.ts';

type Trx = Transaction<Database>;

interface SummaryRow {
  page_id: number;
  page_type_id: number;
  slug: string;
  title: string;
  draft_revision: number;
  published_version: number;
  updated_at: Date;
  published_at: Date | null;
  seo: unknown;
  has_unpublished_changes: boolean;
}

/**
 * A page or theme draft saved since the editor loaded it: 409 with the revision stored now, nothing written.
 * `field` names the draft at fault when a call carries two (`Studio/Publish`).
 */
export function draftConflict(kind: 'page' | 'theme', current: { draft_revision: number; updated_at: Date }, field?: string): HttpError {
  return new HttpError(
    409,
    'DRAFT_CONFLICT',
    `This ${kind} was changed in another tab or by someone else since you opened it, so your changes were not saved. Reload to get the latest version, then make your changes again.`,
    field,
    undefined,
    { draftRevision: current.draft_revision, updatedAt: current.updated_at.toISOString() },
  );
}

/** A document that does not fit its schema: 400 naming the value at fault. */
export function documentRefused(problem: DocumentProblem): HttpError {
  return new HttpError(400, 'BAD_REQUEST', `${problem.path}: ${problem.message}`, problem.path);
}

const pageNotFound = (field = 'pageId') => new HttpError(404, 'PAGE_NOT_FOUND', 'This store has no such page', field);

/** Whether the draft differs from what shoppers see (jsonb compares by value, whatever the key order). */
const hasUnpublishedChanges = sql<boolean>`(pages.published is null or pages.draft <> pages.published)`.as('has_unpublished_changes');
const seoOfDraft = sql<unknown>`pages.draft -> 'seo'`.as('seo');

function summaryQuery(db: Db, webId: number) {
  return db
    .selectFrom('pages')
    .select([
      'page_id',
      'page_type_id',
      'slug',
      'title',
      'draft_revision',
      'published_version',
      'updated_at',
      'published_at',
      seoOfDraft,
      hasUnpublishedChanges,
    ])
    .where('web_id', '=', webId);
}

function toSummary(row: SummaryRow): StudioPageSummary {
  return {
    pageId: row.page_id,
    pageTypeId: row.page_type_id,
    slug: row.slug,
    title: row.title,
    seo: storedSeo(row.seo),
    draftRevision: row.draft_revision,
    publishedVersion: row.published_version,
    updatedAt: row.updated_at.toISOString(),
    publishedAt: row.published_at?.toISOString() ?? null,
    hasUnpublishedChanges: Boolean(row.has_unpublished_changes),
  };
}

/** Home first, then the product and listing templates, then custom pages by title. */
const listOrder = (page: StudioPageSummary) => [PageType.Home, PageType.Product, PageType.Listing].indexOf(page.pageTypeId as 1 | 3 | 4);
function comparePages(a: StudioPageSummary, b: StudioPageSummary): number {
  const order = (listOrder(a) === -1 ? 9 : listOrder(a)) - (listOrder(b) === -1 ? 9 : listOrder(b));
  return order || a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || a.pageId - b.pageId;
}

/** The page's row, locked for the rest of the transaction; 404 (naming `field`) when the store has no such page. */
async function lockPage(trx: Trx, webId: number, pageId: number, field?: string) {
  const row = await trx
    .selectFrom('pages')
    .select(['page_id', 'page_type_id', 'slug', 'title', 'draft_revision', 'published_version', 'updated_at', seoOfDraft])
    .where('web_id', '=', webId)
    .where('page_id', '=', pageId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw pageNotFound(field);
  return row;
}

/**
 * Publishes a page's draft inside `trx`, the one way every publish call does it: locks the page, refuses a draft
 * saved since `draftRevision` (409, nothing written), then makes the draft what shoppers see and keeps it as the
 * next version. `at` prefixes the fields refusals name when the page is one part of a body (`page.`).
 */
export async function publishPageDraft(
  trx: Trx,
  webId: number,
  request: PublishPageRequest,
  publishedAt: Date,
  at = '',
): Promise<PublishedDraft> {
  const page = await lockPage(trx, webId, request.pageId, `${at}pageId`);
  if (page.draft_revision !== request.draftRevision) throw draftConflict('page', page, at ? `${at}draftRevision` : undefined);
  const version = page.published_version + 1;
  await trx
    .updateTable('pages')
    .set({ published: sql<string>`draft`, published_version: version, published_at: publishedAt })
    .where('web_id', '=', webId)
    .where('page_id', '=', page.page_id)
    .execute();
  // Copied inside the database: a big page makes no round trip.
  await trx
    .insertInto('page_versions')
    .columns(['web_id', 'page_id', 'version', 'document', 'published_at'])
    .expression((eb) =>
      eb
        .selectFrom('pages')
        .select(['web_id', 'page_id', 'published_version', 'draft', 'published_at'])
        .where('web_id', '=', webId)
        .where('page_id', '=', page.page_id),
    )
    .execute();
  return { publishedVersion: version, publishedAt: publishedAt.toISOString() };
}

/**
 * Refuses a custom page address that another page of the store, one of its categories or one of its products
 * already has (409 SLUG_TAKEN); the shape and the app's own routes are checked by `customPageSlug`.
 */
async function checkSlugFree(trx: Trx, webId: number, slug: string, exceptPageId?: number): Promise<void> {
  const [page, category, product] = await Promise.all([
    trx
      .selectFrom('pages')
      .select('page_id')
      .where('web_id', '=', webId)
      .where('page_type_id', '=', PageType.Custom)
      .where('slug', '=', slug)
      .$if(exceptPageId !== undefined, (q) => q.where('page_id', '<>', exceptPageId!))
      .executeTakeFirst(),
    trx.selectFrom('categories').select('category_id').where('web_id', '=', webId).where('slug', '=', slug).executeTakeFirst(),
    trx.selectFrom('products').select('product_id').where('web_id', '=', webId).where('slug', '=', slug).executeTakeFirst(),
  ]);
  const takenBy = page ? 'another page' : category ? 'a category' : product ? 'a product' : null;
  if (takenBy) throw slugTaken(takenBy);
}

const slugTaken = (takenBy: string) => new HttpError(409, 'SLUG_TAKEN', `slug: is already the address of ${takenBy} of this store`, 'slug');

function toStudioPage(
  row: {
    page_id: number;
    page_type_id: number;
    slug: string;
    title: string;
    draft: unknown;
    draft_revision: number;
    published_version: number;
  },
  log?: (index: number) => void,
): StudioPage {
  const draft = readStoredPage(row.draft, { pageTypeId: row.page_type_id, slug: row.slug, title: row.title }, log);
  return {
    pageId: row.page_id,
    pageTypeId: row.page_type_id,
    slug: row.slug,
    title: row.title,
    seo: draft.seo,
    draft,
    draftRevision: row.draft_revision,
    publishedVersion: row.published_version,
  };
}

/** The store's pages as the studio lists them: home, the templates, then custom pages by title. */
export async function listPages(store: Db, webId: number) {
  const rows = await summaryQuery(store, webId).execute();
  return { data: { pages: rows.map(toSummary).sort(comparePages) } };
}

/** A page's draft as the studio opens it; `warn` hears of sections of unknown types, left out. */
export async function openPage(store: Db, webId: number, { PageID }: z.output<typeof studioPageQuery>, warn: (message: string) => void) {
  const row = await store
    .selectFrom('pages')
    .select(['page_id', 'page_type_id', 'slug', 'title', 'draft', 'draft_revision', 'published_version'])
    .where('web_id', '=', webId)
    .where('page_id', '=', PageID)
    .executeTakeFirst();
  if (!row) throw pageNotFound();
  const page = toStudioPage(row, (index) =>
    warn(`Section ${index} of the draft of page ${row.page_id} of site ${webId} is not a section of a known type; left out`),
  );
  return { data: { page } };
}

/** Saves a page's draft under the revision it was loaded at (409 when another tab saved since). */
export async function savePageDraft(store: Db, webId: number, body: z.output<typeof savePageRequest>) {
  const sections = checkSections(body.document.sections, 'document.sections');
  if (!sections.ok) throw documentRefused(sections.problem);
  return store.transaction().execute(async (trx) => {
    const page = await lockPage(trx, webId, body.pageId);
    if (page.draft_revision !== body.draftRevision) throw draftConflict('page', page);
    // The page's own fields come from its row: they change with UpdatePage, not with the content.
    const draft = pageDocument.parse({
      ...body.document,
      pageTypeId: page.page_type_id,
      slug: page.slug,
      title: page.title,
      seo: storedSeo(page.seo),
      sections: sections.value,
    });
    const updatedAt = new Date();
    const saved = await trx
      .updateTable('pages')
      .set({ draft: JSON.stringify(draft), draft_revision: page.draft_revision + 1, updated_at: updatedAt })
      .where('web_id', '=', webId)
      .where('page_id', '=', page.page_id)
      .where('draft_revision', '=', body.draftRevision)
      .returning('draft_revision')
      .executeTakeFirstOrThrow();
    return { data: { draftRevision: saved.draft_revision, updatedAt: updatedAt.toISOString() } };
  });
}

/** Publishes a page's draft (`publishPageDraft`) in a transaction of its own. */
export async function publishPage(store: Db, webId: number, body: z.output<typeof publishPageRequest>) {
  return { data: await store.transaction().execute((trx) => publishPageDraft(trx, webId, body, new Date())) };
}

/** A published version as the versions dialog lists it. */
export function versionSummary(row: { version: number; published_at: Date; section_count: number }): PublishedVersionSummary {
  return { version: row.version, publishedAt: row.published_at.toISOString(), sectionCount: Number(row.section_count) };
}

/** A page's published versions, newest first. */
export async function pageVersions(store: Db, webId: number, { PageID }: z.output<typeof studioPageQuery>) {
  const page = await store
    .selectFrom('pages')
    .select('page_id')
    .where('web_id', '=', webId)
    .where('page_id', '=', PageID)
    .executeTakeFirst();
  if (!page) throw pageNotFound();
  const versions = await store
    .selectFrom('page_versions')
    .select([
      'version',
      'published_at',
      sql<number>`case when jsonb_typeof(document -> 'sections') = 'array' then jsonb_array_length(document -> 'sections') else 0 end`.as(
        'section_count',
      ),
    ])
    .where('web_id', '=', webId)
    .where('page_id', '=', PageID)
    .orderBy('version', 'desc')
    .execute();
  return { data: { versions: versions.map(versionSummary) } };
}

/** Makes a published version the page's draft again; the page's own fields stay as they are. */
export async function rollbackPage(store: Db, webId: number, body: z.output<typeof rollbackPageRequest>) {
  return store.transaction().execute(async (trx) => {
    const page = await lockPage(trx, webId, body.pageId);
    const earlier = await trx
      .selectFrom('page_versions')
      .select('document')
      .where('web_id', '=', webId)
      .where('page_id', '=', page.page_id)
      .where('version', '=', body.version)
      .executeTakeFirst();
    if (!earlier) throw new HttpError(404, 'VERSION_NOT_FOUND', `Version ${body.version} of this page was never published`, 'version');
    // The content of that version, read as today's sections read it; the page's own fields stay as they are now.
    const restored = readStoredPage(earlier.document, { pageTypeId: page.page_type_id, slug: page.slug, title: page.title });
    const draft = { ...restored, seo: storedSeo(page.seo) };
    const saved = await trx
      .updateTable('pages')
      .set({ draft: JSON.stringify(draft), draft_revision: page.draft_revision + 1, updated_at: new Date() })
      .where('web_id', '=', webId)
      .where('page_id', '=', page.page_id)
      .returning('draft_revision')
      .executeTakeFirstOrThrow();
    return { data: { draftRevision: saved.draft_revision } };
  });
}

/** Creates a custom page at a free address. */
export async function createPage(store: Db, webId: number, body: z.output<typeof createPageRequest>) {
  const draft = pageDocument.parse({ pageTypeId: PageType.Custom, slug: body.slug, title: body.title, seo: body.seo, sections: [] });
  try {
    const page = await store.transaction().execute(async (trx) => {
      await checkSlugFree(trx, webId, body.slug);
      return trx
        .insertInto('pages')
        .values({ web_id: webId, page_type_id: PageType.Custom, slug: body.slug, title: body.title, draft: JSON.stringify(draft) })
        .returning(['page_id', 'page_type_id', 'slug', 'title', 'draft', 'draft_revision', 'published_version'])
        .executeTakeFirstOrThrow();
    });
    return { data: { page: toStudioPage(page) } };
  } catch (error) {
    // Two pages created at once with one address: the unique index lets one through.
    if (uniqueViolation(error) !== null) throw slugTaken('another page');
    throw error;
  }
}

/** Changes a page's address, title or share settings, in its draft and its published document at once. */
export async function updatePage(store: Db, webId: number, body: z.output<typeof updatePageRequest>) {
  try {
    return await store.transaction().execute(async (trx) => {
      const page = await lockPage(trx, webId, body.pageId);
      const slug = body.slug ?? page.slug;
      if (slug !== page.slug) {
        if (page.page_type_id !== PageType.Custom) {
          const which = page.page_type_id === PageType.Home ? 'The home page' : 'A template';
          throw new HttpError(400, 'BAD_REQUEST', `slug: ${which} has no address of its own to change`, 'slug');
        }
        if (slug === '') throw new HttpError(400, 'BAD_REQUEST', 'slug: is a required field', 'slug');
        await checkSlugFree(trx, webId, slug, page.page_id);
      }
      const title = body.title ?? page.title;
      const seo = pageSeo.parse({ ...storedSeo(page.seo), ...body.seo });
      // Both the draft and the published document carry the page's own fields: shoppers see the change at once.
      const patch = JSON.stringify({ slug, title, seo });
      await trx
        .updateTable('pages')
        .set({
          slug,
          title,
          draft: sql<string>`pages.draft || ${patch}::jsonb`,
          // Null (never published) stays null.
          published: sql<string | null>`pages.published || ${patch}::jsonb`,
          updated_at: new Date(),
        })
        .where('web_id', '=', webId)
        .where('page_id', '=', page.page_id)
        .execute();
      const updated = await summaryQuery(trx, webId).where('page_id', '=', page.page_id).executeTakeFirstOrThrow();
      return { data: { page: toSummary(updated) } };
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw slugTaken('another page');
    throw error;
  }
}

/** Deletes a custom page and its versions; the home page and the templates stay. */
export async function deletePage(store: Db, webId: number, body: z.output<typeof deletePageRequest>) {
  return store.transaction().execute(async (trx) => {
    const page = await lockPage(trx, webId, body.pageId);
    if (page.page_type_id !== PageType.Custom) {
      throw new HttpError(400, 'PAGE_NOT_DELETABLE', 'The home page and the product and listing templates cannot be deleted', 'pageId');
    }
    await trx.deleteFrom('page_versions').where('web_id', '=', webId).where('page_id', '=', page.page_id).execute();
    await trx.deleteFrom('pages').where('web_id', '=', webId).where('page_id', '=', page.page_id).execute();
    return { data: { deleted: true as const, pageId: page.page_id } };
  });
}
