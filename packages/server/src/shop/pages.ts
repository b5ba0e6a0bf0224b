import { PageType, pageDocument, themeDocument, type PublishedPage, type SectionNode } from '@vitrine/commerce';
import { loadSectionData } from '@vitrine/sections';
import { sanitizeOwnerHtml } from '@vitrine/sections/owner-html';
import { catalogFor } from './catalog.ts';
import type { Db } from '../db/connect.ts';

/**
 * The published page a shopper sees at `slug` ('' is the home page), with the data of its data-bound sections
 * loaded, or null when the site has no such published page.
 */
export async function loadPublishedPage(
  db: Db,
  webId: number,
  slug: string,
  log?: (message: string, error: unknown) => void,
): Promise<PublishedPage | null> {
  const row = await db
    .selectFrom('pages')
    .select(['page_id', 'published', 'published_version'])
    .where('web_id', '=', webId)
    .where('published', 'is not', null)
    .where((eb) =>
      slug === '' ? eb('page_type_id', '=', PageType.Home) : eb.and([eb('page_type_id', '=', PageType.Custom), eb('slug', '=', slug)]),
    )
    .orderBy('page_id')
    .executeTakeFirst();
  if (!row) return null;
  const parsed = pageDocument.safeParse(row.published);
  if (!parsed.success) {
    log?.(`Published page ${row.page_id} of site ${webId} does not match the page schema`, parsed.error);
    return null;
  }
  const sectionData = await loadSectionData(
    parsed.data.sections,
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
