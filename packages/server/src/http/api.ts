import type { FastifyInstance } from 'fastify';
import {
  PageType,
  catalogueEndpoints,
  listingState,
  pageEndpoints,
  reviewEndpoints,
  webEndpoints,
  type PageRedirect,
} from '@vitrine/commerce';
import { sectionRegistry } from '@vitrine/sections';
import { loadAddress } from '../shop/address.ts';
import { listDesigns } from '../shop/designs.ts';
import { loadListing, suggest } from '../shop/listing.ts';
import { addReview, compareProducts, listReviews, loadProduct, voteReview } from '../shop/product.ts';
import { loadDraftSectionData, loadPublishedPage, loadTemplatePage, loadThemeSectionData } from '../shop/pages.ts';
import { findSite, loadWebConfig } from '../shop/tenants.ts';
import { loadStoreRedirects, redirectOf } from '../shop/redirects.ts';
import { checkDatabase, type Db } from '../db/connect.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerAccountApi } from './account-api.ts';
import { registerCartApi } from './cart-api.ts';
import { registerOrderApi } from './order-api.ts';
import { registerWishlistApi } from './wishlist-api.ts';
import { registerEndpoints, checkWithEndpointSchemas } from './endpoint-routes.ts';
import { registerFormsApi } from './forms-api.ts';
import { HttpError } from './errors.ts';
import { registerMaintenanceApi } from './maintenance-api.ts';
import { registerMarketingApi } from './marketing-api.ts';
import { registerStudioApi } from './studio-api.ts';
import { registerStudioAnalyticsApi } from './studio-analytics-api.ts';
import { registerStudioCatalogueApi } from './studio-catalogue-api.ts';
import { registerStudioProductsApi } from './studio-products-api.ts';
import { registerStudioCsvApi } from './studio-csv-api.ts';
import { registerStudioInventoryApi } from './studio-inventory-api.ts';
import { registerStudioCategoriesApi } from './studio-categories-api.ts';
import { registerStudioBrandsApi } from './studio-brands-api.ts';
import { registerStudioAttributesApi } from './studio-attributes-api.ts';
import { registerStudioOrdersApi } from './studio-orders-api.ts';
import { registerStudioMediaApi } from './studio-media-api.ts';
import { registerStudioPagesApi } from './studio-pages-api.ts';
import { registerStudioPublishApi } from './studio-publish-api.ts';
import { registerStudioRedirectsApi } from './studio-redirects-api.ts';
import { registerStudioThemeApi } from './studio-theme-api.ts';
import { registerTrackApi } from './track-api.ts';
import { serverRouteOf } from './server-routes.ts';

