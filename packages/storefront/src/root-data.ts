import type { WebConfig } from '@vitrine/commerce';
import type { ThemeShop } from '@vitrine/sections';
import type { ThemeSettings } from '@vitrine/theme-engine';

/** The id of the root route, whose loader data every page reads through `useRouteLoaderData`. */
export const ROOT_ROUTE_ID = 'root';

/** What the root route loads: the site (without the theme CSS the document head already carries). */
export interface RootData {
  site: WebConfig;
  /** Whether this visitor entered the maintenance password (§2.5). */
  maintenanceBypass: boolean;
  /** What the theme's header and footer loaded (the header's category menu). */
  themeSectionData: Record<string, unknown>;
  /** What Add to cart does in this store's theme (§3.8): open the cart drawer or go to /cart. */
  addToCartAction: ThemeSettings['add_to_card_action'];
  /** What the shop context takes from the theme: the same object for the same theme text (`shopSettingsOf`). */
  shopSettings: ShopSettings;
  /**
   * The codes of the cart the browser keeps, as its cookie told the server (`CART_COOKIE`), when it holds any: the
   * server drew the header's count from them, and the app starts at the first touch when they are the browser's own.
   */
  cartCodes?: string[];
}

/** The theme settings every section reads through the shop context (show_currency, the product cards' toggles). */
export type ShopSettings = ThemeShop;
