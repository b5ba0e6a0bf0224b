import { themeDocument, type Currency, type WebConfig } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';

/** Why a domain has no store config (§8). */
export type SiteLookup = { ok: true; webId: number } | { ok: false; code: 'CODE_0001' | 'CODE_0002' };

/** The site a domain belongs to: CODE_0001 when the domain is unknown, CODE_0002 when it is not linked to a store. */
export async function findSite(db: Db, domain: string): Promise<SiteLookup> {
  const name = domain.toLowerCase();
  let known = knownSites.get(db);
  if (!known) knownSites.set(db, (known = new Map()));
  const hit = known.get(name);
  if (hit && hit.until > Date.now()) return { ok: true, webId: hit.webId };
  const row = await db.selectFrom('site_domains').select('web_id').where('domain', '=', name).executeTakeFirst();
  if (!row) return { ok: false, code: 'CODE_0001' };
  if (row.web_id === null) return { ok: false, code: 'CODE_0002' };
  known.set(name, { webId: row.web_id, until: Date.now() + SITE_KEPT_MS });
  return { ok: true, webId: row.web_id };
}

/**
 * Every API call and page first finds its store by domain: a store found is remembered for a few seconds per
 * database, which saves a query on each request. A domain a store gains is found at once (misses are not kept);
 * one it loses stops answering within `SITE_KEPT_MS`.
 */
const SITE_KEPT_MS = 5000;
const knownSites = new WeakMap<Db, Map<string, { webId: number; until: number }>>();

/**
 * The web config of a site (§3.2). `themeId` 0 means the site's live theme; another id renders that theme when it
 * belongs to the site and is live or public (the designs page, `?wtid=`), and falls back to the live theme otherwise.
 */
export async function loadWebConfig(db: Db, webId: number, themeId = 0): Promise<WebConfig | null> {
  const site = await db.selectFrom('sites').selectAll().where('web_id', '=', webId).executeTakeFirst();
  if (!site) return null;
  const [currencies, theme] = await Promise.all([
    db.selectFrom('currencies').selectAll().where('web_id', '=', webId).orderBy('sort').execute(),
    db
      .selectFrom('themes')
      .select(['theme_id', 'published', 'published_css'])
      .where('web_id', '=', webId)
      .where('published', 'is not', null)
      .where((eb) =>
        themeId > 0
          ? eb.and([eb('theme_id', '=', themeId), eb.or([eb('is_public', '=', true), eb('theme_id', '=', site.active_theme_id)])])
          : eb('theme_id', '=', site.active_theme_id),
      )
      .executeTakeFirst(),
  ]);
  const chosenTheme =
    theme ??
    (themeId > 0
      ? await db
          .selectFrom('themes')
          .select(['theme_id', 'published', 'published_css'])
          .where('web_id', '=', webId)
          .where('theme_id', '=', site.active_theme_id)
          .executeTakeFirst()
      : undefined);
  const offered: Currency[] = currencies.map((c) => ({
    currencyAbbreviation: c.code.trim(),
    currencySymbol: c.symbol,
    currencyRate: c.rate,
  }));
  const base = currencies.find((c) => c.is_default) ?? currencies[0];
  const meta = site.meta ?? {};
  return {
    webID: site.web_id,
    redirectURL: site.redirect_url,
    staticCDN: site.static_cdn,
    themeSettings: {
      themeID: chosenTheme?.theme_id ?? 0,
      themeData: JSON.stringify(themeDocument.parse(chosenTheme?.published ?? {})),
      themeCSS: chosenTheme?.published_css ?? '',
    },
    currency: base
      ? { currencyAbbreviation: base.code.trim(), currencySymbol: base.symbol, currencyRate: base.rate }
      : { currencyAbbreviation: site.base_currency.trim(), currencySymbol: site.base_currency.trim(), currencyRate: 1 },
    currencies: offered,
    // The Conversions API token stays on the server (§7): a shopper's page never receives it.
    scripts: site.scripts ? publicScripts(site.scripts) : null,
    consentBanner: site.consent_banner,
    webTitle: site.title,
    webLink: site.link,
    webMeta: {
      metaTitle: meta.metaTitle ?? site.title,
      metaDesc: meta.metaDesc ?? '',
      metaKeywords: meta.metaKeywords ?? '',
      metaImage: meta.metaImage ?? '',
    },
    isMaintenance: site.is_maintenance,
    mainDomain: site.main_domain,
    subDomain: site.sub_domain,
    isSubDomain: site.is_sub_domain,
    accountMode: site.account_mode,
    contactRequirementMode: site.contact_requirement_mode,
    realtimeDatabase: (site.realtime_database as WebConfig['realtimeDatabase']) ?? null,
  };
}

/** A store's title, as its pages end their document titles (§2.7). */
export async function siteTitle(db: Db, webId: number): Promise<string | null> {
  const row = await db.selectFrom('sites').select('title').where('web_id', '=', webId).executeTakeFirst();
  return row?.title ?? null;
}

/** A store's scripts configuration without what only the server may hold. */
function publicScripts(scripts: Record<string, string>): WebConfig['scripts'] {
  const { facebookPixelToken: _token, ...rest } = scripts;
  return rest;
}
