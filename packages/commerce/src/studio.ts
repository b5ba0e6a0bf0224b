import { z } from 'zod';
import { pageDocument, pageSeo, themeDocument } from './page.ts';

/**
 * The owner's page and theme calls (`/api/Studio/*`): the contract between the studio and the server. Every call
 * sends the owner's session as a bearer token; the store is the request's Host (or `?store=`). Answers are
 * `{ data }`; refusals are `apiError`, and a draft saved over a newer one is `draftConflictAnswer` (409).
 */

/** Largest page a `Studio/SavePage` body may carry (the route's body limit). */
export const STUDIO_PAGE_BODY_BYTES = 5 * 1024 * 1024;
/** Largest image `Studio/UploadMedia` takes, once decoded from base64. */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
/** Uploaded images wider than this are scaled down to it. */
export const UPLOAD_MAX_WIDTH = 2560;
/** Image formats `Studio/UploadMedia` takes; every upload is stored as WebP. */
export const uploadImageFormats = ['jpeg', 'png', 'webp', 'avif', 'gif'] as const;

/**
 * First path segments a custom page's slug may not start with: the shopper app's own routes (§2.1), its redirects,
 * and the paths the server itself answers.
 */
export const reservedPageSlugs: readonly string[] = [
  'cart',
  'editor',
  'signin',
  'signup',
  'status',
  'account',
  'compare',
  'contact',
  'designs',
  'notfound',
  'wishlist',
  'orderlist',
  'order',
  'maintenance',
  'resetpassword',
  'changepassword',
  'checkout',
  'forgotpassword',
  'preview',
  'orderdetail',
  'home',
  'login',
  'register',
  'index.html',
  'api',
  'media',
  '_img',
  'fonts',
  'assets',
];
const reserved = new Set(reservedPageSlugs);

/** A page id in a body. */
const pageId = z.number().int().positive();
/** A draft revision: 1 for a new draft, one more at every save and rollback. */
const draftRevision = z.number().int().min(1);
/** A published version: 1 for the first publish, one more at each. */
const version = z.number().int().min(1);
/** A timestamp in an answer, ISO 8601 in UTC. */
const timestamp = z.string();

/** A page's title as the studio's page list and the browser tab show it. */
export const pageTitle = z.string().trim().min(1, 'is a required field').max(200, 'must be at most 200 characters');

/**
 * The address of a custom page below `/`: lower-case letters, digits and `-`, in parts separated by single `/`,
 * and not starting with one of the app's own routes (`reservedPageSlugs`). The server also refuses a slug another
 * page, a category or a product of the store already has.
 */
export const customPageSlug = z
  .string()
  .trim()
  .min(1, 'is a required field')
  .max(200, 'must be at most 200 characters')
  .regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'must be lower-case letters, digits and -, in parts separated by /')
  .refine((slug) => !reserved.has(slug.split('/')[0]!), 'is the address of a page of the store app; choose another');

/** A page document as the studio saves it: section ids must be unique on the page. */
export const studioPageDocument = pageDocument.superRefine((document, context) => {
  const seen = new Set<string>();
  document.sections.forEach((section, index) => {
    if (seen.has(section.id))
      context.addIssue({ code: 'custom', message: `is used by another section of this page`, path: ['sections', index, 'id'] });
    seen.add(section.id);
  });
});

/** `GET /api/Studio/GetPage` and `GET /api/Studio/GetVersions` query. */
export const studioPageQuery = z.object({
  PageID: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be a page id')
    .transform(Number),
});

/** A page as the studio's page list shows it. `hasUnpublishedChanges`: the draft differs from what shoppers see. */
export const studioPageSummary = z.object({
  pageId: z.number().int(),
  pageTypeId: z.number().int().min(1).max(4),
  slug: z.string(),
  title: z.string(),
  seo: pageSeo,
  draftRevision,
  /** 0 until first published. */
  publishedVersion: z.number().int().min(0),
  updatedAt: timestamp,
  publishedAt: timestamp.nullable(),
  hasUnpublishedChanges: z.boolean(),
});
export type StudioPageSummary = z.infer<typeof studioPageSummary>;

/** `Studio/GetPages` answer: the home page, the product and listing templates, and every custom page. */
export const studioPagesAnswer = z.object({ data: z.object({ pages: z.array(studioPageSummary) }) });
export type StudioPagesAnswer = z.infer<typeof studioPagesAnswer>;

