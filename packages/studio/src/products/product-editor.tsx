import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { productStatuses, slugFromName, type ProductStatus, type StudioAttribute, type StudioProduct } from '@vitrine/commerce';
import { StudioApiError } from '../api/client.ts';
import { useStudio } from '../context.tsx';
import { inputClass } from '../forms/input-class.ts';
import { problemText } from '../state/controller.ts';
import { Button } from '../ui/button.tsx';
import { LeaveQuestion, useLeaveGuard } from '../ui/leave-guard.tsx';
import { AttributesField } from './attributes-field.tsx';
import { DescriptionEditor } from './description-editor.tsx';
import { OptionsField } from './options-field.tsx';
import { PicturesField } from './pictures-field.tsx';
import {
  controlId,
  fieldsOf,
  formPath,
  messageAt,
  newProduct,
  requestOf,
  storedPictures,
  withAxes,
  withPictures,
  type FieldErrors,
  type ProductFields,
} from './product-form.ts';
import { categoryPaths, useCatalogueChoices } from './products-screen.tsx';
import { SearchPreview } from './search-preview.tsx';
import { VariantsField } from './variants-field.tsx';

/** The fields a plain input or select edits, by the form's path. */
type PlainField = Exclude<
  keyof ProductFields,
  'description' | 'stockTracked' | 'attributeValueIds' | 'pictures' | 'variantOptions' | 'variants' | 'options' | 'addons'
>;

/** The store's attributes for the product's facets, once loaded; `problem` says why they are not. */
function useStoreAttributes(): { attributes: StudioAttribute[] | null; problem: string | null } {
  const { controller } = useStudio();
  const [found, setFound] = useState<{ attributes: StudioAttribute[] | null; problem: string | null }>({ attributes: null, problem: null });
  useEffect(() => {
    let live = true;
    controller.catalogue.getAttributes().then(
      (attributes) => live && setFound({ attributes, problem: null }),
      (failure: unknown) => live && setFound({ attributes: null, problem: problemText(failure) }),
    );
    return () => {
      live = false;
    };
  }, [controller]);
  return found;
}

