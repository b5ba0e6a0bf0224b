import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  imageUrl,
  productStatuses,
  slugFromName,
  type ProductStatus,
  type SaveProductRequest,
  type StudioProduct,
} from '@vitrine/commerce';
import { StudioApiError } from '../api/client.ts';
import { useStudio } from '../context.tsx';
import { inputClass } from '../forms/input-class.ts';
import { baseAmount } from '../orders/order-format.tsx';
import { problemText } from '../state/controller.ts';
import { Button } from '../ui/button.tsx';
import { LeaveQuestion, useLeaveGuard } from '../ui/leave-guard.tsx';
import { DescriptionEditor } from './description-editor.tsx';
import { categoryPaths, useCatalogueChoices } from './products-screen.tsx';

/** What the form edits, as typed: amounts and counts stay text until they are saved. */
interface ProductFields {
  name: string;
  slug: string;
  description: string;
  status: ProductStatus;
  price: string;
  compareAtPrice: string;
  sku: string;
  stock: string;
  stockTracked: boolean;
  categoryId: string;
  brandId: string;
  seoTitle: string;
  seoDescription: string;
}
type FieldName = keyof ProductFields;

/** A product not saved yet: what the form starts from at `/editor/products/new`. */
const newProduct: StudioProduct = {
  id: 0,
  version: 0,
  name: '',
  slug: '',
  description: '',
  status: 'draft',
  price: 0,
  compareAtPrice: null,
  sku: '',
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

const amountText = (minorUnits: number | null) => (minorUnits === null ? '' : (minorUnits / 100).toFixed(2));

function fieldsOf(product: StudioProduct): ProductFields {
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    status: product.status,
    price: product.id ? amountText(product.price) : '',
    compareAtPrice: amountText(product.compareAtPrice),
    sku: product.sku,
    stock: String(product.stock),
    stockTracked: product.stockTracked,
    categoryId: product.categoryId === null ? '' : String(product.categoryId),
    brandId: product.brandId === null ? '' : String(product.brandId),
    seoTitle: product.seo.title,
    seoDescription: product.seo.description,
  };
}

/** The server's field ("seo.title") as the form's ("seoTitle"); `null` for one this form does not show. */
function formField(field: string | undefined): FieldName | null {
  const named: Record<string, FieldName> = {
    name: 'name',
    slug: 'slug',
    description: 'description',
    status: 'status',
    price: 'price',
    compareAtPrice: 'compareAtPrice',
    sku: 'sku',
    stock: 'stock',
    stockTracked: 'stockTracked',
    categoryId: 'categoryId',
    brandId: 'brandId',
    'seo.title': 'seoTitle',
    'seo.description': 'seoDescription',
  };
  return field !== undefined && Object.hasOwn(named, field) ? named[field]! : null;
}

/**
 * The save request: the form's fields over the product as it was read. Its pictures, options, add-ons, variants and
 * attribute values are sent back as read, so a save from here keeps them. Amounts typed as "25.00" are
 * sent in cents; what is not a number is refused at its field before anything is sent.
 */
function requestOf(
  fields: ProductFields,
  read: StudioProduct,
  version: number | undefined,
): { request: SaveProductRequest } | { errors: Partial<Record<FieldName, string>> } {
  const errors: Partial<Record<FieldName, string>> = {};
  const amount = (key: 'price' | 'compareAtPrice') => {
    const text = fields[key].trim();
    if (text === '') return null;
    const value = Number(text);
    if (!Number.isFinite(value)) errors[key] = 'must be a number';
    return Math.round(value * 100);
  };
  const price = amount('price');
  if (price === null) errors.price = 'is a required field';
  const compareAtPrice = amount('compareAtPrice');
  const stock = Number(fields.stock.trim() || '0');
  if (!Number.isFinite(stock)) errors.stock = 'must be a number';
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
      stock,
      stockTracked: fields.stockTracked,
      categoryId: fields.categoryId ? Number(fields.categoryId) : null,
      brandId: fields.brandId ? Number(fields.brandId) : null,
      attributeValueIds: read.attributeValueIds,
      pictures: read.pictures.map(({ file, alt }) => ({ file, alt })),
      options: read.options.map((option) => ({
        id: option.id,
        name: option.name,
        inputTypeId: option.inputTypeId,
        required: option.required,
        values: option.values.map((value) => ({ id: value.id, name: value.name, price: value.price })),
      })),
      addons: read.addons.map((addon) => ({ id: addon.id, name: addon.name, price: addon.price })),
      variantOptions: read.variantOptions.map((axis) => ({ name: axis.name, values: axis.values.map((value) => value.name) })),
      variants: read.variants.map((variant) => ({
        id: variant.id,
        values: variant.values,
        price: variant.price,
        compareAtPrice: variant.compareAtPrice,
        sku: variant.sku,
        stock: variant.stock,
        picture: variant.picture,
      })),
      seo: { title: fields.seoTitle, description: fields.seoDescription },
    },
  };
}

