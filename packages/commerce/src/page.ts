import { z } from 'zod';

/** The version of the page document shape; loading an older one migrates it forward. */
export const PAGE_DOCUMENT_VERSION = 1;

const sectionId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _');

/** A repeated item inside a section: a slide, a feature, a team member… */
export const sectionBlock = z.object({
  id: sectionId,
  settings: z.record(z.string(), z.unknown()),
});
export type SectionBlock = z.infer<typeof sectionBlock>;

/**
 * One section of a page; its settings and style are checked against its type's own schema by the section registry.
 * Its type is any positive id: the store's 22 (§3.15) or a theme developer's own, which the registry in use decides.
 */
export const sectionNode = z.object({
  id: sectionId,
  type: z.number().int().min(1).max(9_999),
  version: z.number().int().min(1).default(1),
  settings: z.record(z.string(), z.unknown()).default({}),
  style: z.record(z.string(), z.unknown()).default({}),
  blocks: z.array(sectionBlock).max(200).optional(),
  hidden: z.boolean().optional(),
});
export type SectionNode = z.infer<typeof sectionNode>;

export const pageSeo = z.object({
  title: z.string().max(200).default(''),
  description: z.string().max(500).default(''),
  keywords: z.string().max(500).default(''),
  image: z.string().max(2048).default(''),
});

/** A page document (architecture.md): what the studio edits and the storefront renders. */
export const pageDocument = z.object({
  schemaVersion: z.literal(PAGE_DOCUMENT_VERSION).default(PAGE_DOCUMENT_VERSION),
  pageTypeId: z.number().int().min(1).max(4),
  slug: z
    .string()
    .max(200)
    .regex(/^[a-z0-9-/]*$/, 'must be lower-case letters, digits, - and /'),
  title: z.string().min(1).max(200),
  seo: pageSeo.default({ title: '', description: '', keywords: '', image: '' }),
  sections: z.array(sectionNode).max(500),
});
export type PageDocument = z.infer<typeof pageDocument>;

/** A published page as the storefront receives it: the document plus the data its data-bound sections loaded. */
export const publishedPage = z.object({
  pageId: z.number().int(),
  version: z.number().int(),
  document: pageDocument,
  sectionData: z.record(z.string(), z.unknown()),
});
export type PublishedPage = z.infer<typeof publishedPage>;

/**
 * `POST /api/Page/GetSectionData`: what data-bound sections (products, categories, brands…) load with the given
 * settings, for the studio's preview of a draft whose sections are new or changed since publishing. It reads only
 * what shoppers may see, through the same loaders as a published page.
 */
export const sectionDataRequest = z.object({ sections: z.array(sectionNode).min(1).max(50) });
export type SectionDataRequest = z.input<typeof sectionDataRequest>;
export const sectionDataAnswer = z.object({ data: z.object({ sectionData: z.record(z.string(), z.unknown()) }) });
export type SectionDataAnswer = z.infer<typeof sectionDataAnswer>;

/** The version of the theme document shape. */
export const THEME_DOCUMENT_VERSION = 1;

/**
 * A theme document: the theme settings of §3.8 (checked by the theme engine) and the global header and footer
 * sections every page of the store shares.
 */
export const themeDocument = z.object({
  schemaVersion: z.literal(THEME_DOCUMENT_VERSION).default(THEME_DOCUMENT_VERSION),
  settings: z.record(z.string(), z.unknown()).default({}),
  header: sectionNode.nullable().default(null),
  footer: sectionNode.nullable().default(null),
});
export type ThemeDocument = z.infer<typeof themeDocument>;
