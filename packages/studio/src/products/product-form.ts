import type { ProductStatus, SaveProductRequest, StudioProduct } from '@vitrine/commerce';
import { followMatrix, type AxisField, type VariantField } from './variant-matrix.ts';

/** A picture of the form: stored (`file`), on its way up (`progress` 0–1), or refused by the server (`error`). */
export interface PictureField {
  /** Stays with the picture while it moves, so its tile, alt text and errors move with it. */
  key: string;
  file: string;
  alt: string;
  /** The uploaded file's name, shown while it goes up or when it was refused. */
  name: string;
  progress: number | null;
  error: string | null;
}

/** An option of types 1–6 (or one of its values, or an add-on) as typed: the price stays text until saved. */
export interface OptionField {
  key: string;
  id?: number;
  name: string;
  inputTypeId: number;
  required: boolean;
  values: PricedField[];
}
export interface PricedField {
  key: string;
  id?: number;
  name: string;
  price: string;
}

/** What the form edits, as typed: amounts and counts stay text until they are saved. */
export interface ProductFields {
  name: string;
  slug: string;
  description: string;
  status: ProductStatus;
  price: string;
  compareAtPrice: string;
  sku: string;
  barcode: string;
  stock: string;
  stockTracked: boolean;
  categoryId: string;
  brandId: string;
  seoTitle: string;
  seoDescription: string;
  attributeValueIds: number[];
  pictures: PictureField[];
  variantOptions: AxisField[];
  variants: VariantField[];
  options: OptionField[];
  addons: PricedField[];
}

/** Errors by the path of the field they are at, as the form names it (`price`, `variants.1.sku`, `pictures.{key}.file`). */
export type FieldErrors = Record<string, string>;

/** The element id of the control at a form path, so a refusal can point at it and focus it. */
export const controlId = (formId: string, path: string) => `${formId}-${path.replace(/[^\w-]/g, '-')}`;

let made = 0;
/** A key for a row added in this form (a picture, an option, a value), never one of a row read. */
export const newKey = (kind: string) => `${kind}-new-${++made}`;

/** A product not saved yet: what the form starts from at `/editor/products/new`. */
export const newProduct: StudioProduct = {
  id: 0,
  version: 0,
  name: '',
  slug: '',
  description: '',
  status: 'draft',
  price: 0,
  compareAtPrice: null,
  sku: '',
  barcode: '',
  stock: 0,
  stockTracked: true,
  categoryId: null,
  brandId: null,
  attributeValueIds: [],
  pictures: [],
  options: [],
  addons: [],
  variantOptions: [],
  variants: [],
  seo: { title: '', description: '' },
};

/** Minor units as the owner types them: 2500 → "25.00", none → "". */
export const amountText = (minorUnits: number | null) => (minorUnits === null ? '' : (minorUnits / 100).toFixed(2));

/** The form's fields of a product as read; the same product always gives the same fields (keys included). */
export function fieldsOf(product: StudioProduct): ProductFields {
  const axes: AxisField[] = product.variantOptions.map((axis, i) => ({
    key: `axis-${i}`,
    name: axis.name,
    values: axis.values.map((value) => value.name),
  }));
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    status: product.status,
    price: product.id ? amountText(product.price) : '',
    compareAtPrice: amountText(product.compareAtPrice),
    sku: product.sku,
    barcode: product.barcode,
    stock: String(product.stock),
    stockTracked: product.stockTracked,
    categoryId: product.categoryId === null ? '' : String(product.categoryId),
    brandId: product.brandId === null ? '' : String(product.brandId),
    seoTitle: product.seo.title,
    seoDescription: product.seo.description,
    attributeValueIds: product.attributeValueIds,
    pictures: product.pictures.map((picture, i) => ({
      key: `picture-${i}`,
      file: picture.file,
      alt: picture.alt,
      name: '',
      progress: null,
      error: null,
    })),
    variantOptions: axes,
    variants: product.variants.map((variant) => ({
      id: variant.id,
      values: Object.fromEntries(axes.map((axis, j) => [axis.key, variant.values[j] ?? ''])),
      price: amountText(variant.price),
      compareAtPrice: amountText(variant.compareAtPrice),
      sku: variant.sku,
      barcode: variant.barcode,
      stock: String(variant.stock),
      picture: variant.picture ?? '',
    })),
    options: product.options.map((option) => ({
      key: `option-${option.id}`,
      id: option.id,
      name: option.name,
      inputTypeId: option.inputTypeId,
      required: option.required,
      values: option.values.map((value) => ({ key: `value-${value.id}`, id: value.id, name: value.name, price: amountText(value.price) })),
    })),
    addons: product.addons.map((addon) => ({ key: `addon-${addon.id}`, id: addon.id, name: addon.name, price: amountText(addon.price) })),
  };
}

/** The pictures a save sends: those stored, in their order (one uploading or refused is not sent). */
export const storedPictures = (fields: ProductFields) => fields.pictures.filter((picture) => picture.file && !picture.error);

/** The options whose values are chosen from a list (dropdown, radio buttons, checkboxes). */
export const choiceTypes: readonly number[] = [3, 4, 5];

/**
 * The save request from the form. Amounts typed as "25.00" are sent in cents; what is not a number is refused at its
 * field before anything is sent. A variant's empty price is the product's.
 */
