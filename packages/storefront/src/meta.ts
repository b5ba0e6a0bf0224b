/** What a route tells the document head: its title (before the store title) and, for some, a robots rule. */
export interface RouteMeta {
  title: string;
  description?: string;
  /** The title link previews show: the page's SEO title, or, when that is empty, `title`. */
  shareTitle?: string;
  /** Search keywords, comma-separated, as the owner wrote them. */
  keywords?: string;
  /** The image shown when the page is shared (a media address). */
  image?: string;
  robots?: 'noindex, nofollow';
  /** The one address search engines should index this page under (a product without its variant, a listing without its filters). */
  canonical?: string;
}

/** The document title: the page's title followed by the store's (§2.7). */
export function documentTitle(pageTitle: string, storeTitle: string): string {
  return pageTitle && storeTitle && pageTitle !== storeTitle ? `${pageTitle} | ${storeTitle}` : pageTitle || storeTitle;
}

/** The meta of the deepest route that has any; an error page's own title wins over every route's. */
export function metaOf(loaderData: readonly unknown[], error: unknown): RouteMeta | null {
  if (error !== undefined && error !== null) return errorMeta(error);
  for (let i = loaderData.length - 1; i >= 0; i--) {
    const data = loaderData[i];
    if (data && typeof data === 'object' && 'meta' in data) return (data as { meta: RouteMeta }).meta;
  }
  return null;
}

/** 404 is Page Not Found, every other error Internal Server Error (§2.6). */
export function errorMeta(error: unknown): RouteMeta {
  return { title: errorStatus(error) === 404 ? 'Page Not Found' : 'Internal Server Error', robots: 'noindex, nofollow' };
}

/** The status an error stands for; 500 unless it is a response with its own status. */
export function errorStatus(error: unknown): number {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') return error.status;
  return 500;
}