/** The server's message without the field it starts with ("price: must not be negative" → "must not be negative"). */
const messageAt = (error: StudioApiError) =>
  error.field && error.message.startsWith(`${error.field}: `) ? error.message.slice(error.field.length + 2) : error.message;

/**
 * One product's editor (`/editor/products/new`, `/editor/products/{id}`): its name, address, status, prices, SKU,
 * stock, category, brand and search-result text, saved with the version it read. A save refused because the product
 * changed since offers Reload (theirs) or Overwrite (mine). The product's pictures, options, add-ons and variants are
 * shown and kept as they are.
 */
export function ProductEditor() {
  const { controller, store } = useStudio();
  const navigate = useNavigate();
  const param = useParams().productId ?? 'new';
  const creating = param === 'new';
  const [read, setRead] = useState<StudioProduct | null>(creating ? newProduct : null);
  const [saved, setSaved] = useState<ProductFields | null>(creating ? fieldsOf(newProduct) : null);
  const [fields, setFields] = useState<ProductFields | null>(saved);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ version: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const choices = useCatalogueChoices();
  const dirty = fields !== null && saved !== null && JSON.stringify(fields) !== JSON.stringify(saved);
  const leaving = useLeaveGuard(dirty);
  const id = useId();

  const show = (product: StudioProduct) => {
    setRead(product);
    setSaved(fieldsOf(product));
    setFields(fieldsOf(product));
    setErrors({});
    setProblem(null);
    setConflict(null);
  };

  // The product at the address, unless it is the one just created here.
  const wanted = creating ? null : Number(param);
  const shownId = read?.id ?? null;
  useEffect(() => {
    if (wanted === null || wanted === shownId) return;
    let live = true;
    controller.product(wanted).then(
      (product) => {
        if (!live) return;
        setLoadError(null);
        show(product);
      },
      (failure: unknown) => live && setLoadError(problemText(failure)),
    );
    return () => {
      live = false;
    };
    // `shownId` is left out: a save changes it, and the product saved is already shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, wanted]);

  // A product created here takes its own address, in place of /new, once nothing is unsaved (the leave guard lets it go).
  useEffect(() => {
    if (creating && read?.id && !dirty) void navigate(`/editor/products/${read.id}`, { replace: true });
  }, [creating, read, dirty, navigate]);

  if (loadError)
    return (
      <div role="alert" className="px-5 py-10 text-center text-sm text-red-700">
        This product could not be opened: {loadError}{' '}
        <Link to="/editor/products" className="text-indigo-700 underline">
          Back to products
        </Link>
      </div>
    );
  if (!read || !fields)
    return (
      <p role="status" className="px-5 py-10 text-center text-sm text-slate-500">
        Loading the product…
      </p>
    );

  const save = async (version: number | undefined) => {
    const made = requestOf(fields, read, version);
    if ('errors' in made) {
      setErrors(made.errors);
      return;
    }
    setSaving(true);
    setErrors({});
    setProblem(null);
    try {
      const product = await controller.saveProduct(made.request);
      show(product);
      store.getState().notify(creating ? 'Product created.' : 'Product saved.', 'success');
    } catch (failure) {
      if (failure instanceof StudioApiError && failure.code === 'PRODUCT_CHANGED' && failure.currentVersion !== undefined) {
        setConflict({ version: failure.currentVersion });
      } else {
        const field = failure instanceof StudioApiError && failure.status === 400 ? formField(failure.field) : null;
        if (field) setErrors({ [field]: messageAt(failure as StudioApiError) });
        else setProblem(problemText(failure));
      }
    } finally {
      setSaving(false);
    }
  };

  const reload = async () => {
    try {
      show(await controller.product(read.id));
    } catch (failure) {
      setProblem(problemText(failure));
    }
  };

  const set = <Key extends FieldName>(key: Key, value: ProductFields[Key]) => setFields({ ...fields, [key]: value });
  const field = (key: FieldName) => ({
    id: `${id}-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': [errors[key] ? `${id}-${key}-error` : '', help[key] ? `${id}-${key}-help` : ''].join(' ').trim() || undefined,
  });
  const slug = fields.slug.trim() || slugFromName(fields.name);
  const storeAddress = `${window.location.origin}/${slug}`;
  const help: Partial<Record<FieldName, string>> = {
    slug: fields.slug.trim()
      ? `On the store at ${storeAddress}`
      : `Left empty, it is made from the name when you save${slug ? `: ${storeAddress}` : ''}.`,
    stock: read.variants.length ? 'This product has variants: its stock is the sum of theirs.' : '',
  };
  const row = (key: FieldName, label: string, control: ReactNode) => (
    <div className="grid gap-1">
      <label htmlFor={`${id}-${key}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {control}
      {help[key] ? (
        <p id={`${id}-${key}-help`} className="text-xs text-slate-500">
          {help[key]}
        </p>
      ) : null}
      {errors[key] ? (
        <p id={`${id}-${key}-error`} className="text-xs font-medium text-red-700">
          {label} {errors[key]}
        </p>
      ) : null}
    </div>
  );
  const text = (
    key: Exclude<FieldName, 'status' | 'stockTracked' | 'description'>,
    label: string,
    extra: { inputMode?: 'decimal' | 'numeric' } = {},
  ) =>
    row(
      key,
      label,
      <input {...field(key)} {...extra} value={fields[key]} onChange={(event) => set(key, event.target.value)} className={inputClass} />,
    );

  return (
    <form
      aria-label={creating ? 'New product' : `Product ${saved?.name ?? ''}`}
      className="h-full overflow-y-auto"
      onSubmit={(event) => {
        event.preventDefault();
        void save(read.id ? read.version : undefined);
      }}
    >
      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-4 py-2 sm:px-5">
        <Link to="/editor/products" className="mr-auto text-sm text-indigo-700 underline hover:text-indigo-900">
          Back to products
        </Link>
        {read.id ? (
          <a href={`/${read.slug}`} target="_blank" rel="noreferrer" className="text-sm text-indigo-700 underline hover:text-indigo-900">
            View on store
          </a>
        ) : null}
        <span className="text-xs text-slate-500" aria-live="polite">
          {dirty ? 'Unsaved changes' : ''}
        </span>
        <Button type="submit" tone="primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-5 sm:px-5">
        {leaving ? <LeaveQuestion onStay={leaving.stay} onLeave={leaving.leave} /> : null}
        {conflict ? (
          <div role="alert" className="rounded-md bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
            <p>
              This product was changed since you opened it — saved by someone else or in another tab, or its stock moved with an order. Your
              changes are not saved.
            </p>
            <div className="mt-2 flex gap-2">
              <Button onClick={() => void reload()}>Reload</Button>
              <Button tone="danger" disabled={saving} onClick={() => void save(conflict.version)}>
                Overwrite
              </Button>
            </div>
            <p className="mt-1 text-xs">Reload drops your changes and shows theirs; Overwrite saves yours over theirs.</p>
          </div>
        ) : null}
        {problem ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2.5 text-sm text-red-800">
            Not saved: {problem}
          </p>
        ) : null}

        <section aria-labelledby={`${id}-about`} className="grid gap-4">
          <h2 id={`${id}-about`} className="text-sm font-semibold text-slate-900">
            Product
          </h2>
          {text('name', 'Name')}
          {text('slug', 'Address')}
          <div className="grid gap-1">
            <span id={`${id}-description-label`} className="text-sm font-medium text-slate-800">
              Description
            </span>
            <DescriptionEditor
              value={fields.description}
              onChange={(description) => set('description', description)}
              labelledBy={`${id}-description-label`}
            />
            {errors.description ? <p className="text-xs font-medium text-red-700">Description {errors.description}</p> : null}
          </div>
          {row(
            'status',
            'Status',
            <select
              {...field('status')}
              value={fields.status}
              onChange={(event) => set('status', event.target.value as ProductStatus)}
              className={inputClass}
            >
              {productStatuses.map((status) => (
                <option key={status} value={status}>
                  {{ draft: 'Draft', active: 'Active', archived: 'Archived' }[status]}
                </option>
              ))}
            </select>,
          )}
        </section>

        <section aria-labelledby={`${id}-pricing`} className="grid gap-4 sm:grid-cols-2">
          <h2 id={`${id}-pricing`} className="text-sm font-semibold text-slate-900 sm:col-span-2">
            Price and stock
          </h2>
          {text('price', 'Price', { inputMode: 'decimal' })}
          {text('compareAtPrice', 'Compare-at price', { inputMode: 'decimal' })}
          {text('sku', 'SKU')}
          {text('stock', 'Stock', { inputMode: 'numeric' })}
          <label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2">
            <input
              type="checkbox"
              checked={fields.stockTracked}
              onChange={(event) => set('stockTracked', event.target.checked)}
              className="size-4 accent-indigo-600"
            />
            Track stock
          </label>
        </section>

        <section aria-labelledby={`${id}-organise`} className="grid gap-4 sm:grid-cols-2">
          <h2 id={`${id}-organise`} className="text-sm font-semibold text-slate-900 sm:col-span-2">
            Category and brand
          </h2>
          {row(
            'categoryId',
            'Category',
            <select
              {...field('categoryId')}
              value={fields.categoryId}
              onChange={(event) => set('categoryId', event.target.value)}
              className={inputClass}
            >
              <option value="">No category</option>
              {categoryPaths(choices).map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.path}
                </option>
              ))}
            </select>,
          )}
          {row(
            'brandId',
            'Brand',
            <select
              {...field('brandId')}
              value={fields.brandId}
              onChange={(event) => set('brandId', event.target.value)}
              className={inputClass}
            >
              <option value="">No brand</option>
              {(choices?.brands ?? []).map((brand) => (
                <option key={brand.id} value={String(brand.id)}>
                  {brand.name}
                </option>
              ))}
            </select>,
          )}
        </section>

        <section aria-labelledby={`${id}-seo`} className="grid gap-4">
          <h2 id={`${id}-seo`} className="text-sm font-semibold text-slate-900">
            Search engines
          </h2>
          {text('seoTitle', 'SEO title')}
          {row(
            'seoDescription',
            'SEO description',
            <textarea
              {...field('seoDescription')}
              rows={3}
              value={fields.seoDescription}
              onChange={(event) => set('seoDescription', event.target.value)}
              className={inputClass}
            />,
          )}
          <figure aria-label="Search result preview" className="rounded-md border border-slate-200 px-3 py-2.5">
            <p className="truncate text-xs text-emerald-800">{storeAddress}</p>
            <p className="truncate text-base text-indigo-800">{fields.seoTitle.trim() || fields.name || 'Product name'}</p>
            <p className="line-clamp-2 text-sm text-slate-600">
              {fields.seoDescription.trim() || 'The search engine picks text from the page.'}
            </p>
          </figure>
        </section>

        <KeptAsRead product={read} />
      </div>
    </form>
  );
}

