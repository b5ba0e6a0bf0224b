import { createHash } from 'node:crypto';
import {
  MAX_OPTION_FILE_BYTES,
  MAX_OPTION_TEXT,
  OptionInputType,
  type ChosenOption,
  type ChosenOptionValue,
  type OptionFile,
} from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { FieldsRefused, HttpError } from '../http/errors.ts';
import { productOptionsOf } from './product.ts';

/**
 * Product options chosen for a cart line (input types 1–6, §3.15, §5). Checked once against the product's options
 * when the shopper adds the line, kept under an id made from the product and what was chosen — the same choices
 * give the same id, so two such lines merge (§4) — and priced with the line from the values' prices of now.
 */

/** A kept choice: as the line shows it, with the ids of the values picked (types 3–5). */
export type KeptOption = ChosenOption & { valueIds: number[] };

/** The decoded size of base64 text. */
const decodedBytes = (base64: string) => Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

/** Checks `given` against product `productId`'s options and keeps it; answers its id and the choices as a line shows them. */
export async function saveOptions(
  db: Db,
  webId: number,
  productId: number,
  given: Readonly<Record<string, ChosenOptionValue>>,
): Promise<{ options: string; chosen: ChosenOption[] }> {
  const [product, options] = await Promise.all([
    db.selectFrom('products').select('product_id').where('product_id', '=', productId).where('is_published', '=', true).executeTakeFirst(),
    productOptionsOf(db, productId),
  ]);
  if (!product) throw new HttpError(404, 'NOT_FOUND', 'No such product', 'ProductID');

  const errors: Record<string, string> = {};
  const kept: KeptOption[] = [];
  const files: Record<string, OptionFile> = {};
  for (const id of Object.keys(given))
    if (!options.some((option) => String(option.optionID) === id)) errors[`Options.${id}`] = 'is not an option of this product';
  for (const option of options) {
    const field = `Options.${option.optionID}`;
    const value = given[String(option.optionID)];
    const own = option.values;
    const required = () => {
      if (option.isMandatory) errors[field] = `${option.name} is required`;
    };
    switch (option.inputTypeID) {
      case OptionInputType.Text:
      case OptionInputType.Textarea: {
        const text = typeof value === 'string' ? value.trim() : '';
        const most = MAX_OPTION_TEXT[option.inputTypeID];
        if (value !== undefined && typeof value !== 'string') errors[field] = `${option.name} must be text`;
        else if (!text) required();
        else if (text.length > most) errors[field] = `${option.name} must be at most ${most} characters`;
        else kept.push({ optionID: option.optionID, name: option.name, value: text, price: 0, valueIds: [] });
        break;
      }
      case OptionInputType.Dropdown:
      case OptionInputType.Radio:
      case OptionInputType.Checkbox: {
        const many = option.inputTypeID === OptionInputType.Checkbox;
        const ids = value === undefined || value === '' ? [] : typeof value === 'string' ? [value] : Array.isArray(value) ? value : null;
        const picked = ids?.map((id) => own.find((v) => String(v.valueID) === id));
        if (!picked || (!many && picked.length > 1) || picked.some((v) => v === undefined))
          errors[field] = `${option.name} must be one of its choices`;
        else if (!picked.length) required();
        else {
          const chosen = [...new Set(picked)].sort((a, b) => a!.valueID - b!.valueID) as typeof own;
          kept.push({
            optionID: option.optionID,
            name: option.name,
            value: chosen.map((v) => v.name).join(', '),
            price: chosen.reduce((sum, v) => sum + v.price, 0),
            valueIds: chosen.map((v) => v.valueID),
          });
        }
        break;
      }
      case OptionInputType.File: {
        const file = value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : null;
        if (value !== undefined && !file) errors[field] = `${option.name} must be a file`;
        else if (!file || !file.name || !file.base64) required();
        else if (decodedBytes(file.base64) > MAX_OPTION_FILE_BYTES)
          errors[field] = `${option.name} must be a file of at most ${MAX_OPTION_FILE_BYTES / 1024 / 1024} MB`;
        else {
          files[String(option.optionID)] = { name: file.name, base64: file.base64 };
          kept.push({ optionID: option.optionID, name: option.name, value: file.name, price: 0, valueIds: [] });
        }
        break;
      }
    }
  }
  if (Object.keys(errors).length) throw new FieldsRefused(errors);

  // The same product and choices, the same id: such lines are the same line.
  const id = createHash('sha256')
    .update(JSON.stringify([productId, kept.map((k) => [k.optionID, k.value, k.valueIds]), Object.entries(files)]))
    .digest('hex')
    .slice(0, 20);
  await db
    .insertInto('option_sets')
    .values({ web_id: webId, option_set_id: id, product_id: productId, chosen: JSON.stringify(kept), files: JSON.stringify(files) })
    .onConflict((oc) => oc.columns(['web_id', 'option_set_id']).doNothing())
    .execute();
  return { options: id, chosen: kept.map(({ valueIds: _valueIds, ...shown }) => shown) };
}

/**
 * The kept options of `ids`, each priced from its values' prices now, by id; a set whose product is another than
 * its line's, or whose value is gone, is missing, and its line is no longer sold.
 */
export async function pricedOptionSets(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { productId: number; chosen: ChosenOption[] }>> {
  if (!ids.length) return new Map();
  const sets = await db
    .selectFrom('option_sets')
    .select(['option_set_id', 'product_id', 'chosen'])
    .where('option_set_id', 'in', ids)
    .execute();
  const valueIds = sets.flatMap((set) => set.chosen.flatMap((option) => option.valueIds));
  const prices = valueIds.length
    ? new Map(
        (await db.selectFrom('product_option_values').select(['value_id', 'price']).where('value_id', 'in', valueIds).execute()).map(
          (v) => [v.value_id, v.price],
        ),
      )
    : new Map<number, number>();
  const priced = new Map<string, { productId: number; chosen: ChosenOption[] }>();
  for (const set of sets) {
    if (set.chosen.some((option) => option.valueIds.some((id) => !prices.has(id)))) continue;
    priced.set(set.option_set_id, {
      productId: set.product_id,
      chosen: set.chosen.map(({ valueIds, ...shown }) => ({
        ...shown,
        price: valueIds.length ? valueIds.reduce((sum, id) => sum + prices.get(id)!, 0) : shown.price,
      })),
    });
  }
  return priced;
}
