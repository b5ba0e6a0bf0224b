import {
  PAGE_DOCUMENT_VERSION,
  THEME_DOCUMENT_VERSION,
  PageType,
  pageDocument,
  pageSeo,
  themeDocument,
  type PageDocument,
  type SectionNode,
  type ThemeDocument,
} from '@vitrine/commerce';
import { readSectionStyle, sectionRegistry, sectionStyle, type SectionRegistry } from '@vitrine/sections';
import { defaultThemeSettings, readThemeSettings } from '@vitrine/theme-engine';
import type { z } from 'zod';
import type { Db } from '../db/connect.ts';

/**
 * The studio's documents on the server: the strict check of what the owner saves (a value that does not fit is
 * refused and named, never dropped) and the lenient read of what is stored (an older or damaged document still
 * opens, each section migrated to its type's current version).
 */

/** What is wrong with a saved document, at a request path such as `document.sections.2.settings.heading`. */
export interface DocumentProblem {
  path: string;
  message: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: DocumentProblem };

const registry: SectionRegistry = sectionRegistry;

/** Section ids are letters, digits, - and _ (commerce's `sectionNode`). */
const SECTION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The page types a store has exactly one of; their address is the empty slug. */
export const SYSTEM_PAGE_TYPES = [PageType.Home, PageType.Product, PageType.Listing] as const;
export type SystemPageType = (typeof SYSTEM_PAGE_TYPES)[number];

/** Checks settings-like values against an object schema, refusing keys the schema does not have. */
function checkObject(
  schema: z.ZodObject<z.ZodRawShape>,
  raw: Record<string, unknown>,
  at: string,
  owner: string,
): Checked<Record<string, unknown>> {
  const unknownKey = Object.keys(raw).find((key) => !Object.hasOwn(schema.shape, key));
  if (unknownKey !== undefined) return { ok: false, problem: { path: `${at}.${unknownKey}`, message: `is not a setting of ${owner}` } };
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data as Record<string, unknown> };
  const issue = parsed.error.issues[0]!;
  return { ok: false, problem: { path: [at, ...issue.path.map(String)].join('.'), message: issue.message } };
}

/**
 * Checks one section against its type's definition: known type (and the one expected, for a theme's header and
 * footer), current version, settings, style (§3.10) and blocks. Answers the section with every value parsed (defaults
 * filled in), or the first problem.
 */
export function checkSection(section: SectionNode, at: string, expectedType?: number): Checked<SectionNode> {
  const definition = registry[section.type];
  if (!definition) return { ok: false, problem: { path: `${at}.type`, message: 'is not a known section type' } };
  if (expectedType !== undefined && section.type !== expectedType) {
    return {
      ok: false,
      problem: { path: `${at}.type`, message: `must be ${expectedType} (${registry[expectedType]?.name ?? 'section'})` },
    };
  }
  if (section.version !== definition.version) {
    return {
      ok: false,
      problem: {
        path: `${at}.version`,
        message: `must be ${definition.version}: the ${definition.name} section was made by another version of the studio; reload the page`,
      },
    };
  }
  const settings = checkObject(definition.settings, section.settings, `${at}.settings`, `the ${definition.name} section`);
  if (!settings.ok) return settings;
  const style = checkObject(sectionStyle, section.style, `${at}.style`, 'a section style');
  if (!style.ok) return style;
  const checked: SectionNode = {
    id: section.id,
    type: section.type,
    version: section.version,
    settings: settings.value,
    style: style.value,
  };
  if (section.blocks !== undefined) {
    const blocks = definition.blocks;
    if (!blocks) return { ok: false, problem: { path: `${at}.blocks`, message: `the ${definition.name} section has no blocks` } };
    if (section.blocks.length > blocks.max)
      return { ok: false, problem: { path: `${at}.blocks`, message: `must have at most ${blocks.max} items` } };
    const ids = new Set<string>();
    checked.blocks = [];
    for (const [index, block] of section.blocks.entries()) {
      if (ids.has(block.id))
        return { ok: false, problem: { path: `${at}.blocks.${index}.id`, message: 'is used by another item of this section' } };
      ids.add(block.id);
      const blockSettings = checkObject(blocks.settings, block.settings, `${at}.blocks.${index}.settings`, `a ${blocks.name}`);
      if (!blockSettings.ok) return blockSettings;
      checked.blocks.push({ id: block.id, settings: blockSettings.value });
    }
  }
  if (section.hidden !== undefined) checked.hidden = section.hidden;
  return { ok: true, value: checked };
}