/** The product's pictures, options, add-ons and variants, shown so the owner knows they are there; a save keeps them. */
function KeptAsRead({ product }: { product: StudioProduct }) {
  const { pictures, options, addons, variants, variantOptions } = product;
  if (!pictures.length && !options.length && !addons.length && !variants.length) return null;
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    <section aria-labelledby="kept-as-read" className="grid gap-3 rounded-md bg-slate-50 px-3 py-3 text-sm">
      <h2 id="kept-as-read" className="text-sm font-semibold text-slate-900">
        Pictures, options and variants
      </h2>
      <p className="text-xs text-slate-500">Shown here as they are; saving this form keeps them unchanged.</p>
      {pictures.length ? (
        <div>
          <h3 className="text-xs font-semibold text-slate-700">{count(pictures.length, 'picture', 'pictures')}</h3>
          <ul aria-label="Pictures" className="mt-1 flex flex-wrap gap-2">
            {pictures.map((picture) => (
              <li key={picture.file}>
                <img
                  src={imageUrl(picture.file, { w: 80, h: 80, fit: 'cover' })}
                  alt={picture.alt}
                  width={56}
                  height={56}
                  className="size-14 rounded border border-slate-200 object-cover"
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {options.length ? (
        <div>
          <h3 className="text-xs font-semibold text-slate-700">{count(options.length, 'option', 'options')}</h3>
          <ul aria-label="Options" className="mt-1 list-disc pl-5">
            {options.map((option) => (
              <li key={option.id}>{option.name}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {addons.length ? (
        <div>
          <h3 className="text-xs font-semibold text-slate-700">{count(addons.length, 'add-on', 'add-ons')}</h3>
          <ul aria-label="Add-ons" className="mt-1 list-disc pl-5">
            {addons.map((addon) => (
              <li key={addon.id}>
                {addon.name} ({baseAmount(addon.price)})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {variants.length ? (
        <div>
          <h3 className="text-xs font-semibold text-slate-700">{count(variants.length, 'variant', 'variants')}</h3>
          <table aria-label="Variants" className="mt-1 w-full text-left">
            <thead className="text-xs text-slate-500">
              <tr>
                <th scope="col">{variantOptions.map((axis) => axis.name).join(' / ')}</th>
                <th scope="col">SKU</th>
                <th scope="col" className="text-right">
                  Price
                </th>
                <th scope="col" className="text-right">
                  Stock
                </th>
              </tr>
            </thead>
            <tbody>
              {variants.map((variant) => (
                <tr key={variant.id}>
                  <td>{variant.values.join(' / ')}</td>
                  <td>{variant.sku || '—'}</td>
                  <td className="text-right tabular-nums">{baseAmount(variant.price)}</td>
                  <td className="text-right tabular-nums">{variant.stock}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
