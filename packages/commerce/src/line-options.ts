import { z } from 'zod';

/**
 * Product options a shopper chose for a cart line (input types 1–6, §3.15): by option id, the text typed (1, 2),
 * the value id picked (3, 4), the value ids ticked (5), or the file given (6, as §5 has it: a name and its base64).
 * The store keeps them once (`Cart/SaveOptions`) and the line's cart code names them by id (`CartCodeParts.options`).
 */

/** The largest file an option takes, decoded. */
export const MAX_OPTION_FILE_BYTES = 1024 * 1024;
/** The most text an option of type 1 or 2 takes. */
export const MAX_OPTION_TEXT = { 1: 200, 2: 2000 } as const;

const optionFile = z.object({
  name: z.string().trim().max(200, 'must be at most 200 characters'),
  base64: z
    .string()
    .max(Math.ceil(MAX_OPTION_FILE_BYTES / 3) * 4 + 4, `must be a file of at most ${MAX_OPTION_FILE_BYTES / 1024 / 1024} MB`)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
});
export type OptionFile = z.infer<typeof optionFile>;

export const chosenOptionValue = z.union([
  z.string().max(2000, 'must be at most 2000 characters'),
  z.array(z.string()).max(50),
  optionFile,
]);
export type ChosenOptionValue = z.infer<typeof chosenOptionValue>;

/** `POST /api/Cart/SaveOptions`: the options chosen for one product, checked against its options. */
export const saveOptionsRequest = z.object({
  ProductID: z.number().int().positive(),
  Options: z.record(z.string().regex(/^\d{1,9}$/, 'must be an option id'), chosenOptionValue),
});
export type SaveOptionsRequest = z.input<typeof saveOptionsRequest>;

/** A chosen option as a line shows it: its name, what was chosen in words (a file by its name), and what it adds per unit. */
export const chosenOption = z.object({ optionID: z.number().int(), name: z.string(), value: z.string(), price: z.number().int() });
export type ChosenOption = z.infer<typeof chosenOption>;

/** The id the line's cart code carries, and the choices as the cart will show them. */
export const saveOptionsAnswer = z.object({ data: z.object({ options: z.string(), chosen: z.array(chosenOption) }) });
