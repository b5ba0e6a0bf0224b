import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { StockStatus, catalogueEndpoints, roundRating, type ComparedProduct } from '@vitrine/commerce';
import { Image } from '@vitrine/renderer';
import { CardBuyAction, usePrice } from '@vitrine/sections';
import { useApi } from '../app-context.tsx';
import { useSiteState } from '../client/site-state.ts';
import { useHydrated } from '../ui/hydrated.ts';
import { FormNotice } from '../ui/field.tsx';
import { GENERIC_ERROR } from '../ui/toasts.tsx';
import { PageShell } from './page-shell.tsx';

interface Row {
  label: string;
  values: string[];
}

/** The rows of the comparison: price, rating, stock, brand, then every attribute any of the products has. */
export function compareRows(products: readonly ComparedProduct[], price: (minor: number) => string): Row[] {
  const attributes = [...new Set(products.flatMap((product) => Object.keys(product.attributes)))];
  return [
    { label: 'Price', values: products.map((p) => (p.isHidePrice ? 'Ask us' : price(p.price))) },
    {
      label: 'Rating',
      values: products.map((p) => (p.ratingCount ? `${roundRating(p.rating)} of 5 (${p.ratingCount})` : 'Not rated yet')),
    },
    { label: 'Stock', values: products.map((p) => (p.stockStatusID === StockStatus.InStock ? 'In stock' : 'Out of stock')) },
    { label: 'Brand', values: products.map((p) => p.brandName ?? '—') },
    ...attributes.map((name) => ({ label: name, values: products.map((p) => p.attributes[name] ?? '—') })),
  ];
}

/**
 * /compare: the products the shopper chose (§3.1 `compare`, at most 4) side by side — picture, price, rating, stock,
 * brand and attributes — with the rows where they differ marked. A product is taken away by its place in the list
 * (§4), or all at once.
 */
export function ComparePage() {
  const api = useApi();
  const hydrated = useHydrated();
  const price = usePrice();
  const ids = useSiteState((s) => s.compare);
  const remove = useSiteState((s) => s.removeFromCompare);
  const clear = useSiteState((s) => s.clearCompare);
  // The answer for the list it was asked about; a changed list waits for its own.
  const [loaded, setLoaded] = useState<{ key: string; products: ComparedProduct[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const key = ids.join(',');

  useEffect(() => {
    if (!hydrated || !key) return;
    let current = true;
    api
      .request(catalogueEndpoints.compare, { query: { ProductIDs: key } })
      .then((answer) => current && (setLoaded({ key, products: answer.data.products }), setFailed(false)))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [api, hydrated, key]);

  // Taking a product away needs no new answer: the one loaded already holds the rest.
  const known = loaded !== null && ids.every((id) => loaded.key.split(',').includes(String(id)));
  const products = !hydrated ? null : !key ? [] : known ? loaded.products.filter((p) => ids.includes(p.productID)) : null;
  const shown = products ?? [];
  const rows = compareRows(shown, price);
  return (
    <PageShell heading="Compare products" breadcrumbs={[{ label: 'Compare' }]}>
      {failed ? <FormNotice kind="error">{GENERIC_ERROR}: the products could not be loaded.</FormNotice> : null}
      {products !== null && shown.length === 0 ? (
        <p>
          You have not chosen any products to compare. Press <strong>Compare</strong> on up to four products, then come back here.{' '}
          <Link to="/search">Browse the products</Link>
        </p>
      ) : null}
      {shown.length ? (
        <>
          <div className="vt-compare-scroll">
            <table className="vt-compare">
              <caption className="vt-visually-hidden">The chosen products side by side; rows where they differ are marked</caption>
              <thead>
                <tr>
                  <td />
                  {shown.map((product) => (
                    <th key={product.productID} scope="col">
                      <Link to={product.productURL} className="vt-compare-product">
                        <Image src={product.imageFile} alt="" width={240} height={240} sizes="240px" />
                        <span>{product.itemName}</span>
                      </Link>
                      <button
                        type="button"
                        className="vt-btn vt-btn-link vt-btn-sm"
                        onClick={() => remove(ids.indexOf(product.productID))}
                        aria-label={`Remove ${product.itemName} from the comparison`}
                      >
                        Remove
                      </button>
                      {/* Bought from here as from its card: at once, or on its page when there is something to choose. */}
                      <CardBuyAction product={product} soldOut={product.stockStatusID === StockStatus.OutOfStock} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const differs = shown.length > 1 && new Set(row.values).size > 1;
                  return (
                    <tr key={row.label} className={differs ? 'vt-compare-differs' : undefined}>
                      <th scope="row">
                        {row.label}
                        {differs ? <span className="vt-compare-flag"> (differs)</span> : null}
                      </th>
                      {row.values.map((value, index) => (
                        <td key={shown[index]!.productID}>{value}</td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <button type="button" className="vt-btn vt-btn-outline vt-btn-sm" onClick={clear}>
            Clear the comparison
          </button>
        </>
      ) : null}
    </PageShell>
  );
}