/**
 * A page opened in the studio: its draft document, read with every section's settings migrated to the section's
 * current version (so an older page loads). The draft's pageTypeId, slug, title and seo are the page's own.
 */
export const studioPage = z.object({
  pageId: z.number().int(),
  pageTypeId: z.number().int().min(1).max(4),
  slug: z.string(),
  title: z.string(),
  seo: pageSeo,
  draft: pageDocument,
  draftRevision,
  publishedVersion: z.number().int().min(0),
});
export type StudioPage = z.infer<typeof studioPage>;

/** `Studio/GetPage` and `Studio/CreatePage` answer. */
export const studioPageAnswer = z.object({ data: z.object({ page: studioPage }) });
export type StudioPageAnswer = z.infer<typeof studioPageAnswer>;

/**
 * `POST /api/Studio/SavePage`: the draft, saved only when `draftRevision` (the revision the editor started from) is
 * still the stored one. Every section's settings, style and blocks are checked against its type's schema and a
 * value that does not fit is refused (400 naming e.g. `document.sections.2.settings.heading`), never dropped.
 * The page's pageTypeId, slug, title and seo are kept as they are: change them with `Studio/UpdatePage`.
 */
export const savePageRequest = z.object({ pageId, draftRevision, document: studioPageDocument });
export type SavePageRequest = z.input<typeof savePageRequest>;

/** `Studio/SavePage`, `Studio/SaveTheme` answer: the new revision to send with the next save. */
export const saveDraftAnswer = z.object({ data: z.object({ draftRevision, updatedAt: timestamp }) });
export type SaveDraftAnswer = z.infer<typeof saveDraftAnswer>;

/** DRAFT_CONFLICT (409): the draft was saved elsewhere since the editor loaded it; nothing was written. */
export const draftConflictAnswer = z.object({
  error: z.object({
    code: z.literal('DRAFT_CONFLICT'),
    message: z.string(),
    /** `Studio/Publish` names the draft at fault: `page.draftRevision` or `theme.draftRevision`. */
    field: z.string().optional(),
    /** The revision stored now; reload the draft to get it. */
    draftRevision,
    updatedAt: timestamp,
  }),
});
export type DraftConflictAnswer = z.infer<typeof draftConflictAnswer>;

/** `POST /api/Studio/PublishPage`: publishes the stored draft, which must still be at `draftRevision` (else 409). */
export const publishPageRequest = z.object({ pageId, draftRevision });
export type PublishPageRequest = z.infer<typeof publishPageRequest>;

/** `POST /api/Studio/PublishTheme`: compiles the draft's CSS and makes both live. */
export const publishThemeRequest = z.object({ draftRevision });
export type PublishThemeRequest = z.infer<typeof publishThemeRequest>;

/** What one publish made live: the new version, and when. */
export const publishedDraft = z.object({ publishedVersion: version, publishedAt: timestamp });
export type PublishedDraft = z.infer<typeof publishedDraft>;

/** `Studio/PublishPage`, `Studio/PublishTheme` answer. Shoppers see the new version from the next request on. */
export const publishAnswer = z.object({ data: publishedDraft });
export type PublishAnswer = z.infer<typeof publishAnswer>;

/**
 * `POST /api/Studio/Publish`: publishes a page's draft and the theme's draft together, in one transaction, so that
 * shoppers never see the new page with the old theme. Each must still be at its `draftRevision`: a conflict on
 * either is a 409 DRAFT_CONFLICT naming it (`page.draftRevision`, `theme.draftRevision`) and publishes neither.
 * Either may be left out; not both (400 naming `body`).
 */
export const publishDraftsRequest = z
  .object({ page: publishPageRequest.optional(), theme: publishThemeRequest.optional() })
  .refine((body) => body.page !== undefined || body.theme !== undefined, 'must name a page, a theme or both to publish');
export type PublishDraftsRequest = z.infer<typeof publishDraftsRequest>;

/** `Studio/Publish` answer: what was published, each as `Studio/PublishPage` and `Studio/PublishTheme` answer it. */
export const publishDraftsAnswer = z.object({ data: z.object({ page: publishedDraft.optional(), theme: publishedDraft.optional() }) });
export type PublishDraftsAnswer = z.infer<typeof publishDraftsAnswer>;

