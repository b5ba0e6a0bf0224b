/**
 * A micro-cache of server-rendered pages for guests. A guest's page is the same for every guest (what belongs to
 * one shopper — cart, tokens, currency — is filled in by the browser), so under load one render can answer
 * everyone for a moment. Entries live `ttlMs` (one second), so another server process's publish shows within a
 * second; this process's own Studio writes clear the cache at once.
 */
export class PageCache {
  private readonly entries = new Map<string, { expires: number; status: number; headers: Record<string, string>; body: Buffer }>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry;
  }

  set(key: string, status: number, headers: Record<string, string>, body: Buffer): void {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { expires: this.now() + this.ttlMs, status, headers, body });
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Cookies that make a page this visitor's own: signed in, past the maintenance password, or another store's (§2.8). */
const personalCookies = /(?:^|;\s*)(vt_at|vt_maintenance_bypass|vt_store)=/;

/** The shopper's marketing consent (`CONSENT_COOKIE`): a page with the store's scripts differs from one without. */
const consentCookie = /(?:^|;\s*)vt_consent=(granted|denied)/;

/**
 * The cart the browser mirrors into its cookie (`CART_COOKIE`): the server draws it (the header's count, the cart
 * page), so a page is kept for the guests whose browsers keep the same cart, an empty one for most.
 */
const cartCookie = /(?:^|;\s*)vt_cart=([^;]*)/;

/** The cache key of a request, or null when its page must be rendered for this visitor alone. */
export function guestPageKey(host: string | undefined, url: string, cookie: string | undefined): string | null {
  if (cookie && personalCookies.test(cookie)) return null;
  const consent = cookie ? consentCookie.exec(cookie)?.[1] : undefined;
  const cart = cookie ? cartCookie.exec(cookie)?.[1] : undefined;
  return `${(host ?? '').toLowerCase()}${url}${consent ? `#consent=${consent}` : ''}${cart !== undefined ? `#cart=${cart}` : ''}`;
}