export function requestOf(
  fields: ProductFields,
  read: StudioProduct,
  version: number | undefined,
): { request: SaveProductRequest } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const amount = (path: string, text: string) => {
    if (text.trim() === '') return null;
    const value = Number(text.trim());
    if (!Number.isFinite(value)) errors[path] = 'must be a number';
    return Math.round(value * 100);
  };
  const count = (path: string, text: string) => {
    const value = Number(text.trim() || '0');
    if (!Number.isInteger(value)) errors[path] = 'must be a whole number';
    return value;
  };
  const price = amount('price', fields.price);
  if (price === null) errors.price = 'is a required field';
  const compareAtPrice = amount('compareAtPrice', fields.compareAtPrice);
  const stock = count('stock', fields.stock);
  if (fields.pictures.some((picture) => picture.progress !== null)) errors.pictures = 'are still uploading: save once they are up';
  fields.variantOptions.forEach((axis, i) => {
    if (!axis.values.length) errors[`variantOptions.${i}.values`] = 'must have at least one value';
  });
  const variants = fields.variants.map((variant, i) => ({
    ...(variant.id === undefined ? {} : { id: variant.id }),
    values: fields.variantOptions.map((axis) => variant.values[axis.key] ?? ''),
    price: amount(`variants.${i}.price`, variant.price) ?? price ?? 0,
    compareAtPrice: amount(`variants.${i}.compareAtPrice`, variant.compareAtPrice),
    sku: variant.sku,
    barcode: variant.barcode,
    stock: count(`variants.${i}.stock`, variant.stock),
    picture: variant.picture || null,
  }));
  const options = fields.options.map((option, i) => ({
    ...(option.id === undefined ? {} : { id: option.id }),
    name: option.name,
    inputTypeId: option.inputTypeId,
    required: option.required,
    values: choiceTypes.includes(option.inputTypeId)
      ? option.values.map((value, j) => ({
          ...(value.id === undefined ? {} : { id: value.id }),
          name: value.name,
          price: amount(`options.${i}.values.${j}.price`, value.price) ?? 0,
        }))
      : [],
  }));
  const addons = fields.addons.map((addon, i) => ({
    ...(addon.id === undefined ? {} : { id: addon.id }),
    name: addon.name,
    price: amount(`addons.${i}.price`, addon.price) ?? 0,
  }));
  if (Object.keys(errors).length) return { errors };
  return {
    request: {
      ...(read.id ? { productId: read.id, version } : {}),
      name: fields.name,
      slug: fields.slug.trim(),
      description: fields.description,
      status: fields.status,
      price: price!,
      compareAtPrice,
      sku: fields.sku,
      barcode: fields.barcode,
      stock,
      stockTracked: fields.stockTracked,
      categoryId: fields.categoryId ? Number(fields.categoryId) : null,
      brandId: fields.brandId ? Number(fields.brandId) : null,
      attributeValueIds: fields.attributeValueIds,
      pictures: storedPictures(fields).map(({ file, alt }) => ({ file, alt })),
      options,
      addons,
      variantOptions: fields.variantOptions.map((axis) => ({ name: axis.name, values: axis.values })),
      variants,
      seo: { title: fields.seoTitle, description: fields.seoDescription },
    },
  };
}

/**
 * The form's path of a field the server names: the same path, but a picture by its key (the request sends only the
 * stored ones) and an attribute value by its id, and `seo.title` as `seoTitle`.
 */
export function formPath(field: string, fields: ProductFields): string {
  const picture = /^pictures\.(\d+)(\..+)?$/.exec(field);
  if (picture) {
    const key = storedPictures(fields)[Number(picture[1])]?.key;
    return key ? `pictures.${key}${picture[2] ?? '.file'}` : 'pictures';
  }
  // A variant's values are named on its row.
  const choice = /^(variants\.\d+\.values)\.\d+$/.exec(field);
  if (choice) return choice[1]!;
  const value = /^attributeValueIds\.(\d+)$/.exec(field);
  if (value) return `attributeValueIds.${fields.attributeValueIds[Number(value[1])]}`;
  return { 'seo.title': 'seoTitle', 'seo.description': 'seoDescription' }[field] ?? field;
}

/** Puts the pictures in place; a variant whose picture is no longer one of them shows the product's. */
export function withPictures(fields: ProductFields, pictures: PictureField[]): ProductFields {
  const files = new Set(pictures.map((picture) => picture.file));
  return {
    ...fields,
    pictures,
    variants: fields.variants.map((variant) => (variant.picture && !files.has(variant.picture) ? { ...variant, picture: '' } : variant)),
  };
}

/** Puts the axes in place and lets the variant rows follow them. */
export const withAxes = (fields: ProductFields, axes: AxisField[]): ProductFields => ({
  ...fields,
  variantOptions: axes,
  variants: followMatrix(fields.variants, axes),
});

/** What a control at a form path carries: its id, whether it is refused, and the id of the message saying why. */
export function fieldAttributes(formId: string, path: string, errors: FieldErrors) {
  const id = controlId(formId, path);
  return {
    id,
    'aria-invalid': errors[path] ? true : undefined,
    'aria-describedby': errors[path] ? `${id}-error` : undefined,
  } as const;
}

/** The server's message without the field it starts with ("price: must not be negative" → "must not be negative"). */
export const messageAt = (error: { field?: string | undefined; message: string }) =>
  error.field && error.message.startsWith(`${error.field}: `) ? error.message.slice(error.field.length + 2) : error.message;