/** One published version of a page or theme. For a theme `sectionCount` counts its header and footer. */
export const publishedVersionSummary = z.object({ version, publishedAt: timestamp, sectionCount: z.number().int().min(0) });
export type PublishedVersionSummary = z.infer<typeof publishedVersionSummary>;

/** `Studio/GetVersions`, `Studio/GetThemeVersions` answer, newest first. */
export const versionsAnswer = z.object({ data: z.object({ versions: z.array(publishedVersionSummary) }) });
export type VersionsAnswer = z.infer<typeof versionsAnswer>;

/** `POST /api/Studio/Rollback`: makes a published version the draft again (publish it to make it live). */
export const rollbackPageRequest = z.object({ pageId, version });
export type RollbackPageRequest = z.infer<typeof rollbackPageRequest>;

/** `Studio/Rollback`, `Studio/RollbackTheme` answer. */
export const rollbackAnswer = z.object({ data: z.object({ draftRevision }) });
export type RollbackAnswer = z.infer<typeof rollbackAnswer>;

/** `POST /api/Studio/CreatePage`: a custom page with an empty, unpublished draft (201). */
export const createPageRequest = z.object({
  title: pageTitle,
  slug: customPageSlug,
  seo: pageSeo.default({ title: '', description: '', keywords: '', image: '' }),
});
export type CreatePageRequest = z.input<typeof createPageRequest>;

/**
 * `POST /api/Studio/UpdatePage`: renames a page, moves a custom page to another address, or changes SEO fields
 * (only those given). These are the page's settings, not its content: shoppers see them at once, no publish needed.
 * The home page and the templates keep their address ('').
 */
export const updatePageRequest = z.object({
  pageId,
  title: pageTitle.optional(),
  slug: z
    .string()
    .trim()
    .superRefine((slug, context) => {
      // '' is the address of the home page and the templates; any other is a custom page's.
      const parsed = slug === '' ? null : customPageSlug.safeParse(slug);
      if (parsed && !parsed.success) context.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
    })
    .optional(),
  seo: z
    .object({
      title: pageSeo.shape.title.unwrap().optional(),
      description: pageSeo.shape.description.unwrap().optional(),
      keywords: pageSeo.shape.keywords.unwrap().optional(),
      image: pageSeo.shape.image.unwrap().optional(),
    })
    .optional(),
});
export type UpdatePageRequest = z.input<typeof updatePageRequest>;

/** `Studio/UpdatePage` answer: the page as the page list shows it. */
export const updatePageAnswer = z.object({ data: z.object({ page: studioPageSummary }) });
export type UpdatePageAnswer = z.infer<typeof updatePageAnswer>;

/** `POST /api/Studio/DeletePage`: custom pages only, with their published versions. */
export const deletePageRequest = z.object({ pageId });
export type DeletePageRequest = z.infer<typeof deletePageRequest>;

/** `Studio/DeletePage` answer. */
export const deletePageAnswer = z.object({ data: z.object({ deleted: z.literal(true), pageId: z.number().int() }) });
export type DeletePageAnswer = z.infer<typeof deletePageAnswer>;

/** The store's active theme as the studio's theme panel edits it: settings (§3.8), header and footer. */
export const studioTheme = z.object({
  themeId: z.number().int(),
  name: z.string(),
  draft: themeDocument,
  draftRevision,
  publishedVersion: z.number().int().min(0),
  updatedAt: timestamp,
  publishedAt: timestamp.nullable(),
  hasUnpublishedChanges: z.boolean(),
});
export type StudioTheme = z.infer<typeof studioTheme>;

/** `Studio/GetTheme` answer. */
export const studioThemeAnswer = z.object({ data: studioTheme });
export type StudioThemeAnswer = z.infer<typeof studioThemeAnswer>;

/**
 * `POST /api/Studio/SaveTheme`: the theme draft, on the same revision rule as pages. Settings that do not fit the
 * theme engine's schema are refused (400 naming e.g. `document.settings.colors.brand`); the header must be a
 * header section (type 1) and the footer a footer section (type 2), each checked like a page's sections.
 */
export const saveThemeRequest = z.object({ draftRevision, document: themeDocument });
export type SaveThemeRequest = z.input<typeof saveThemeRequest>;

/** `POST /api/Studio/RollbackTheme`: makes a published version of the theme the draft again. */
export const rollbackThemeRequest = z.object({ version });
export type RollbackThemeRequest = z.infer<typeof rollbackThemeRequest>;

