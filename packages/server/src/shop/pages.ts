import { PageType, listingAreaOf, pageDocument, themeDocument, type PublishedPage, type SectionNode } from '@vitrine/commerce';
import { loadSectionData } from '@vitrine/sections';
import { sanitizeOwnerHtml } from '@vitrine/sections/owner-html';
import { catalogFor } from './catalog.ts';
import type { Db } from '../db/connect.ts';

/**
 * The published page a shopper sees at `slug` ('' is the home page), with the data of its data-bound sections
 * loaded, or null when the site has no such published page.
 */
export function loadPublishedPage(
  db: Db,
  webId: number,
  slug: string,
  log?: (message: string, error: unknown) => void,
): Promise<PublishedPage | null> {
  return loadPage(db, webId, slug === '' ? { pageTypeId: PageType.Home } : { pageTypeId: PageType.Custom, slug }, log);
}

/**
 * The published template a catalogue page is drawn with: the product page (3) or the listing (4). A listing's
 * products area shows the listing, which is loaded apart with its keys, so its own loader does not run.
 */
export function loadTemplatePage(
  db: Db,
  webId: number,
  pageTypeId: typeof PageType.Product | typeof PageType.Listing,
  log?: (message: string, error: unknown) => void,
): Promise<PublishedPage | null> {
  return loadPage(db, webId, { pageTypeId }, log);
}

async function loadPage(
  db: Db,
  webId: number,
  which: { pageTypeId: number; slug?: string },
  log?: (message: string, error: unknown) => void,
): Promise<PublishedPage | null> {
  const row = await db
    .selectFrom('pages')
    .select(['page_id', 'published', 'published_version'])
    .where('web_id', '=', webId)
    .where('published', 'is not', null)
    .where('page_type_id', '=', which.pageTypeId)
    .$if(which.slug !== undefined, (query) => query.where('slug', '=', which.slug!))
    .orderBy('page_id')
    .executeTakeFirst();
  if (!row) return null;
  const parsed = pageDocument.safeParse(row.published);
  if (!parsed.success) {
    log?.(`Published page ${row.page_id} of site ${webId} does not match the page schema`, parsed.error);
    return null;
  }
  const area = which.pageTypeId === PageType.Listing ? listingAreaOf(parsed.data.sections) : null;
  const sectionData = await loadSectionData(
    parsed.data.sections.filter((section) => section.id !== area),
    { catalog: catalogFor(db, webId), sanitizeOwnerHtml },
    (sectionId, error) => log?.(`Section ${sectionId} of page ${row.page_id} could not load its data`, error),
  );
  return { pageId: row.page_id, version: row.published_version, document: parsed.data, sectionData };
}

/**
 * What sections load with their settings as given (a draft's new or changed sections, for the studio's preview),
 * through the same loaders and the same site-scoped catalogue as a published page.
 */
export function loadDraftSectionData(
  db: Db,
  webId: number,
  sections: readonly SectionNode[],
  log?: (message: string, error: unknown) => void,
): Promise<Record<string, unknown>> {
  return loadSectionData(sections, { catalog: catalogFor(db, webId), sanitizeOwnerHtml }, (sectionId, error) =>
    log?.(`Draft section ${sectionId} could not load its data`, error),
  );
}

/** What the theme's global sections (header, footer) load, for the theme the page is drawn with. */
export async function loadThemeSectionData(
  db: Db,
  webId: number,
  themeData: string,
  log?: (message: string, error: unknown) => void,
): Promise<Record<string, unknown>> {
  let theme;
  try {
    theme = themeDocument.parse(JSON.parse(themeData));
  } catch (error) {
    log?.(`The theme of site ${webId} does not match the theme schema`, error);
    return {};
  }
  const sections = [theme.header, theme.footer].filter((s) => s !== null);
  return loadSectionData(sections, { catalog: catalogFor(db, webId), sanitizeOwnerHtml }, (sectionId, error) =>
    log?.(`Theme section ${sectionId} could not load its data`, error),
  );
}