/**
 * One product's editor (`/editor/products/new`, `/editor/products/{id}`): name, address, description, status,
 * pictures, prices, stock, variants, category, brand, attributes, options and add-ons and search-result text, saved
 * whole with the version it read. A save refused because the product changed since offers Reload (theirs) or
 * Overwrite (mine); a refused field, in a list too (`variants.1.sku`), is named at its control, which takes the focus.
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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ version: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const { attributes, problem: attributesProblem } = useStoreAttributes();

  const choices = useCatalogueChoices();
  const dirty = fields !== null && saved !== null && JSON.stringify(fields) !== JSON.stringify(saved);
  const leaving = useLeaveGuard(dirty);
  const id = useId();

  const show = (product: StudioProduct) => {
    const shown = fieldsOf(product);
    setRead(product);
    setSaved(shown);
    setFields(shown);
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

  // A refusal takes the focus to the first control it names.
  useEffect(() => {
    const named = Object.keys(errors).flatMap((path) => document.getElementById(controlId(id, path)) ?? []);
    named.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    named[0]?.focus();
  }, [errors, id]);

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
    setProblem(null);
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
        const refused = failure instanceof StudioApiError && failure.status === 400 && failure.field ? failure : null;
        const path = refused ? formPath(refused.field!, fields) : null;
        // A field this form has no control for is said above the form, with its name.
        if (refused && path && document.getElementById(controlId(id, path))) setErrors({ [path]: messageAt(refused) });
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

  const update = (change: (fields: ProductFields) => ProductFields) => setFields((current) => current && change(current));
  const set = <Key extends keyof ProductFields>(key: Key, value: ProductFields[Key]) => update((current) => ({ ...current, [key]: value }));
  const field = (key: PlainField) => ({
    id: controlId(id, key),
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby':
      [errors[key] ? `${controlId(id, key)}-error` : '', help[key] ? `${controlId(id, key)}-help` : ''].join(' ').trim() || undefined,
  });
  const slug = fields.slug.trim() || slugFromName(fields.name);
  const storeAddress = `${window.location.origin}/${slug}`;
  const hasVariants = fields.variants.length > 0;
  const help: Partial<Record<PlainField, string>> = {
    slug: fields.slug.trim()
      ? `On the store at ${storeAddress}`
      : `Left empty, it is made from the name when you save${slug ? `: ${storeAddress}` : ''}.`,
    stock: hasVariants ? 'This product has variants: its stock is the sum of theirs.' : '',
  };
  const row = (key: PlainField, label: string, control: ReactNode) => (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={controlId(id, key)} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {control}
      {help[key] ? (
        <p id={`${controlId(id, key)}-help`} className="text-xs text-slate-500">
          {help[key]}
        </p>
      ) : null}
      {errors[key] ? (
        <p id={`${controlId(id, key)}-error`} className="text-xs font-medium text-red-700">
          {label} {errors[key]}
        </p>
      ) : null}
    </div>
  );
  const text = (key: Exclude<PlainField, 'status'>, label: string, extra: { inputMode?: 'decimal' | 'numeric'; disabled?: boolean } = {}) =>
    row(
      key,
      label,
      <input {...field(key)} {...extra} value={fields[key]} onChange={(event) => set(key, event.target.value)} className={inputClass} />,
    );
  const suggestions = (optionName: string) =>
    attributes?.find((attribute) => attribute.name.toLowerCase() === optionName.trim().toLowerCase())?.values.map((v) => v.name) ?? [];

  return (
    <form
      aria-label={creating ? 'New product' : `Product ${saved?.name ?? ''}`}
      className="h-full overflow-x-hidden overflow-y-auto"
      onSubmit={(event) => {
        event.preventDefault();
        void save(read.id ? read.version : undefined);
      }}
    >
      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-4 py-2 sm:px-5">
        <Link to="/editor/products" className="mr-auto text-sm text-indigo-700 underline hover:text-indigo-900">
          Back to products
        </Link>
        {read.id && read.status === 'active' ? (
          <a href={`/${read.slug}`} target="_blank" rel="noreferrer" className="text-sm text-indigo-700 underline hover:text-indigo-900">
            View on store
          </a>
        ) : read.id ? (
          <span className="text-xs text-slate-500">
            {read.status === 'draft' ? 'A draft: not on the store yet.' : 'Archived: not on the store.'}
          </span>
        ) : null}
        <span className="text-xs text-slate-500" aria-live="polite">
          {dirty ? 'Unsaved changes' : ''}
        </span>
        <Button type="submit" tone="primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
      <div className="mx-auto grid max-w-3xl min-w-0 gap-6 px-4 py-5 sm:px-5">
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

        <section aria-labelledby={`${id}-about`} className="grid min-w-0 gap-4">
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

        <PicturesField
          pictures={fields.pictures}
          change={(change) => update((f) => withPictures(f, change(f.pictures)))}
          errors={errors}
          formId={id}
        />

        <section aria-labelledby={`${id}-pricing`} className="grid min-w-0 gap-4 sm:grid-cols-2">
          <h2 id={`${id}-pricing`} className="text-sm font-semibold text-slate-900 sm:col-span-2">
            Price and stock
          </h2>
          {text('price', 'Price', { inputMode: 'decimal' })}
          {text('compareAtPrice', 'Compare-at price', { inputMode: 'decimal' })}
          {text('sku', 'SKU')}
          {text('barcode', 'Barcode', { inputMode: 'numeric' })}
          {text('stock', 'Stock', { inputMode: 'numeric', disabled: hasVariants })}
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

        <VariantsField
          axes={fields.variantOptions}
          variants={fields.variants}
          pictures={storedPictures(fields)}
          productPrice={fields.price}
          suggestions={suggestions}
          errors={errors}
          formId={id}
          setAxes={(axes) => update((f) => withAxes(f, axes))}
          setVariants={(variants) => set('variants', variants)}
        />

        <section aria-labelledby={`${id}-organise`} className="grid min-w-0 gap-4 sm:grid-cols-2">
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

        <AttributesField
          attributes={attributes}
          problem={attributesProblem}
          chosen={fields.attributeValueIds}
          errors={errors}
          formId={id}
          setChosen={(valueIds) => set('attributeValueIds', valueIds)}
        />

        <OptionsField
          options={fields.options}
          addons={fields.addons}
          errors={errors}
          formId={id}
          setOptions={(options) => set('options', options)}
          setAddons={(addons) => set('addons', addons)}
        />

        <section aria-labelledby={`${id}-seo`} className="grid min-w-0 gap-4">
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
          <SearchPreview address={storeAddress} title={fields.seoTitle.trim() || fields.name} description={fields.seoDescription.trim()} />
        </section>
      </div>
    </form>
  );
}