/**
 * `POST /api/Studio/UploadMedia`: an image as base64 (a `data:` URL is fine too), at most `MAX_UPLOAD_BYTES`
 * decoded. JPEG, PNG, WebP, AVIF or GIF (first frame); stored as WebP at most `UPLOAD_MAX_WIDTH` wide, without
 * metadata, at an address made from its content.
 */
export const uploadMediaRequest = z.object({
  fileName: z.string().trim().min(1, 'is a required field').max(255, 'must be at most 255 characters'),
  base64: z
    .string()
    .min(1, 'is a required field')
    .regex(/^(data:[\w.+/-]+;base64,)?[A-Za-z0-9+/=\s]+$/, 'must be base64'),
});
export type UploadMediaRequest = z.infer<typeof uploadMediaRequest>;

/** `Studio/UploadMedia` answer: the stored image's address (use it as is, or through the image route) and size. */
export const uploadMediaAnswer = z.object({
  data: z.object({ path: z.string(), width: z.number().int(), height: z.number().int(), bytes: z.number().int() }),
});
export type UploadMediaAnswer = z.infer<typeof uploadMediaAnswer>;

/** One image of the store's media library. `name`: the file name it was uploaded with. */
export const mediaItem = z.object({
  mediaId: z.number().int(),
  path: z.string(),
  name: z.string(),
  mime: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  bytes: z.number().int(),
  createdAt: timestamp,
});
export type MediaItem = z.infer<typeof mediaItem>;

/** `Studio/GetMedia` answer, newest first. */
export const mediaListAnswer = z.object({ data: z.object({ media: z.array(mediaItem) }) });
export type MediaListAnswer = z.infer<typeof mediaListAnswer>;

/**
 * A category a section's category picker offers. `parentId` places it in the tree (null at the top level);
 * `productCount` counts the published products in it and its sub-categories: what a product grid picking it shows.
 */
export const categoryChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  productCount: z.number().int().min(0),
});
export type CategoryChoice = z.infer<typeof categoryChoice>;

/** A brand a section's brand picker offers, with the number of its published products. */
export const brandChoice = z.object({ id: z.number().int(), name: z.string(), productCount: z.number().int().min(0) });
export type BrandChoice = z.infer<typeof brandChoice>;

/**
 * What the studio's category and brand pickers offer: the store's own categories and brands, each sorted by name.
 * A store has hundreds of them at most, so the pickers search them in the browser; products are searched on the
 * server (`Studio/FindProducts`). A setting's value is the chosen id (0: any).
 */
export const catalogueChoices = z.object({
  categories: z.array(categoryChoice),
  brands: z.array(brandChoice),
});
export type CatalogueChoices = z.infer<typeof catalogueChoices>;

/** `GET /api/Studio/GetCatalogueChoices` answer. */
export const catalogueChoicesAnswer = z.object({ data: catalogueChoices });
export type CatalogueChoicesAnswer = z.infer<typeof catalogueChoicesAnswer>;

/** How many products `Studio/FindProducts` answers at most for a search. */
export const PRODUCT_CHOICES = 20;
/** How many products a setting may pick by hand, and so how many `Studio/FindProducts` names at once. */
export const MAX_PICKED_PRODUCTS = 24;

/** A published product the product picker offers: its SKU and first picture tell products of like names apart. */
export const productChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  imageFile: z.string().nullable(),
});
export type ProductChoice = z.infer<typeof productChoice>;

/**
 * `GET /api/Studio/FindProducts`: with `q`, the store's published products whose name, SKU, brand or category hold
 * every word of it (case and accents aside), names starting with it first; with `ids` (comma-separated), those
 * products in that order, so the picker can name what a setting holds. Neither: the first products by name.
 */
export const findProductsQuery = z.object({
  q: z.string().trim().max(100).default(''),
  ids: z
    .string()
    .regex(
      new RegExp(`^\\d{1,9}(,\\d{1,9}){0,${MAX_PICKED_PRODUCTS - 1}}$`),
      `must be at most ${MAX_PICKED_PRODUCTS} product ids separated by commas`,
    )
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .optional(),
});
export type FindProductsQuery = z.input<typeof findProductsQuery>;

export const findProductsAnswer = z.object({
  data: z.object({ products: z.array(productChoice).max(PRODUCT_CHOICES + MAX_PICKED_PRODUCTS) }),
});
export type FindProductsAnswer = z.infer<typeof findProductsAnswer>;
