import { useId, useState } from 'react';
import { Link, useLoaderData, useRouteLoaderData } from 'react-router-dom';
import {
  OptionInputType,
  isInStock,
  mediaUrl,
  missingOption,
  productStructuredData,
  roundRating,
  type ChosenOptionValue,
  type ProductDetail,
  type ProductOption,
  type PublishedPage,
} from '@vitrine/commerce';
import { PageRenderer } from '@vitrine/renderer';
import { Breadcrumbs, CompareLink, CompareToggle, WishlistHeart, lazyRenderRegistry, usePrice } from '@vitrine/sections';
import type { RouteMeta } from '../meta.ts';
import { ROOT_ROUTE_ID, type RootData } from '../root-data.ts';
import { useThemeSettings } from '../theme-settings.ts';
import { AddToCart } from './add-to-cart.tsx';
import { readOptionFile, type OptionValues } from './chosen-options.ts';
import { Gallery } from './gallery.tsx';
import { Reviews } from './reviews.tsx';

export interface ProductData {
  product: ProductDetail;
  /** The store's published product template (page type 3): its sections show under the product. */
  template: PublishedPage | null;
  /** The page's own origin, for the absolute addresses of its structured data. */
  origin: string;
  /** The variant the address names (`?variant=`), if any. */
  variantId: number | null;
  meta: RouteMeta;
}

/** The variant whose values are all among `chosen`, or null when the choice names none (or there are no variants). */
export function variantFor(product: ProductDetail, chosen: Readonly<Record<number, number>>) {
  const values = Object.values(chosen);
  if (values.length < product.attributes.length) return null;
  return product.variants.find((variant) => values.every((value) => variant.valueIds.includes(value))) ?? null;
}

/** The values chosen when the page opens: the variant the address names, else the first in stock, else the first. */
export function initialChoice(product: ProductDetail, variantId: number | null): Record<number, number> {
  const variant =
    product.variants.find((v) => v.variantID === variantId) ??
    product.variants.find((v) => isInStock(v.stockStatusID)) ??
    product.variants[0];
  if (!variant) return {};
  const chosen: Record<number, number> = {};
  for (const attribute of product.attributes) {
    const value = attribute.values.find((v) => variant.valueIds.includes(v.valueID));
    if (value) chosen[attribute.attributeID] = value.valueID;
  }
  return chosen;
}

/**
 * A product's page (§2.12, §3.12): trail, gallery with the store's zoom, name, brand, rating, the chosen variant's
 * price and stock (the address keeps the variant), its variant, option and add-on choices, description,
 * specifications and reviews, Add to cart and Buy now; then the product template's own sections.
 */
export function ProductView() {
  const { product, template, origin, variantId } = useLoaderData() as ProductData;
  return (
    <>
      <ProductDetailView product={product} origin={origin} variantId={variantId} />
      {template ? (
        <PageRenderer sections={template.document.sections} registry={lazyRenderRegistry} data={template.sectionData} opensPage={false} />
      ) : null}
    </>
  );
}

/**
 * The product itself, as its page and the studio's preview of the product template show it: trail, gallery, choices,
 * description, specifications, reviews and the structured data.
 */