/** Checks every section of a page being saved (`at` is where they sit in the request, e.g. `document.sections`). */
export function checkSections(sections: readonly SectionNode[], at: string): Checked<SectionNode[]> {
  const checked: SectionNode[] = [];
  for (const [index, section] of sections.entries()) {
    const result = checkSection(section, `${at}.${index}`);
    if (!result.ok) return result;
    checked.push(result.value);
  }
  return { ok: true, value: checked };
}

/**
 * Checks a theme being saved: settings with the theme engine (its first problem, at `document.settings.<path>`),
 * the header as a header section and the footer as a footer section. Answers the theme with defaults filled in.
 */
export function checkThemeDocument(document: ThemeDocument, at = 'document'): Checked<ThemeDocument> {
  const { settings, problems } = readThemeSettings(document.settings);
  const problem = problems[0];
  if (problem)
    return { ok: false, problem: { path: problem.path ? `${at}.settings.${problem.path}` : `${at}.settings`, message: problem.message } };
  const header = document.header ? checkSection(document.header, `${at}.header`, 1) : null;
  if (header && !header.ok) return header;
  const footer = document.footer ? checkSection(document.footer, `${at}.footer`, 2) : null;
  if (footer && !footer.ok) return footer;
  return {
    ok: true,
    value: { schemaVersion: THEME_DOCUMENT_VERSION, settings, header: header?.value ?? null, footer: footer?.value ?? null },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a stored section leniently: its settings migrated from their version to the type's current one, values that
 * do not fit replaced by defaults, a missing id made up. Null for something that is not a section of a known type.
 */
export function readStoredSection(raw: unknown, fallbackId: string): SectionNode | null {
  if (!isRecord(raw) || typeof raw['type'] !== 'number') return null;
  const definition = registry[raw['type']];
  if (!definition) return null;
  const id = typeof raw['id'] === 'string' && SECTION_ID.test(raw['id']) ? raw['id'] : fallbackId;
  const storedVersion = raw['version'];
  const version = typeof storedVersion === 'number' && Number.isInteger(storedVersion) && storedVersion >= 1 ? storedVersion : 1;
  const section: SectionNode = {
    id,
    type: definition.type,
    version: definition.version,
    settings: definition.readSettings(raw['settings'], version),
    style: readSectionStyle(raw['style']),
  };
  if (definition.blocks && Array.isArray(raw['blocks'])) {
    const ids = new Set<string>();
    section.blocks = raw['blocks']
      .filter(isRecord)
      .slice(0, definition.blocks.max)
      .map((block, index) => {
        let blockId = typeof block['id'] === 'string' && SECTION_ID.test(block['id']) ? block['id'] : `${id}-b${index + 1}`;
        while (ids.has(blockId)) blockId = `${blockId.slice(0, 60)}-${index + 1}`;
        ids.add(blockId);
        return { id: blockId, settings: definition.readBlock(block['settings']) };
      });
  }
  if (raw['hidden'] === true) section.hidden = true;
  return section;
}

/** The page's own fields, which its row keeps: the document carries copies of them. */
export interface PageIdentity {
  pageTypeId: number;
  slug: string;
  title: string;
}

/** The SEO fields of a stored document, or empty ones. */
export function storedSeo(raw: unknown): PageDocument['seo'] {
  const parsed = pageSeo.safeParse(isRecord(raw) ? raw : {});
  return parsed.success ? parsed.data : pageSeo.parse({});
}

/**
 * Reads a stored page document for the studio (a draft, or a published version being restored): every section read
 * by `readStoredSection`, ids made unique, at most 500; something that is not a section is left out.
 */
export function readStoredPage(raw: unknown, page: PageIdentity, onDropped?: (index: number) => void): PageDocument {
  const stored = isRecord(raw) ? raw : {};
  const rawSections = Array.isArray(stored['sections']) ? stored['sections'] : [];
  const ids = new Set<string>();
  const sections: SectionNode[] = [];
  rawSections.forEach((rawSection, index) => {
    const section = sections.length < 500 ? readStoredSection(rawSection, `section-${index + 1}`) : null;
    if (!section) return onDropped?.(index);
    while (ids.has(section.id)) section.id = `${section.id.slice(0, 56)}-${index + 1}`;
    ids.add(section.id);
    sections.push(section);
  });
  return pageDocument.parse({
    schemaVersion: PAGE_DOCUMENT_VERSION,
    pageTypeId: page.pageTypeId,
    slug: page.slug,
    title: page.title,
    seo: storedSeo(stored['seo']),
    sections,
  });
}

/** Reads a stored theme document leniently: settings that do not fit fall back to defaults, as the storefront does. */
export function readStoredTheme(raw: unknown): ThemeDocument {
  const stored = isRecord(raw) ? raw : {};
  const header = readStoredSection(stored['header'], 'theme-header');
  const footer = readStoredSection(stored['footer'], 'theme-footer');
  return themeDocument.parse({
    schemaVersion: THEME_DOCUMENT_VERSION,
    settings: readThemeSettings(stored['settings']).settings,
    header: header?.type === 1 ? header : null,
    footer: footer?.type === 2 ? footer : null,
  });
}

const systemPageTitles: Record<SystemPageType, string> = {
  [PageType.Home]: 'Home',
  [PageType.Product]: 'Product page',
  [PageType.Listing]: 'Product listing',
};

/**
 * The document a store's home page, product template or listing template starts with when it has none: sections
 * from the registry's defaults — a hero and featured products at home, related products under a product, the
 * product grid of a listing.
 */
export function defaultSystemPage(pageTypeId: SystemPageType): PageDocument {
  const products = registry[3]!;
  const productGrid = (id: string, settings: Record<string, unknown>): SectionNode => {
    const section = products.create(id);
    return { ...section, settings: { ...section.settings, ...settings } };
  };
  const sections =
    pageTypeId === PageType.Home
      ? [registry[6]!.create('home-hero'), productGrid('home-products', {})]
      : pageTypeId === PageType.Product
        ? [productGrid('product-related', { heading: 'You may also like', limit: 4, button_label: '' })]
        : [productGrid('listing-products', { heading: 'Products', limit: 24, columns_desktop: 4, button_label: '' })];
  return pageDocument.parse({ pageTypeId, slug: '', title: systemPageTitles[pageTypeId], sections });
}

/** The theme a store starts with when it has none: default settings, the registry's header and footer. */
export function defaultThemeDocument(): ThemeDocument {
  return themeDocument.parse({
    settings: defaultThemeSettings,
    header: registry[1]!.create('theme-header'),
    footer: registry[2]!.create('theme-footer'),
  });
}

/**
 * Gives a store its home page, product template and listing template where one is missing, each with a default
 * document, published as version 1. Two callers at once create one: the unique index of migration 0003 decides.
 */
export async function ensureSystemPages(db: Db, webId: number): Promise<void> {
  const present = await db
    .selectFrom('pages')
    .select('page_type_id')
    .where('web_id', '=', webId)
    .where('page_type_id', '<>', PageType.Custom)
    .execute();
  const missing = SYSTEM_PAGE_TYPES.filter((type) => !present.some((page) => page.page_type_id === type));
  if (!missing.length) return;
  await db.transaction().execute(async (trx) => {
    for (const pageTypeId of missing) {
      const document = JSON.stringify(defaultSystemPage(pageTypeId));
      const now = new Date();
      const created = await trx
        .insertInto('pages')
        .values({
          web_id: webId,
          page_type_id: pageTypeId,
          slug: '',
          title: defaultSystemPage(pageTypeId).title,
          draft: document,
          published: document,
          published_version: 1,
          updated_at: now,
          published_at: now,
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning('page_id')
        .executeTakeFirst();
      if (created)
        await trx
          .insertInto('page_versions')
          .values({ web_id: webId, page_id: created.page_id, version: 1, document, published_at: now })
          .execute();
    }
  });
}

/** `ensureSystemPages` for every store missing one of its three, at start: reading the studio's pages never writes. */
export async function ensureSystemPagesOfEveryStore(db: Db): Promise<void> {
  const stores = await db
    .selectFrom('sites')
    .select('web_id')
    .where((eb) =>
      eb(
        eb
          .selectFrom('pages')
          .select((p) => p.fn.count<number>('page_id').as('n'))
          .whereRef('pages.web_id', '=', 'sites.web_id')
          .where('page_type_id', 'in', [...SYSTEM_PAGE_TYPES]),
        '<',
        SYSTEM_PAGE_TYPES.length,
      ),
    )
    .execute();
  for (const { web_id } of stores) await ensureSystemPages(db, web_id);
}
