import { z } from 'zod';
import { publicSiteScripts, type siteScripts } from './api.ts';
import { googleAnalyticsIds } from './marketing-rules.ts';

/**
 * Marketing scripts (§3.2, §4, §7, §8): what an owner configures, what a shopper's page may load because of it, and
 * the events the store reports to the pixels and, server-side, to the Conversions API.
 */

export { publicSiteScripts };
export type PublicSiteScripts = z.infer<typeof publicSiteScripts>;
export type SiteScripts = z.infer<typeof siteScripts>;

/** The share host of the live chat (its "chat link") and the host its embed script is served from (§7). */
export const LIVE_CHAT_SHARE_HOST = 'tawk.to';
export const LIVE_CHAT_EMBED_HOST = 'embed.tawk.to';

/**
 * The live chat's embed script address from what the owner pasted: the share link `https://tawk.to/chat/{property}/{widget}`
 * is rewritten to `https://embed.tawk.to/{property}/{widget}` (§7); an embed address stays; a bare `{property}/{widget}`
 * becomes the embed address. Anything else is null (nothing is loaded).
 */
export function liveChatEmbedUrl(liveChatID: string): string | null {
  const text = liveChatID.trim();
  const bare = /^([A-Za-z0-9]+)\/([A-Za-z0-9]+)$/.exec(text);
  if (bare) return `https://${LIVE_CHAT_EMBED_HOST}/${bare[1]}/${bare[2]}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const parts = url.pathname.split('/').filter(Boolean);
  if (url.hostname === LIVE_CHAT_SHARE_HOST && parts[0] === 'chat' && parts.length === 3)
    return `https://${LIVE_CHAT_EMBED_HOST}/${parts[1]}/${parts[2]}`;
  if (url.hostname === LIVE_CHAT_EMBED_HOST && parts.length === 2) return `https://${LIVE_CHAT_EMBED_HOST}/${parts[0]}/${parts[1]}`;
  return null;
}

/**
 * One extra script of `customScript` (§7): an https address to load, or inline code. `customScript` holds JSON text
 * of one such item or a list of them.
 */
export const customScriptItem = z
  .object({
    src: z
      .string()
      .max(2000)
      .refine((src) => /^https:\/\/[^/\s]+/.test(src), 'must be an https address')
      .optional(),
    content: z.string().max(20_000).optional(),
    async: z.boolean().optional(),
    defer: z.boolean().optional(),
    id: z
      .string()
      .regex(/^[A-Za-z][\w-]{0,63}$/)
      .optional(),
  })
  .strict()
  .refine((item) => Boolean(item.src) !== Boolean(item.content), 'must have either src or content');
export type CustomScriptItem = z.infer<typeof customScriptItem>;

/** `customScript` parsed: one item or a list. A parse failure throws (the page logs it and loads nothing of it, §8). */
export function parseCustomScript(text: string): CustomScriptItem[] {
  const parsed: unknown = JSON.parse(text);
  return z.union([customScriptItem.transform((item) => [item]), z.array(customScriptItem).max(20)]).parse(parsed);
}

/** The most custom scripts a store may have. */
export const MAX_CUSTOM_SCRIPTS = 20;

/**
 * The custom scripts as the studio edits them, a list of entries; each problem's message names its entry ("Script 2:
 * the address must be an https address"), and its path is the entry's index. Saved as `customScript`'s JSON list.
 */
export const customScriptList = z
  .array(z.unknown())
  .max(MAX_CUSTOM_SCRIPTS, `at most ${MAX_CUSTOM_SCRIPTS} scripts`)
  .superRefine((items, ctx) => {
    items.forEach((item, index) => {
      const checked = customScriptItem.safeParse(item);
      if (checked.success) return;
      const issue = checked.error.issues[0]!;
      const part = { src: 'the address ', content: 'the code ', id: 'the id ' }[String(issue.path[0])] ?? '';
      const message =
        issue.path[0] === 'id'
          ? 'must start with a letter: letters, digits, - or _, up to 64'
          : issue.path.length === 0 && issue.code === 'custom'
            ? 'needs either an address or code'
            : issue.message;
      ctx.addIssue({ code: 'custom', path: [index], message: `Script ${index + 1}: ${part}${message}` });
    });
  })
  .transform((items) => items as CustomScriptItem[]);