export function ProductDetailView({
  product,
  origin,
  variantId,
  themeSettings,
}: {
  product: ProductDetail;
  origin: string;
  variantId: number | null;
  /** The theme settings to follow (the studio's draft in its preview); the store's published theme otherwise. */
  themeSettings?: Record<string, unknown> | null;
}) {
  const root = useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined;
  const price = usePrice();
  const id = useId();
  const settings = useThemeSettings(themeSettings);
  const zoom = settings.product_image_zoom;
  const [chosen, setChosen] = useState(() => initialChoice(product, variantId));
  const [optionValues, setOptionValues] = useState<OptionValues>({});
  const [addons, setAddons] = useState<number[]>([]);
  const [touched, setTouched] = useState<number[]>([]);

  const variant = variantFor(product, chosen);
  const unitPrice = variant?.price ?? product.price;
  const stock = variant?.stockStatusID ?? product.stockStatusID;
  const optionPrice = product.options.reduce((sum, option) => {
    const value = optionValues[option.optionID];
    const names = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
    return sum + option.values.filter((v) => names.includes(String(v.valueID))).reduce((s, v) => s + v.price, 0);
  }, 0);
  const addonPrice = product.addons.filter((addon) => addons.includes(addon.addonID)).reduce((sum, addon) => sum + addon.price, 0);
  const total = unitPrice + optionPrice + addonPrice;
  const onSale = product.compareAtPrice !== null && product.compareAtPrice > unitPrice;
  const missing = missingOption(
    product.options.filter((option) => touched.includes(option.optionID)),
    optionValues,
  );
  /** Before adding: every option counts as visited, so each required one left empty says so; answers whether all are given. */
  const optionsComplete = () => {
    setTouched(product.options.map((option) => option.optionID));
    return missingOption(product.options, optionValues) === null;
  };

  const choose = (attributeId: number, valueId: number) => {
    const next = { ...chosen, [attributeId]: valueId };
    setChosen(next);
    const picked = variantFor(product, next);
    // The address keeps the chosen variant, for a shared link or a reload, without a new history entry.
    const url = new URL(window.location.href);
    if (picked) url.searchParams.set('variant', String(picked.variantID));
    else url.searchParams.delete('variant');
    window.history.replaceState(window.history.state, '', url);
  };
  /** Values of one axis that some variant has together with the other chosen values. */
  const possible = (attributeId: number, valueId: number) =>
    product.variants.some(
      (v) =>
        v.valueIds.includes(valueId) &&
        Object.entries(chosen).every(([attribute, value]) => Number(attribute) === attributeId || v.valueIds.includes(value)),
    );

  const structured = productStructuredData(product, {
    origin,
    currency: root?.site.currency ?? { currencyAbbreviation: 'USD', currencySymbol: '$', currencyRate: 1 },
    imageUrl: (file) => new URL(mediaUrl(file, root?.site.staticCDN ?? ''), origin).href,
  });

  return (
    <div className="vt-section">
      <div className="vt-container vt-product">
        <Breadcrumbs trail={product.breadcrumbs} />
        <div className="vt-product-layout">
          <Gallery product={product} zoom={zoom} activeFile={variant?.imageFile ?? null} />
          <div className="vt-product-info">
            {product.brand ? (
              <p className="vt-product-card-brand">
                <Link to={product.brand.url}>{product.brand.name}</Link>
              </p>
            ) : null}
            <h1 className="vt-h1 vt-product-name">{product.itemName}</h1>
            {product.reviews.count ? (
              <p className="vt-product-rating">
                <a href="#reviews">
                  <span aria-hidden="true">{'★'.repeat(Math.round(roundRating(product.reviews.average)))}</span>{' '}
                  {`${roundRating(product.reviews.average)} out of 5 (${product.reviews.count} ${product.reviews.count === 1 ? 'review' : 'reviews'})`}
                </a>
              </p>
            ) : null}
            {product.isHidePrice ? (
              <p className="vt-product-price-hidden">Ask us for a price.</p>
            ) : (
              <p className="vt-product-price" aria-live="polite">
                <span className={onSale ? 'vt-price-sale' : undefined}>{price(total)}</span>
                {onSale && product.compareAtPrice !== null ? (
                  <s className="vt-price-compare">
                    <span className="vt-visually-hidden">Was </span>
                    {price(product.compareAtPrice + optionPrice + addonPrice)}
                  </s>
                ) : null}
              </p>
            )}
            <p className={isInStock(stock) ? 'vt-stock vt-stock-in' : 'vt-stock vt-stock-out'} role="status">
              {product.attributes.length && !variant ? 'This combination is not made' : isInStock(stock) ? 'In stock' : 'Out of stock'}
            </p>

            {product.attributes.map((attribute) => (
              <fieldset key={attribute.attributeID} className="vt-product-choice">
                <legend>
                  {attribute.name}:{' '}
                  <strong>{attribute.values.find((value) => value.valueID === chosen[attribute.attributeID])?.name ?? 'choose one'}</strong>
                </legend>
                {attribute.displayType === 'dropdown' ? (
                  <select
                    className="vt-input"
                    aria-label={attribute.name}
                    value={chosen[attribute.attributeID] ?? ''}
                    onChange={(event) => choose(attribute.attributeID, Number(event.target.value))}
                  >
                    {attribute.values.map((value) => (
                      <option key={value.valueID} value={value.valueID} disabled={!possible(attribute.attributeID, value.valueID)}>
                        {value.name}
                      </option>
                    ))}
                  </select>
                ) : (
                  <div className={attribute.displayType === 'color' ? 'vt-swatches' : 'vt-namelist'}>
                    {attribute.values.map((value) => (
                      <label key={value.valueID} className="vt-pick" title={value.name}>
                        <input
                          type="radio"
                          name={`${id}-${attribute.attributeID}`}
                          checked={chosen[attribute.attributeID] === value.valueID}
                          disabled={!possible(attribute.attributeID, value.valueID)}
                          onChange={() => choose(attribute.attributeID, value.valueID)}
                        />
                        {attribute.displayType === 'color' ? (
                          <>
                            <span
                              className="vt-swatch vt-swatch-large"
                              style={{ background: value.color ?? 'transparent' }}
                              aria-hidden="true"
                            />
                            <span className="vt-visually-hidden">{value.name}</span>
                          </>
                        ) : (
                          <span>{value.name}</span>
                        )}
                      </label>
                    ))}
                  </div>
                )}
              </fieldset>
            ))}

            {product.options.map((option) => (
              <OptionField
                key={option.optionID}
                option={option}
                value={optionValues[option.optionID]}
                error={missing?.optionID === option.optionID ? missing.message : undefined}
                onChange={(value) => setOptionValues((values) => ({ ...values, [option.optionID]: value }))}
                onBlur={() => setTouched((list) => (list.includes(option.optionID) ? list : [...list, option.optionID]))}
              />
            ))}

            {product.addons.length ? (
              <fieldset className="vt-product-choice">
                <legend>Add-ons</legend>
                {product.addons.map((addon) => (
                  <label key={addon.addonID} className="vt-facet-choice">
                    <input
                      type="checkbox"
                      checked={addons.includes(addon.addonID)}
                      onChange={() =>
                        setAddons((list) =>
                          list.includes(addon.addonID) ? list.filter((a) => a !== addon.addonID) : [...list, addon.addonID],
                        )
                      }
                    />
                    <span>{addon.name}</span> <span className="vt-facet-count">+{price(addon.price)}</span>
                  </label>
                ))}
              </fieldset>
            ) : null}

            <AddToCart
              product={product}
              variant={product.attributes.length ? variant : null}
              needsVariant={product.attributes.length > 0 && !variant}
              inStock={isInStock(stock)}
              addonIds={addons}
              options={{ list: product.options, values: optionValues, complete: optionsComplete }}
              addToCartAction={settings.add_to_card_action}
            />
            <div className="vt-product-keep">
              <WishlistHeart productId={product.productID} name={product.itemName} />
              <CompareToggle productId={product.productID} name={product.itemName} />
              <CompareLink />
            </div>
            <p className="vt-product-sku">SKU {variant?.sku ?? product.sku}</p>
            {product.description ? (
              // Sanitised on the server (headings, paragraphs, bold, italic, lists and links only): the owner's rich text.
              <div className="vt-product-description" dangerouslySetInnerHTML={{ __html: product.description }} />
            ) : null}
            {product.specifications.length ? (
              <dl className="vt-product-specs">
                {product.specifications.map((spec) => (
                  <div key={`${spec.name}-${spec.value}`}>
                    <dt>{spec.name}</dt>
                    <dd>{spec.value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </div>
        </div>
        <Reviews product={product} />
      </div>
      {structured.map((data, index) => (
        <script
          key={index}
          type="application/ld+json"
          // JSON, not script: `<` is escaped so no text can close the element.
          dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
        />
      ))}
    </div>
  );
}

/** One option of input types 1–6 (§3.15); a mandatory one left empty says "{name} is required" once left. */
function OptionField({
  option,
  value,
  error,
  onChange,
  onBlur,
}: {
  option: ProductOption;
  value: ChosenOptionValue | undefined;
  error: string | undefined;
  onChange: (value: ChosenOptionValue) => void;
  onBlur: () => void;
}) {
  const id = useId();
  const price = usePrice();
  const describedBy = error ? `${id}-error` : undefined;
  const label = `${option.name}${option.isMandatory ? ' (required)' : ''}`;
  const words = (v: ProductOption['values'][number]) => (v.price ? `${v.name} (+${price(v.price)})` : v.name);
  const common = { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, onBlur } as const;
  let control;
  switch (option.inputTypeID) {
    case OptionInputType.Textarea:
      control = (
        <textarea
          id={id}
          className="vt-input vt-textarea"
          rows={3}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          {...common}
        />
      );
      break;
    case OptionInputType.Dropdown:
      control = (
        <select
          id={id}
          className="vt-input"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          {...common}
        >
          <option value="">Choose…</option>
          {option.values.map((v) => (
            <option key={v.valueID} value={v.valueID}>
              {words(v)}
            </option>
          ))}
        </select>
      );
      break;
    case OptionInputType.Radio:
    case OptionInputType.Checkbox: {
      const many = option.inputTypeID === OptionInputType.Checkbox;
      const list = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
      return (
        <fieldset className="vt-product-choice" aria-describedby={describedBy}>
          <legend>{label}</legend>
          {option.values.map((v) => (
            <label key={v.valueID} className="vt-facet-choice">
              <input
                type={many ? 'checkbox' : 'radio'}
                name={id}
                checked={list.includes(String(v.valueID))}
                onBlur={onBlur}
                onChange={() =>
                  onChange(
                    many
                      ? list.includes(String(v.valueID))
                        ? list.filter((x) => x !== String(v.valueID))
                        : [...list, String(v.valueID)]
                      : String(v.valueID),
                  )
                }
              />
              <span>{words(v)}</span>
            </label>
          ))}
          {error ? (
            <p id={`${id}-error`} className="vt-field-error">
              {error}
            </p>
          ) : null}
        </fieldset>
      );
    }
    case OptionInputType.File:
      control = (
        <input
          id={id}
          type="file"
          className="vt-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) onChange({ name: '', base64: '' });
            else void readOptionFile(file).then(onChange);
          }}
          {...common}
        />
      );
      break;
    default:
      control = (
        <input
          id={id}
          type="text"
          className="vt-input"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          {...common}
        />
      );
  }
  return (
    <div className="vt-product-choice">
      <label htmlFor={id}>{label}</label>
      {control}
      {error ? (
        <p id={`${id}-error`} className="vt-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