/** The JSON API under /api (§7 and product.md), registered group by group from commerce's endpoint table. */
export async function registerApi(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { everyStore, tokens } = deps;
  checkWithEndpointSchemas(app);

  registerEndpoints(app, deps, webEndpoints, {
    health: async () => {
      await checkDatabase(everyStore);
      return { status: 'ok' as const };
    },
    getWebInfo: async ({ query }) => {
      const site = await findSite(everyStore, query.Domain);
      if (!site.ok)
        throw new HttpError(
          404,
          site.code,
          site.code === 'CODE_0001' ? 'No store is configured for this domain' : 'This domain is not linked to a store',
        );
      const data = await loadWebConfig(everyStore, site.webId, Number(query.WebThemeID));
      if (!data) throw new HttpError(404, 'CODE_0002', 'This domain is not linked to a store');
      return { data, tokens: await tokens.issue(site.webId, null) };
    },
    getDesigns: async ({ store }) => ({ data: { designs: await listDesigns(store) } }),
    getBuild: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return { data: { buildId: await deps.buildId() } };
    },
  });

  /**
   * Where a page request for `asked` would be redirected by the store's rules or its moved address (§2.1, §3.2): the
   * catch-all's own `redirectOf`, so the app's navigation and a page load never disagree. A path the server answers
   * itself (`/media/…`, `/editor`) is no page of the app: the browser loads it.
   */
  const pageRedirectOf = async (store: Db, asked: string): Promise<PageRedirect | null> => {
    const found = redirectOf(await loadStoreRedirects(store), asked);
    if (!found) return null;
    const internal = found.location.startsWith('/') && serverRouteOf(app, found.location.split(/[?#]/)[0]!) === null;
    return { ...found, document: !internal };
  };

  registerEndpoints(app, deps, pageEndpoints, {
    getAddress: async ({ query, caller, request, store }) => {
      const { Path, Url, ...keys } = query;
      // Asked together: an address no rule sends elsewhere (nearly every one) waits for one round trip, not two.
      const [redirect, content] = await Promise.all([
        pageRedirectOf(store, Url ?? `/${Path}`),
        loadAddress(store, deps.facets.of(caller.webId), caller.webId, Path, listingState(keys), (message, error) =>
          request.log.error({ err: error }, message),
        ),
      ]);
      if (redirect) return { data: { kind: 'redirect' as const, redirect } };
      if (!content) throw new HttpError(404, 'PAGE_NOT_FOUND', `Page Not Found: /${Path}`, 'Path');
      return { data: content };
    },
    getRedirect: async ({ query, store }) => ({ data: await pageRedirectOf(store, query.Url) }),
    getPage: async ({ query, caller, request, store }) => {
      const page = await loadPublishedPage(store, caller.webId, query.Slug.replace(/\/+$/, ''), (message, error) =>
        request.log.error({ err: error }, message),
      );
      if (!page) throw new HttpError(404, 'PAGE_NOT_FOUND', `Page Not Found: /${query.Slug}`);
      return { data: page };
    },
    getSectionData: async ({ body, caller, request, store }) => {
      // The page document allows any type id; this store's registry decides which exist.
      const unknown = body.sections.findIndex((section) => !sectionRegistry[section.type as keyof typeof sectionRegistry]);
      if (unknown >= 0)
        throw new HttpError(
          400,
          'BAD_REQUEST',
          `sections.${unknown}.type: is not a section type of this store`,
          `sections.${unknown}.type`,
        );
      const sectionData = await loadDraftSectionData(store, caller.webId, body.sections, (message, error) =>
        request.log.error({ err: error }, message),
      );
      return { data: { sectionData } };
    },
    getThemeSections: async ({ query, caller, request, store }) => {
      const site = await loadWebConfig(store, caller.webId, query.WebThemeID);
      if (!site) throw new HttpError(404, 'CODE_0002', 'This domain is not linked to a store');
      const sectionData = await loadThemeSectionData(store, caller.webId, site.themeSettings.themeData, (message, error) =>
        request.log.error({ err: error }, message),
      );
      return { data: { sectionData } };
    },
    getTemplate: async ({ query, caller, request, store }) => {
      const pageTypeId = query.PageTypeID === PageType.Product ? PageType.Product : PageType.Listing;
      const page = await loadTemplatePage(store, caller.webId, pageTypeId, (message, error) => request.log.error({ err: error }, message));
      if (!page) throw new HttpError(404, 'PAGE_NOT_FOUND', `This store has no published template of page type ${pageTypeId}`);
      return { data: page };
    },
  });

  registerEndpoints(app, deps, catalogueEndpoints, {
    getProducts: async ({ query, caller, store }) => {
      const { Scope, Path, ...keys } = query;
      const listing = await loadListing(store, deps.facets.of(caller.webId), Scope, Path, listingState(keys));
      if (!listing) throw new HttpError(404, 'NOT_FOUND', `No ${Scope} at "${Path}"`, 'Path');
      return { data: listing };
    },
    suggest: async ({ query, store }) => ({ data: await suggest(store, query.kw) }),
    compare: async ({ query, store }) => ({ data: { products: await compareProducts(store, query.ProductIDs) } }),
    getProduct: async ({ query, store }) => {
      const product = await loadProduct(store, query.Slug);
      if (!product) throw new HttpError(404, 'NOT_FOUND', `No product at "${query.Slug}"`, 'Slug');
      return { data: product };
    },
  });

  registerEndpoints(app, deps, reviewEndpoints, {
    getReviews: async ({ query, caller, store }) => {
      const customerId = caller.claims.UserID && caller.claims.UserID !== '0' ? Number(caller.claims.UserID) : null;
      return { data: await listReviews(store, query.ProductID, query.Sort, query.Page, customerId) };
    },
    addReview: async ({ body, caller, store }) => ({ data: await addReview(store, caller.webId, caller.customerId, body) }),
    voteReview: async ({ body, caller, store }) => ({
      data: { helpfulCount: await voteReview(store, caller.webId, caller.customerId, body.ReviewID), votedHelpful: true as const },
    }),
  });

  registerAccountApi(app, deps);
  registerCartApi(app, deps);
  registerOrderApi(app, deps);
  registerWishlistApi(app, deps);
  registerMaintenanceApi(app, deps);
  registerMarketingApi(app, deps);
  registerStudioApi(app, deps);
  registerStudioPagesApi(app, deps);
  registerStudioThemeApi(app, deps);
  registerStudioPublishApi(app, deps);
  registerStudioMediaApi(app, deps);
  registerStudioCatalogueApi(app, deps);
  registerStudioProductsApi(app, deps);
  registerStudioCsvApi(app, deps);
  registerStudioInventoryApi(app, deps);
  registerStudioCategoriesApi(app, deps);
  registerStudioBrandsApi(app, deps);
  registerStudioAttributesApi(app, deps);
  registerStudioOrdersApi(app, deps);
  registerStudioAnalyticsApi(app, deps);
  registerStudioRedirectsApi(app, deps);
  registerFormsApi(app, deps);
  registerTrackApi(app, deps, deps.tracking);
}
