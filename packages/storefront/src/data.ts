import type {
  AddressContent,
  CartItem,
  CheckoutOptions,
  Design,
  ListingState,
  MaintenanceSettings,
  PageRedirect,
  PublishedPage,
  WebConfig,
} from '@vitrine/commerce';

/**
 * The cookie in which the browser mirrors the codes of the cart it keeps (`|`-joined, URI-encoded; empty for an empty
 * cart), so the server can draw that cart: the header's count, the cart page and the checkout (issue 18). The cart
 * is still kept in the browser only (§4): the cookie is the browser's too. No cookie: a browser that has kept no cart
 * here, drawn empty (the app, should it keep one all the same, draws it at once).
 */
export const CART_COOKIE = 'vt_cart';

/** `CART_COOKIE`'s value for a cart too long to mirror in a cookie: the server does not draw it, the app does. */
export const CART_UNTOLD = '-';

/** Who is looking: a guest, or a signed-in customer (§6). */
export interface Session {
  signedIn: boolean;
  userId: string | null;
}

/**
 * Everything the shopper app reads, behind one interface: the server answers it in-process while rendering, the
 * browser over HTTP after hydration. Route loaders only ever talk to this.
 */
export interface StorefrontData {
  /** The web config of the site being shown (§3.2). */
  getSite(): Promise<WebConfig>;
  /**
   * What the store holds at `path` ('' for home): the owner's published page with its sections' data, a product, or
   * a listing by `state` (§2.3), asked for once; null when there is nothing there. In the browser, where the address
   * was `asked` (path and query) when the store's redirect rules send it elsewhere (§2.1, §3.2); the server applied
   * them before drawing the page.
   */
  getAddress(path: string, state: ListingState, asked?: string): Promise<AddressContent | null>;
  /**
   * Where the store's redirect rules send an address `asked` that is no address of its catalogue (`/old_page.html`),
   * or null. Only the browser has it: the server applied the rules before it drew any page.
   */
  getRedirect?(asked: string): Promise<PageRedirect | null>;
  /** The published template of a catalogue page: the product page (3) or the listing (4); null when there is none. */
  getTemplate(pageTypeId: 3 | 4): Promise<PublishedPage | null>;
  /** The store's designs: its public themes and the live one (§2.8). */
  getDesigns(): Promise<Design[]>;
  /** What the theme's global sections (header, footer) loaded, by section id. */
  getThemeSectionData(): Promise<Record<string, unknown>>;
  /** Whether a customer is signed in, for the entry checks. */
  getSession(): Promise<Session>;
  /** The maintenance settings of the site. */
  getMaintenance(): Promise<MaintenanceSettings>;
  /** Whether this visitor entered the maintenance password (§2.5); the browser learns it from the server's render. */
  hasMaintenanceBypass(): Promise<boolean>;
  /** Lines in the shopper's cart, or null when only the browser knows (a guest's cart is kept there). */
  getCartCount(): Promise<number | null>;
  /** The codes of the cart this browser keeps, from its cookie (`CART_COOKIE`); null when it sent none. */
  getKeptCartCodes(): Promise<string[] | null>;
  /** The lines of that cart priced now, each with its status (§3.5); null when it sent none. */
  getKeptCart(): Promise<CartItem[] | null>;
  /** The store's checkout settings, for the server to draw the checkout; null in the browser, where the page asks. */
  getCheckoutOptions(): Promise<CheckoutOptions | null>;
}
