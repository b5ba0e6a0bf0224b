import type { HydrationState } from 'react-router-dom';
import type { CartItem } from '@vitrine/commerce';

/** The id of the JSON data block in which a server-rendered page hands its facts to the browser. */
export const SERVER_DATA_ID = 'vt-data';

/** The id of the element the app draws into (and hydrates); what the server draws outside it is not the app's. */
export const APP_ROOT_ID = 'root';

/** Where a page asks for the files its app needs (`boot.appCode`): `GET /_app/code/<build id>/<name>`. */
export const APP_CODE_BASE = '/_app/code/';

/** What the server tells the browser about the page it rendered: its build, theme and store, and the loader data. */
export interface ServerData {
  boot: {
    buildId: string;
    themeId: number;
    webId: number;
    store?: string;
    /** The app's whole stylesheets, which it links when it starts (the page carries only the rules it uses). */
    stylesheets?: readonly string[];
    /** The store's whole theme stylesheet, which the app links when it starts (the page carries the rules it uses). */
    themeStylesheet?: string;
    /** The name of the files the app needs to take this page over, fetched ahead of the first tap (`APP_CODE_BASE`). */
    appCode?: string;
  };
  /** The routes' loader data, errors as React Router's server rendering writes them. */
  hydration: Partial<HydrationState> | Record<string, unknown>;
}

/** Reads the page's data block; a page without one (or with a broken one) boots with nothing known. */
export function readServerData(document: Document): ServerData | null {
  const text = document.getElementById(SERVER_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerData;
  } catch {
    return null;
  }
}

/** The routes' loader data the server left in the page, by route id; undefined for a page without any. */
export function loaderDataOf(serverData: ServerData | null): Record<string, unknown> | undefined {
  return (serverData?.hydration as { loaderData?: Record<string, unknown> } | undefined)?.loaderData;
}

/** The routes whose page the server draws whole: the owner's pages, listings and products (and home). */
const LANDING_ROUTES = new Set(['root', 'home', 'slug']);

/** The routes that draw the cart the browser keeps, when its cookie told the server (issue 18). */
const KEPT_CART_ROUTES = new Set(['cart', 'checkout']);

/** What a route drawing the browser's cart loads: the lines that stay, priced now (null: not told), and whether pricing changed any. */
export interface KeptCartData {
  cart: CartItem[] | null;
  changed: boolean;
}

/** The cart the server drew on this page, unchanged by its pricing; undefined where it drew none. */
export function drawnCartOf(loaderData: Record<string, unknown>): CartItem[] | undefined {
  for (const [id, data] of Object.entries(loaderData)) {
    const kept = data as Partial<KeptCartData> | null;
    if (KEPT_CART_ROUTES.has(id.split(':')[0]!) && kept?.cart && !kept.changed) return kept.cart;
  }
  return undefined;
}

/**
 * The first route of `loaderData` whose page the app draws and the server did not: undefined when the server drew
 * all the page shows (a landing route's, or the cart page or checkout of a cart the browser's cookie told, unchanged).
 */
export function routeNotDrawn(loaderData: Record<string, unknown>): string | undefined {
  const drawnCart = drawnCartOf(loaderData) !== undefined;
  return Object.keys(loaderData).find((id) => {
    const name = id.split(':')[0]!;
    return !LANDING_ROUTES.has(name) && !(KEPT_CART_ROUTES.has(name) && drawnCart);
  });
}
