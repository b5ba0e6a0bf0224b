import {
  catalogueEndpoints,
  listingQuery,
  maintenanceEndpoints,
  pageEndpoints,
  webEndpoints,
  type MaintenanceSettings,
  type PublishedPage,
  type WebConfig,
} from '@vitrine/commerce';
import { ApiCallError, type ApiClient } from './client/api-client.ts';
import { useCart } from './client/cart.ts';
import { signedInUserId, useSession } from './client/session.ts';
import { preloadQueue } from './client/app-behaviour.ts';
import type { StorefrontData } from './data.ts';

/** How long a page fetched ahead of a click stays good for that click. */
const PREFETCH_FRESH_MS = 30_000;

/** The storefront's data over HTTP, for the browser after hydration; pages can be fetched ahead of a click. */
export function httpData(
  api: ApiClient,
  { domain, themeId }: { domain: string; themeId: number },
): StorefrontData & { prefetchPage(slug: string): void } {
  let site: Promise<WebConfig> | undefined;
  const ahead = new Map<string, { at: number; page: Promise<PublishedPage | null> }>();
  // §9: at most 4 route preloads at once.
  const preload = preloadQueue(4);
  const fetchPage = (slug: string) => orNull(api.request(pageEndpoints.getPage, { query: { Slug: slug } }));
  // A template changes only when the owner publishes it: one fetch serves every catalogue page of the visit.
  const templates = new Map<number, Promise<PublishedPage | null>>();
  return {
    prefetchPage(slug) {
      const known = ahead.get(slug);
      if (known && Date.now() - known.at < PREFETCH_FRESH_MS) return;
      const page = preload(() => fetchPage(slug));
      page.catch(() => ahead.delete(slug));
      ahead.set(slug, { at: Date.now(), page });
    },
    getSite() {
      site ??= api.request(webEndpoints.getWebInfo, { query: { Domain: domain, WebThemeID: String(themeId) } }).then((r) => r.data);
      return site;
    },
    getPage(slug) {
      const known = ahead.get(slug);
      ahead.delete(slug);
      return known && Date.now() - known.at < PREFETCH_FRESH_MS ? known.page : fetchPage(slug);
    },
    getTemplate(pageTypeId) {
      let template = templates.get(pageTypeId);
      if (!template) {
        template = orNull(api.request(pageEndpoints.getTemplate, { query: { PageTypeID: pageTypeId } }));
        template.catch(() => templates.delete(pageTypeId));
        templates.set(pageTypeId, template);
      }
      return template;
    },
    async getDesigns() {
      return (await api.request(webEndpoints.getDesigns)).data.designs;
    },
    getProduct(slug) {
      return orNull(api.request(catalogueEndpoints.getProduct, { query: { Slug: slug } }));
    },
    getListing(scope, path, state) {
      return orNull(api.request(catalogueEndpoints.getProducts, { query: { Scope: scope, Path: path, ...listingQuery(state) } }));
    },
    async getThemeSectionData() {
      return (await api.request(pageEndpoints.getThemeSections, { query: {} })).data.sectionData;
    },
    async getSession() {
      const userId = signedInUserId(useSession.getState().tokens);
      return { signedIn: userId !== null, userId };
    },
    async getMaintenance(): Promise<MaintenanceSettings> {
      return (await api.request(maintenanceEndpoints.getMaintenanceModeSettings)).data;
    },
    // The browser only reaches here after the server's render, which already told it (root loader data).
    hasMaintenanceBypass: async () => false,
    getCartCount: async () => useCart.getState().lines.length,
  };
}

/** The data of an answer, or null when the server says there is no such thing (404). */
async function orNull<T>(answer: Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await answer).data;
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return null;
    throw error;
  }
}
