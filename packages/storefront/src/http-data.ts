import {
  listingQuery,
  listingSearch,
  readListingUrl,
  maintenanceEndpoints,
  webEndpoints,
  type AddressContent,
  type ListingState,
  type MaintenanceSettings,
  type PublishedPage,
  type WebConfig,
} from '@vitrine/commerce';
import { ApiCallError, type ApiClient } from './client/api-client.ts';
import { useCart } from './client/cart.ts';
import { signedInUserId, useSession } from './client/session.ts';
import { preloadQueue } from './client/app-behaviour.ts';
import type { StorefrontData } from './data.ts';

/**
 * The pages' and the catalogue's calls, imported when first made: the first page's data is in the page the server drew,
 * so the schemas of every page, listing and product are built on the first navigation, not at start-up.
 */
const catalogueCalls = () => import('@vitrine/commerce/catalogue-endpoints');

/** How long a page fetched ahead of a click stays good for that click. */
const PREFETCH_FRESH_MS = 30_000;

/** The listing keys of an address the shopper has not filtered: what a link's plain address shows. */
const unfiltered: ListingState = readListingUrl(new URLSearchParams());

/** The storefront's data over HTTP, for the browser after hydration; addresses can be fetched ahead of a click. */
export function httpData(
  api: ApiClient,
  { domain, themeId }: { domain: string; themeId: number },
): StorefrontData & { prefetchPage(slug: string): void } {
  let site: Promise<WebConfig> | undefined;
  const ahead = new Map<string, { at: number; content: Promise<AddressContent | null> }>();
  // §9: at most 4 route preloads at once.
  const preload = preloadQueue(4);
  // The address as asked goes along: the store's redirect rules read it, query and all, as they read a page's request.
  const fetchAddress = (path: string, state: ListingState, asked: string) =>
    orNull(
      catalogueCalls().then(({ pageEndpoints }) =>
        api.request(pageEndpoints.getAddress, { query: { Path: path, Url: asked, ...listingQuery(state) } }),
      ),
    );
  const keyOf = (path: string, state: ListingState, asked: string) => `${path}?${listingSearch(state)} ${asked}`;
  // A template changes only when the owner publishes it: one fetch serves every catalogue page of the visit.
  const templates = new Map<number, Promise<PublishedPage | null>>();
  return {
    prefetchPage(path) {
      const key = keyOf(path, unfiltered, `/${path}`);
      const known = ahead.get(key);
      if (known && Date.now() - known.at < PREFETCH_FRESH_MS) return;
      const content = preload(() => fetchAddress(path, unfiltered, `/${path}`));
      content.catch(() => ahead.delete(key));
      ahead.set(key, { at: Date.now(), content });
    },
    getSite() {
      site ??= api.request(webEndpoints.getWebInfo, { query: { Domain: domain, WebThemeID: String(themeId) } }).then((r) => r.data);
      return site;
    },
    getAddress(path, state, asked = `/${path}`) {
      const key = keyOf(path, state, asked);
      const known = ahead.get(key);
      ahead.delete(key);
      return known && Date.now() - known.at < PREFETCH_FRESH_MS ? known.content : fetchAddress(path, state, asked);
    },
    async getRedirect(asked) {
      const { pageEndpoints } = await catalogueCalls();
      return (await api.request(pageEndpoints.getRedirect, { query: { Url: asked } })).data;
    },
    getTemplate(pageTypeId) {
      let template = templates.get(pageTypeId);
      if (!template) {
        template = orNull(
          catalogueCalls().then(({ pageEndpoints }) => api.request(pageEndpoints.getTemplate, { query: { PageTypeID: pageTypeId } })),
        );
        template.catch(() => templates.delete(pageTypeId));
        templates.set(pageTypeId, template);
      }
      return template;
    },
    async getDesigns() {
      return (await api.request(webEndpoints.getDesigns)).data.designs;
    },
    async getThemeSectionData() {
      const { pageEndpoints } = await catalogueCalls();
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
    // The browser draws its own cart: these are the server's, for the page it draws.
    getKeptCartCodes: async () => null,
    getKeptCart: async () => null,
    getCheckoutOptions: async () => null,
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
