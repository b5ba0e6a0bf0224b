import type { PublishedPage, WebConfig } from '@vitrine/commerce';

/**
 * Everything the shopper app reads, behind one interface: the server answers it in-process while rendering, the
 * browser over HTTP after hydration. Route loaders only ever talk to this.
 */
export interface StorefrontData {
  /** The web config of the site being shown (§3.2). */
  getSite(): Promise<WebConfig>;
  /** The published page at `slug` ('' for home) with its sections' data, or null when there is none. */
  getPage(slug: string): Promise<PublishedPage | null>;
}
