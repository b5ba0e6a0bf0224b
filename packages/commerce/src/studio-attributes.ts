import { z } from 'zod';
import { attributeDisplayTypes } from './enums.ts';

/**
 * The owner's attributes in the studio's back office (issue 34): the facets shoppers filter by (Material, Colour) and
 * the options variants differ in (Size), each with its values. A value in use by a product or a variant is never
 * removed under it: the save or delete that would is refused (409 ATTRIBUTE_IN_USE) with how many products use it.
 */

const id = z
  .number({ error: 'must be an id' })
  .int('must be an id')
  .positive('must be an id')
  .max(2 ** 31 - 1);

/** One attribute with its values in their order; `productCount` counts the products that use any of its values. */
export const studioAttribute = z.object({
  id: z.number().int(),
  name: z.string(),
  displayType: z.enum(attributeDisplayTypes),
  values: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable() })),
  productCount: z.number().int(),
});
export type StudioAttribute = z.infer<typeof studioAttribute>;

/** `Studio/GetAttributes` and `Studio/DeleteAttribute` answer: the store's attributes by name. */
export const studioAttributesAnswer = z.object({ data: z.object({ attributes: z.array(studioAttribute) }) });
export type StudioAttributesAnswer = z.infer<typeof studioAttributesAnswer>;

/** `Studio/SaveAttribute` answer: the attribute as saved. */
export const studioAttributeAnswer = z.object({ data: z.object({ attribute: studioAttribute }) });
export type StudioAttributeAnswer = z.infer<typeof studioAttributeAnswer>;

/**
 * `POST /api/Studio/SaveAttribute`: creates an attribute (no `attributeId`) or changes one. Its values are as sent, in
 * that order: those with their `id` kept (renamed), new ones added, the rest removed. A colour attribute's values
 * each need a colour, `#rrggbb`.
 */
export const saveAttributeRequest = z
  .object({
    attributeId: id.optional(),
    name: z.string().trim().min(1, 'is a required field').max(100, 'must be at most 100 characters'),
    displayType: z.enum(attributeDisplayTypes, { error: 'must be dropdown, namelist or color' }),
    values: z
      .array(
        z.object({
          id: id.optional(),
          name: z.string().trim().min(1, 'is a required field').max(100, 'must be at most 100 characters'),
          color: z.string().trim().nullable().default(null),
        }),
      )
      .max(500, 'must be at most 500 values')
      .default([]),
  })
  .superRefine((attribute, context) => {
    const names = attribute.values.map((value) => value.name.toLowerCase());
    attribute.values.forEach((value, i) => {
      if (names.indexOf(names[i]!) !== i)
        context.addIssue({ code: 'custom', message: 'is already a value of this attribute', path: ['values', i, 'name'] });
      if (attribute.displayType === 'color' && !/^#[0-9a-f]{6}$/i.test(value.color ?? ''))
        context.addIssue({ code: 'custom', message: 'must be a colour written #rrggbb', path: ['values', i, 'color'] });
      else if (value.color !== null && !/^#[0-9a-f]{6}$/i.test(value.color))
        context.addIssue({ code: 'custom', message: 'must be a colour written #rrggbb, or none', path: ['values', i, 'color'] });
    });
  });
export type SaveAttributeRequest = z.input<typeof saveAttributeRequest>;

/** `POST /api/Studio/DeleteAttribute`: deletes an attribute and its values, refused while a product or variant uses one. */
export const deleteAttributeRequest = z.object({ attributeId: id });
export type DeleteAttributeRequest = z.input<typeof deleteAttributeRequest>;