/** `customScript`'s JSON text for a list of entries: empty for none, else the list (one item or a list is read back alike). */
export function customScriptText(items: readonly CustomScriptItem[]): string {
  return items.length ? JSON.stringify(items) : '';
}

/** The origins a page with this configuration may load scripts from, connect to and frame, for its Content-Security-Policy. */
export interface MarketingSources {
  script: string[];
  connect: string[];
  frame: string[];
}

/**
 * Exactly the outside origins the configured scripts need (§3.2): each service's own script host, where its tags send
 * their data, and the tag manager's noscript frame. Nothing is allowed for a service that is not configured.
 */
export function marketingSources(scripts: PublicSiteScripts | null | undefined): MarketingSources {
  const script = new Set<string>();
  const connect = new Set<string>();
  const frame = new Set<string>();
  if (!scripts) return { script: [], connect: [], frame: [] };
  if (scripts.tagManagerID) {
    script.add('https://www.googletagmanager.com');
    frame.add('https://www.googletagmanager.com');
    connect.add('https://www.google-analytics.com').add('https://*.google-analytics.com');
  }
  if (googleAnalyticsIds(scripts).length > 0) {
    script.add('https://www.googletagmanager.com');
    connect.add('https://www.google-analytics.com').add('https://*.google-analytics.com').add('https://*.analytics.google.com');
  }
  if (scripts.facebookPixelID) {
    script.add('https://connect.facebook.net');
    connect.add('https://www.facebook.com').add('https://connect.facebook.net');
  }
  if (scripts.tiktokPixelID) {
    script.add('https://analytics.tiktok.com');
    connect.add('https://analytics.tiktok.com');
  }
  if (scripts.adRollID && scripts.adRollPixelID) {
    script.add('https://s.adroll.com');
    connect.add('https://d.adroll.com');
  }
  if (scripts.liveChatID && liveChatEmbedUrl(scripts.liveChatID)) {
    script.add(`https://${LIVE_CHAT_EMBED_HOST}`).add('https://cdn.jsdelivr.net');
    connect.add('https://*.tawk.to').add('wss://*.tawk.to');
    frame.add('https://*.tawk.to');
  }
  if (scripts.customScript) {
    try {
      for (const item of parseCustomScript(scripts.customScript)) if (item.src) script.add(new URL(item.src).origin);
    } catch {
      // A customScript that does not parse loads nothing (§8), so it needs nothing.
    }
  }
  return { script: [...script], connect: [...connect], frame: [...frame] };
}

/** The events a page reports to the browser pixels and, with the same event id, to the Conversions API (§7). */
export const pixelEventNames = ['PageView', 'ViewContent', 'AddToCart', 'AddToWishlist', 'InitiateCheckout', 'Search', 'Purchase'] as const;
export type PixelEventName = (typeof pixelEventNames)[number];

/** What an event says about the products concerned; AddToCart carries all of it (§7). Values in the shopper's currency. */
export const pixelCustomData = z
  .object({
    /** The event's id: the browser pixel sends the same, so Meta counts the two as one (deduplication). */
    event_id: z.string().regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'must be 8 to 100 letters, digits, _ . : or -'),
    content_name: z.string().max(300).optional(),
    content_ids: z.array(z.string().max(100)).max(100).optional(),
    content_type: z.enum(['product', 'product_group']).optional(),
    value: z.number().nonnegative().max(1e9).optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code')
      .optional(),
    category: z.string().max(300).optional(),
    brand: z.string().max(300).optional(),
    search_string: z.string().max(300).optional(),
    num_items: z.number().int().nonnegative().max(10_000).optional(),
  })
  .strict();
export type PixelCustomData = z.infer<typeof pixelCustomData>;

/**
 * `POST /api/facebook/capi` (§7): a page's event, sent on by the server with the store's own pixel id and token (read
 * from its configuration, never from the browser). A Purchase is not taken from a browser: the server reports each
 * order's once, itself, when it is placed.
 */
