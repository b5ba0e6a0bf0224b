import { z } from 'zod';

/**
 * The owner's brands in the studio's back office (issue 34): the list with each brand's product count, a brand's save
 * (name, address, logo, description) and its delete, after which its products stay on the store without a brand.
 */

const id = z
  .number({ error: 'must be an id' })
  .int('must be an id')
  .positive('must be an id')
  .max(2 ** 31 - 1);

/** One brand: its page on the store is `/brand/{slug}`; `productCount` counts its products of every status. */
export const studioBrand = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  productCount: z.number().int(),
});
export type StudioBrand = z.infer<typeof studioBrand>;

/** `Studio/GetBrands` and `Studio/DeleteBrand` answer: the store's brands by name. */
export const studioBrandsAnswer = z.object({ data: z.object({ brands: z.array(studioBrand) }) });
export type StudioBrandsAnswer = z.infer<typeof studioBrandsAnswer>;

/** `Studio/SaveBrand` answer: the brand as saved. */
export const studioBrandAnswer = z.object({ data: z.object({ brand: studioBrand }) });
export type StudioBrandAnswer = z.infer<typeof studioBrandAnswer>;

/**
 * `POST /api/Studio/SaveBrand`: creates a brand (no `brandId`) or changes one. The address (`/brand/{slug}`) is made
 * from the name when left empty and unique among the store's brands; a changed one leaves the old answering 301. The
 * logo is a file of the store's media or the one the brand has; the description is kept as safe HTML.
 */
export const saveBrandRequest = z.object({
  brandId: id.optional(),
  name: z.string().trim().min(1, 'is a required field').max(200, 'must be at most 200 characters'),
  slug: z
    .string()
    .trim()
    .max(200, 'must be at most 200 characters')
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'must be lower-case letters and digits, words joined by -')
    .default(''),
  description: z.string().max(100_000, 'must be at most 100000 characters').default(''),
  logo: z.string().trim().min(1, 'must name a file').max(500, 'must be at most 500 characters').nullable().default(null),
});
export type SaveBrandRequest = z.input<typeof saveBrandRequest>;

/** `POST /api/Studio/DeleteBrand`: deletes a brand; its products stay, without a brand. */
export const deleteBrandRequest = z.object({ brandId: id });
export type DeleteBrandRequest = z.input<typeof deleteBrandRequest>;
