/**
 * The marketing rules the shopper's page needs at load, without zod, so the entry and the marketing runtime stay small:
 * they import this file (`@vitrine/commerce/marketing-rules`), never the package's index.
 */
/**
 * Services that have been switched off for good: Universal Analytics (`UA-…` ids, which Google stopped processing in
 * 2024) and AddThis (shut down in 2023). Stored configurations may still hold them (`googleAnalyticsID`, `addThisID`):
 * they load and are kept harmless, but nothing of them is put on a shopper's page, allowed by its policy or offered in
 * the studio.
 */
export const isRetiredAnalyticsId = (id: string): boolean => /^UA-/i.test(id.trim());

/**
 * The Google Analytics ids a page loads: the GA4 measurement id, and a GA4 id saved in the older field; never a
 * retired Universal Analytics `UA-…` id. Trimmed, without repeats.
 */
export function googleAnalyticsIds(scripts: { gA4ID?: string | undefined; googleAnalyticsID?: string | undefined }): string[] {
  const ids = [scripts.gA4ID?.trim() ?? '', scripts.googleAnalyticsID?.trim() ?? ''];
  return ids.filter((id, at) => id && !isRetiredAnalyticsId(id) && ids.indexOf(id) === at);
}
