import { useEffect, useState } from 'react';
import { PageType, catalogueEndpoints, type Listing, type ProductDetail } from '@vitrine/commerce';
import { useApi } from '../app-context.tsx';

/** What a template is previewed with: a real listing of the store for the listing template, a real product for the product template. */
export type TemplateSample = { kind: 'listing'; listing: Listing } | { kind: 'product'; product: ProductDetail };

/**
 * A sample of the store's own catalogue for the template being edited (product.md: templates preview with real
 * data): the first category that has products, as its listing; or the store's most popular product. Null for other
 * pages, while it loads, or when the store has no products yet (the template's own sections still show).
 */
export function useTemplateSample(pageTypeId: number | null): TemplateSample | null {
  const api = useApi();
  const [sample, setSample] = useState<{ pageTypeId: number; sample: TemplateSample | null } | null>(null);
  const isTemplate = pageTypeId === PageType.Listing || pageTypeId === PageType.Product;
  useEffect(() => {
    if (!isTemplate) return;
    let live = true;
    const all = api.request(catalogueEndpoints.getProducts, { query: { Scope: 'search', Path: '' } });
    const load = async (): Promise<TemplateSample | null> => {
      const { data } = await all;
      if (pageTypeId === PageType.Product) {
        const first = data.products[0];
        if (!first) return null;
        const answer = await api.request(catalogueEndpoints.getProduct, { query: { Slug: first.productURL.replace(/^\//, '') } });
        return { kind: 'product', product: answer.data };
      }
      const category = data.facets.categories[0];
      if (!category) return { kind: 'listing', listing: data };
      const answer = await api.request(catalogueEndpoints.getProducts, {
        query: { Scope: 'category', Path: category.url.replace(/^\//, '') },
      });
      return { kind: 'listing', listing: answer.data };
    };
    load().then(
      (found) => live && setSample({ pageTypeId: pageTypeId!, sample: found }),
      () => live && setSample({ pageTypeId: pageTypeId!, sample: null }),
    );
    return () => {
      live = false;
    };
  }, [api, isTemplate, pageTypeId]);
  return isTemplate && sample?.pageTypeId === pageTypeId ? sample.sample : null;
}
