import type { HydrationState } from 'react-router-dom';

/** The id of the JSON data block in which a server-rendered page hands its facts to the browser. */
export const SERVER_DATA_ID = 'vt-data';

/** The id of the element the app draws into (and hydrates); what the server draws outside it is not the app's. */
export const APP_ROOT_ID = 'root';

/** What the server tells the browser about the page it rendered: its build, theme and store, and the loader data. */
export interface ServerData {
  boot: {
    buildId: string;
    themeId: number;
    webId: number;
    store?: string;
    /** The app's whole stylesheets, which it links when it starts (the page carries only the rules it uses). */
    stylesheets?: readonly string[];
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

/**
 * The first route of `loaderData` whose page the app draws and the server did not: undefined when the server drew
 * all the page shows (a landing route's, or a cart page whose cart the browser's cookie told it, unchanged, issue 18).
 */
export function routeNotDrawn(loaderData: Record<string, unknown>): string | undefined {
  return Object.keys(loaderData).find((id) => {
    const name = id.split(':')[0]!;
    if (LANDING_ROUTES.has(name)) return false;
    const cart = loaderData[id] as { cart?: unknown; changed?: boolean } | null;
    return !(name === 'cart' && cart?.cart != null && !cart.changed);
  });
}
