/** An option variants differ in (Size, Colour), with its values in order; `key` stays while its name is typed. */
export interface AxisField {
  key: string;
  name: string;
  values: string[];
}

/** A variant as typed: its value of each option (by the option's key), amounts and counts as text. */
export interface VariantField {
  /** The server's id, kept so carts pointing at the variant stay valid. */
  id?: number;
  values: Record<string, string>;
  price: string;
  compareAtPrice: string;
  sku: string;
  barcode: string;
  stock: string;
  /** One of the product's pictures, or '' for none. */
  picture: string;
}

/** The most options a product's variants differ in. */
export const MAX_AXES = 3;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** How many variants the options make: their value counts multiplied, an option without values left out. */
export const variantCount = (axes: AxisField[]) =>
  axes.some((axis) => axis.values.length) ? axes.reduce((n, axis) => n * (axis.values.length || 1), 1) : 0;

/** Every choice of one value of each option that has values, the first option outermost: Size × Colour. */
export function combinations(axes: AxisField[]): Record<string, string>[] {
  const offered = axes.filter((axis) => axis.values.length);
  if (!offered.length) return [];
  return offered.reduce<Record<string, string>[]>(
    (made, axis) => made.flatMap((choice) => axis.values.map((value) => ({ ...choice, [axis.key]: value }))),
    [{}],
  );
}

/** Whether a row is this choice exactly: the same options, the same values (case aside). */
const isChoice = (row: VariantField, choice: Record<string, string>) => {
  const keys = Object.keys(choice);
  return (
    keys.length === Object.keys(row.values).length &&
    keys.every((key) => row.values[key] !== undefined && same(row.values[key], choice[key]!))
  );
};

/** Whether a row agrees with a choice on every option both have. */
const agrees = (row: VariantField, choice: Record<string, string>) =>
  Object.keys(choice).every((key) => row.values[key] === undefined || same(row.values[key], choice[key]!));

/**
 * The variant rows for new options: a row whose choice still exists keeps what was typed in it and its id; when an
 * option is added or removed, a row carries over to the one choice it agrees with on the options they share; a new
 * choice gets an empty row (its price is then the product's). No option with values: no variants, a single product.
 */
export function followMatrix(rows: VariantField[], axes: AxisField[]): VariantField[] {
  const choices = combinations(axes);
  const kept = choices.map((choice) => rows.find((row) => isChoice(row, choice)));
  const claimed = new Set(kept.filter((row) => row !== undefined));
  return choices.map((choice, i) => {
    let row = kept[i];
    if (!row) {
      row = rows.find((other) => !claimed.has(other) && agrees(other, choice));
      if (row) claimed.add(row);
    }
    return row
      ? { ...row, values: choice }
      : { values: choice, price: '', compareAtPrice: '', sku: '', barcode: '', stock: '', picture: '' };
  });
}

/** A variant's name from its values in the options' order: "28 cm / Red". */
export const variantName = (row: VariantField, axes: AxisField[]) =>
  axes
    .filter((axis) => row.values[axis.key] !== undefined)
    .map((axis) => row.values[axis.key])
    .join(' / ');
