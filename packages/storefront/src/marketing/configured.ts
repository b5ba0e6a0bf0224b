import type { PublicSiteScripts } from '@vitrine/commerce';
import { googleAnalyticsIds } from '@vitrine/commerce/marketing-rules';
import { loaderDataOf, type ServerData } from '../server-data.ts';
import type { MarketingSite } from './runtime.client.ts';

/**
 * The §3.2 fields that put something on a shopper's page (the sign-in ids and the catalog id load nothing, nor do the
 * retired services': AddThis, and Universal Analytics ids in `googleAnalyticsID`, whose GA4 ids count below).
 */
const loading = [
  'tagManagerID',
  'gA4ID',
  'facebookPixelID',
  'tiktokPixelID',
  'adRollID',
  'liveChatID',
  'customScript',
] as const satisfies readonly (keyof PublicSiteScripts)[];

/**
 * Whether a store's scripts configuration loads anything: a configuration of only sign-in ids (or only a Conversions
 * API token) is none for a shopper's page, which then asks no consent and injects nothing (§4).
 */
export function loadsScripts(scripts: PublicSiteScripts | null | undefined): scripts is PublicSiteScripts {
  return Boolean(scripts && (loading.some((key) => scripts[key]?.trim()) || googleAnalyticsIds(scripts).length > 0));
}

/**
 * The store's site config, when its scripts put something on its pages (§4), read from the data the page carries; null
 * for a store without.
 */
export function marketingOf(serverData: ServerData | null): MarketingSite | null {
  const site = (loaderDataOf(serverData)?.['root'] as { site?: MarketingSite } | undefined)?.site;
  return site && loadsScripts(site.scripts) ? site : null;
}
