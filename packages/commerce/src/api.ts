import { z } from 'zod';

/**
 * The contract between the shopper app, the studio and the server: every request and answer that crosses HTTP,
 * as zod schemas. Types are inferred from them, never written twice.
 */

/** An error answer: a stable code, a human message, and the request field at fault when there is one. */
export const apiError = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
});
export type ApiError = z.infer<typeof apiError>;

/** Site-config failure codes (§8). */
export const SiteConfigError = { NoData: 'CODE_0001', NoWebId: 'CODE_0002' } as const;

/** A domain name as the Host header or the `store` parameter gives it. */
export const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253)
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'must be a domain name');

/** `GET /api/Web/GetWebInfo` query (§7). */
export const getWebInfoQuery = z.object({
  Domain: domainName,
  WebThemeID: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a theme id')
    .default('0'),
});

/** Access and refresh tokens (§3.4). */
export const tokenPair = z.object({ accessToken: z.string().min(1).max(2048), refreshToken: z.string().min(1).max(256) });
export type TokenPair = z.infer<typeof tokenPair>;

/** `POST /api/Auth/refresh` body (§7). */
export const refreshBody = tokenPair;

/** What a signed access token carries: the user ("0" for a guest), the site it was issued for, expiry in seconds. */
export const accessTokenPayload = z.object({
  UserID: z.string(),
  WebID: z.number().int().positive(),
  exp: z.number().int(),
  iat: z.number().int(),
  /** A random id, so that two tokens issued in the same second still differ. */
  jti: z.string(),
  /** A customer's session (its refresh family): the token is refused once that session has ended. */
  sid: z.string().optional(),
});
export type AccessTokenPayload = z.infer<typeof accessTokenPayload>;

/**
 * Marketing and analytics scripts an owner may configure (§3.2), all optional. `googleAnalyticsID` (Universal Analytics
 * `UA-…`, or a GA4 id saved there) and `addThisID` are of retired services: stored ones still read, and only a GA4 id
 * loads (see `googleAnalyticsIds`).
 */
export const siteScripts = z.object({
  facebookPixelID: z.string().optional(),
  facebookPixelToken: z.string().optional(),
  tiktokPixelID: z.string().optional(),
  googleAnalyticsID: z.string().optional(),
  tagManagerID: z.string().optional(),
  gA4ID: z.string().optional(),
  adRollID: z.string().optional(),
  adRollPixelID: z.string().optional(),
  addThisID: z.string().optional(),
  liveChatID: z.string().optional(),
  fbLoginID: z.string().optional(),
  googleLoginID: z.string().optional(),
  customScript: z.string().optional(),
  facebookCatalog: z.string().optional(),
});

/** The scripts configuration as a shopper's page receives it: everything but the Conversions API token, which stays on the server. */
export const publicSiteScripts = siteScripts.omit({ facebookPixelToken: true });

/** Public settings of a hosted realtime database (§3.3), present only for sites configured with one. */
export const realtimeDatabaseSettings = z.object({
  apiKey: z.string(),
  authDomain: z.string(),
  projectId: z.string(),
  storageBucket: z.string(),
  messagingSenderId: z.string(),
  appId: z.string(),
  measurementId: z.string(),
  databaseURL: z.string(),
});

export const currency = z.object({
  currencyAbbreviation: z.string().length(3),
  currencySymbol: z.string().min(1).max(8),
  currencyRate: z.number().positive(),
});

/** The web config of a site (§3.2), as `GetWebInfo` answers it. */
export const webConfig = z.object({
  webID: z.number().int().positive(),
  redirectURL: z.string(),
  staticCDN: z.string(),
  themeSettings: z.object({ themeID: z.number().int(), themeData: z.string(), themeCSS: z.string() }),
  currency,
  currencies: z.array(currency),
  scripts: publicSiteScripts.nullable(),
  /** Whether shoppers are asked before any marketing script, pixel or cookie (the owner's choice in the studio). */
  consentBanner: z.boolean(),
  webTitle: z.string(),
  webLink: z.string(),
  webMeta: z.object({ metaTitle: z.string(), metaDesc: z.string(), metaKeywords: z.string(), metaImage: z.string() }),
  isMaintenance: z.boolean(),
  mainDomain: z.string(),
  subDomain: z.string(),
  isSubDomain: z.boolean(),
  accountMode: z.number().int().min(1).max(3),
  contactRequirementMode: z.number().int().min(1).max(6),
  realtimeDatabase: realtimeDatabaseSettings.nullable(),
});
export type WebConfig = z.infer<typeof webConfig>;

/** `GetWebInfo` answer: the config and a fresh guest token pair. */
export const getWebInfoAnswer = z.object({ data: webConfig, tokens: tokenPair });

/** A product as a card in a grid shows it. Prices in minor units of the store's base currency. */
export const productCard = z.object({
  productID: z.number().int(),
  itemName: z.string(),
  productURL: z.string(),
  price: z.number().int(),
  compareAtPrice: z.number().int().nullable(),
  isHidePrice: z.boolean(),
  imageFile: z.string().nullable(),
  imageWidth: z.number().int(),
  imageHeight: z.number().int(),
  brandName: z.string().nullable(),
  rating: z.number(),
  ratingCount: z.number().int(),
  stockStatusID: z.number().int(),
  /** Variants or a required option to choose on its page: a card links there instead of adding it to the cart. */
  needsChoice: z.boolean(),
});
export type ProductCard = z.infer<typeof productCard>;

/** A category as a tile or a menu entry shows it. */
export const categorySummary = z.object({
  categoryID: z.number().int(),
  parentID: z.number().int().nullable(),
  name: z.string(),
  slug: z.string(),
  imageFile: z.string().nullable(),
  productCount: z.number().int(),
});
export type CategorySummary = z.infer<typeof categorySummary>;

/** A brand as a logo strip shows it. */
export const brandSummary = z.object({
  brandID: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logoFile: z.string().nullable(),
});
export type BrandSummary = z.infer<typeof brandSummary>;

/**
 * How a section asks for products: from a category or brand, sorted by one of the sort options, at most `limit`;
 * or, with `ids`, those products in that order (the published ones this store has).
 */
export const productQuery = z.object({
  ids: z.array(z.number().int().positive()).max(48).optional(),
  categoryId: z.number().int().positive().optional(),
  brandId: z.number().int().positive().optional(),
  sort: z.number().int().min(1).max(8).default(1),
  limit: z.number().int().min(1).max(48).default(8),
});
export type ProductQuery = z.input<typeof productQuery>;

/** A design (a public theme of the store, §2.8) as the designs page shows it, with the `wtid` that previews it. */
export const design = z.object({
  themeID: z.number().int(),
  name: z.string(),
  /** The theme id in base64: `/?wtid=…` shows the store in this design. */
  wtid: z.string(),
  isLive: z.boolean(),
  colors: z.object({ brand: z.string(), accent: z.string(), background: z.string(), text: z.string(), surface: z.string() }),
  fonts: z.object({ heading: z.string(), body: z.string() }),
  corners: z.enum(['rounded', 'square']),
});
export type Design = z.infer<typeof design>;
export const designsAnswer = z.object({ data: z.object({ designs: z.array(design) }) });

/** `wtid` for a theme id (§2.8): its digits in base64. */
export function themeWtid(themeId: number): string {
  return btoa(String(themeId));
}