export const capiRequest = z
  .object({
    event_name: z.enum(pixelEventNames.filter((name) => name !== 'Purchase') as [PixelEventName, ...PixelEventName[]], {
      error:
        'must be one of PageView, ViewContent, AddToCart, AddToWishlist, InitiateCheckout, Search (a Purchase is reported by the store itself)',
    }),
    action_source: z.literal('website'),
    url: z
      .string()
      .max(2000)
      .refine((url) => /^https?:\/\//.test(url), 'must be an http or https address'),
    custom_data: pixelCustomData,
  })
  .strict();
export type CapiRequest = z.input<typeof capiRequest>;

/** `sent` is false when the store has no pixel or no Conversions API token configured (nothing to do, not an error). */
export const capiAnswer = z.object({ data: z.object({ sent: z.boolean() }) });

/** The store's marketing settings as the studio's Store panel reads them: the token is never sent back, only whether it is set. */
export const studioMarketingAnswer = z.object({
  data: z.object({
    scripts: publicSiteScripts,
    hasFacebookPixelToken: z.boolean(),
    /** Whether shoppers are asked for consent before any marketing script, pixel or cookie (§4 Consent Mode). */
    consentBanner: z.boolean(),
  }),
});
export type StudioMarketingSettings = z.infer<typeof studioMarketingAnswer>['data'];

const scriptId = (pattern: RegExp, example: string) =>
  z
    .string()
    .trim()
    .max(100)
    .refine((value) => value === '' || pattern.test(value), `must look like ${example}`)
    .optional();

/**
 * `POST /api/Studio/SaveMarketing`. An empty field switches that script off. `facebookPixelToken`: null keeps the
 * saved one, '' removes it, text replaces it. `customScript` must parse (one item or a list, see `customScriptItem`).
 * The retired services' fields (`googleAnalyticsID`, `addThisID`) are no longer taken: a save drops what they held.
 */
export const saveMarketingRequest = z
  .object({
    scripts: z
      .object({
        facebookPixelID: scriptId(/^\d{5,20}$/, '1234567890123456'),
        tiktokPixelID: scriptId(/^[A-Z0-9]{8,30}$/, 'C4ABCDEFGH12345678'),
        tagManagerID: scriptId(/^GTM-[A-Z0-9]{4,12}$/, 'GTM-ABC1234'),
        gA4ID: scriptId(/^G-[A-Z0-9]{4,16}$/, 'G-ABCDEF1234'),
        adRollID: scriptId(/^[A-Z0-9]{10,40}$/, 'ABCDEFGHIJ1234567890'),
        adRollPixelID: scriptId(/^[A-Z0-9]{10,40}$/, 'ABCDEFGHIJ1234567890'),
        liveChatID: z
          .string()
          .trim()
          .max(300)
          .refine(
            (value) => value === '' || liveChatEmbedUrl(value) !== null,
            'must be the chat link, like https://tawk.to/chat/abc123/def456',
          )
          .optional(),
        fbLoginID: scriptId(/^\d{5,20}$/, '1234567890123456'),
        googleLoginID: scriptId(/^[\w.-]{10,120}$/, '123-abc.apps.googleusercontent.com'),
        customScript: z
          .string()
          .trim()
          .max(50_000)
          .superRefine((value, ctx) => {
            if (value === '') return;
            let parsed: unknown;
            try {
              parsed = JSON.parse(value);
            } catch {
              ctx.addIssue({
                code: 'custom',
                message: 'must be JSON: one {"src": "https://…"} or {"content": "…"} item, or a list of them',
              });
              return;
            }
            // One item or a list; each problem names its entry ("Script 2: …"), as the studio's list shows them.
            const checked = customScriptList.safeParse(Array.isArray(parsed) ? parsed : [parsed]);
            for (const issue of checked.error?.issues ?? []) ctx.addIssue({ code: 'custom', message: issue.message });
          })
          .optional(),
        facebookCatalog: scriptId(/^\d{5,20}$/, '1234567890123456'),
      })
      .strict(),
    facebookPixelToken: z.string().trim().max(500).nullable(),
    consentBanner: z.boolean(),
  })
  .strict();
export type SaveMarketingRequest = z.input<typeof saveMarketingRequest>;
