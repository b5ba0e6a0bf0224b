import { z } from 'zod';
import { productSlug } from './studio-products.ts';

/**
 * The owner's categories in the studio's back office (issue 34): the store's tree, a category's save (name, address,
 * picture, description, SEO), its move under another parent and to a position among its siblings, the siblings'
 * order, and its delete, which says where its products and sub-categories go.
 */

const id = z
  .number({ error: 'must be an id' })
  .int('must be an id')
  .positive('must be an id')
  .max(2 ** 31 - 1);

/** One category of the tree. `productCount` counts its own products of every status, not those below it. */
export const studioCategory = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  slug: z.string(),
  /** Its address on the store: its parents' addresses and its own, `/kitchen/cookware`. */
  path: z.string(),
  description: z.string(),
  picture: z.string().nullable(),
  sort: z.number().int(),
  productCount: z.number().int(),
  seo: z.object({ title: z.string(), description: z.string() }),
});
export type StudioCategory = z.infer<typeof studioCategory>;

/**
 * `Studio/GetCategories` answer, and the answer of every change to the tree: the store's categories, parents before
 * their children, siblings in their order.
 */
export const studioCategoriesAnswer = z.object({ data: z.object({ categories: z.array(studioCategory) }) });
export type StudioCategoriesAnswer = z.infer<typeof studioCategoriesAnswer>;

/** `Studio/SaveCategory` answer: the category as saved. */
export const studioCategoryAnswer = z.object({ data: z.object({ category: studioCategory }) });
export type StudioCategoryAnswer = z.infer<typeof studioCategoryAnswer>;

/**
 * `POST /api/Studio/SaveCategory`: creates a category (no `categoryId`; under `parentId`, last of its siblings) or
 * changes one's name, address, description, picture and SEO fields; a category moves with `Studio/MoveCategory`. The
 * address is made from the name when left empty; a changed one leaves the old address answering 301. The picture is
 * a file of the store's media (uploaded with `Studio/UploadMedia`) or the one the category has; the description is
 * kept as the product description's safe HTML.
 */
export const saveCategoryRequest = z.object({
  categoryId: id.optional(),
  parentId: id.nullable().default(null),
  name: z.string().trim().min(1, 'is a required field').max(200, 'must be at most 200 characters'),
  slug: z.union([z.literal(''), productSlug]).default(''),
  description: z.string().max(100_000, 'must be at most 100000 characters').default(''),
  picture: z.string().trim().min(1, 'must name a file').max(500, 'must be at most 500 characters').nullable().default(null),
  seo: z
    .object({
      title: z.string().trim().max(200, 'must be at most 200 characters').default(''),
      description: z.string().trim().max(500, 'must be at most 500 characters').default(''),
    })
    .default({ title: '', description: '' }),
});
export type SaveCategoryRequest = z.input<typeof saveCategoryRequest>;

/**
 * `POST /api/Studio/MoveCategory`: puts a category under `parentId` (null: the top of the tree) at `position` among
 * its new siblings (0 first; past the last, last). Never under itself or one of its own sub-categories.
 */
export const moveCategoryRequest = z.object({
  categoryId: id,
  parentId: id.nullable(),
  position: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must not be negative').max(100_000),
});
export type MoveCategoryRequest = z.input<typeof moveCategoryRequest>;

/** `POST /api/Studio/ReorderCategories`: the sub-categories of `parentId` (null: the top ones), every one, in their new order. */
export const reorderCategoriesRequest = z.object({
  parentId: id.nullable(),
  categoryIds: z
    .array(id)
    .min(1, 'must name at least one category')
    .max(10_000)
    .refine((ids) => new Set(ids).size === ids.length, 'must name each category once'),
});
export type ReorderCategoriesRequest = z.input<typeof reorderCategoriesRequest>;

/**
 * `POST /api/Studio/DeleteCategory`: deletes a category, in one transaction. Its products and sub-categories go to
 * `moveTo` (null: products without a category, sub-categories to the top of the tree); a category that holds any is
 * refused without it (409 CATEGORY_NOT_EMPTY naming `moveTo`).
 */
export const deleteCategoryRequest = z.object({
  categoryId: id,
  moveTo: id.nullable().optional(),
});
export type DeleteCategoryRequest = z.input<typeof deleteCategoryRequest>;
