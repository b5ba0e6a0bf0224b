import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_SECONDS,
  convertedUnits,
  displayDecimals,
  marketingEndpoints,
  parseCustomScript,
  type CapiRequest,
  type Currency,
  type PixelCustomData,
  type PixelEventName,
  type PublicSiteScripts,
  type WebConfig,
} from '@vitrine/commerce';
import type { ApiClient } from '../client/api-client.ts';
import { useSession } from '../client/session.ts';
import { connectMarketing, type MarketingFacts } from './emitter.ts';
import { marketingTags, type MarketingTag } from './tags.ts';

/**
 * The marketing runtime, loaded only on a store with scripts configured: reports the pages' events to the configured
 * pixels and to the Conversions API with one event id, and, with the consent banner on, loads the scripts once the
 * shopper accepts.
 */

type Pixel = (...args: unknown[]) => void;
declare global {
  interface Window {
    fbq?: Pixel;
    ttq?: { track: Pixel; page: Pixel };
    gtag?: Pixel;
    dataLayer?: unknown[];
  }
}

export type ConsentChoice = 'granted' | 'denied';

export function readConsent(): ConsentChoice | null {
  const value = document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === CONSENT_COOKIE)?.[1];
  return value === 'granted' || value === 'denied' ? value : null;
}

function writeConsent(choice: ConsentChoice) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_COOKIE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

/** The event's data in the shopper's currency: the amount a page gives in the store's minor units, converted as shown. */
export function customDataOf(facts: MarketingFacts, currency: Currency): Omit<PixelCustomData, 'event_id'> {
  const { amount, value, currency: own, ...rest } = facts;
  if (value !== undefined) return { ...rest, value, currency: own ?? currency.currencyAbbreviation };
  if (amount === undefined) return rest;
  const code = currency.currencyAbbreviation;
  return { ...rest, value: convertedUnits(amount, currency) / 10 ** displayDecimals(code), currency: code };
}

const tiktokNames: Partial<Record<PixelEventName, string>> = { Purchase: 'CompletePayment' };
const googleNames: Record<PixelEventName, string | null> = {
  // GA4 counts page views itself (its enhanced measurement follows the address), so the page reports none.
  PageView: null,
  ViewContent: 'view_item',
  AddToCart: 'add_to_cart',
  AddToWishlist: 'add_to_wishlist',
  InitiateCheckout: 'begin_checkout',
  Search: 'search',
  Purchase: 'purchase',
};

/** What each configured service is told of one event: the calls to make, as data (the same event id in each). */
export function pixelCalls(
  scripts: PublicSiteScripts,
  name: PixelEventName,
  data: Omit<PixelCustomData, 'event_id'>,
  eventId: string,
  url: string,
) {
  const ids = data.content_ids ?? [];
  const google = googleNames[name];
  const hasGoogle = Boolean(scripts.gA4ID?.trim() || scripts.googleAnalyticsID?.trim());
  const orderCode = name === 'Purchase' ? eventId.replace(/^purchase-/, '') : undefined;
  const capi: CapiRequest | null =
    scripts.facebookPixelID?.trim() && name !== 'Purchase'
      ? { event_name: name, action_source: 'website', url, custom_data: { event_id: eventId, ...data } }
      : null;
  return {
    facebook: scripts.facebookPixelID?.trim() ? ['track', name, data, { eventID: eventId }] : null,
    tiktok: scripts.tiktokPixelID?.trim()
      ? name === 'PageView'
        ? ['page']
        : [
            'track',
            tiktokNames[name] ?? name,
            {
              contents: ids.map((id) => ({
                content_id: id,
                content_type: data.content_type ?? 'product',
                ...(data.content_name ? { content_name: data.content_name } : {}),
                ...(data.brand ? { brand: data.brand } : {}),
                ...(data.category ? { content_category: data.category } : {}),
              })),
              ...(data.value !== undefined ? { value: data.value, currency: data.currency } : {}),
              ...(data.search_string ? { query: data.search_string } : {}),
            },
            { event_id: eventId },
          ]
      : null,
    google:
      hasGoogle && google
        ? [
            'event',
            google,
            {
              event_id: eventId,
              ...(data.value !== undefined ? { value: data.value, currency: data.currency } : {}),
              ...(data.search_string ? { search_term: data.search_string } : {}),
              ...(orderCode ? { transaction_id: orderCode } : {}),
              items: ids.map((id) => ({
                item_id: id,
                ...(data.content_name ? { item_name: data.content_name } : {}),
                ...(data.brand ? { item_brand: data.brand } : {}),
                ...(data.category ? { item_category: data.category } : {}),
              })),
            },
          ]
        : null,
    tagManager: scripts.tagManagerID?.trim() ? { event: name, event_id: eventId, ...data } : null,
    capi,
  };
}

/** The shopper's currency as the shop shows prices: the one they chose if the store still offers it, else the store's. */
function shopperCurrency(site: WebConfig): Currency {
  const chosen = useSession.getState().currency;
  return site.currencies.find((c) => c.currencyAbbreviation === chosen?.currencyAbbreviation) ?? site.currency;
}

/** Creates the tags as the server writes them; inline ones carry the nonce of the page's own (the policy's). */
function loadTags(tags: readonly MarketingTag[]) {
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
  for (const tag of tags) {
    const script = document.createElement('script');
    if (nonce) script.nonce = nonce;
    if (tag.id) script.id = tag.id;
    script.dataset.vtMarketing = '';
    if (tag.kind === 'src') {
      if (tag.defer) script.defer = true;
      else script.async = true;
      script.src = tag.src;
    } else script.textContent = tag.code;
    document.head.append(script);
  }
}

const GRANTED = { ad_storage: 'granted', analytics_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' };

export interface MarketingControls {
  /** Whether the shopper is still to be asked (the banner shows). */
  ask: boolean;
  accept(): void;
  decline(): void;
}

/** Starts reporting for the page: what the server loaded is used, and what consent still withholds waits for it. */
export function startMarketing(site: WebConfig, api: ApiClient): MarketingControls {
  const scripts = site.scripts!;
  const granted = () => !site.consentBanner || readConsent() === 'granted';
  const logFailure = (error: unknown) => console.error('Vitrine: a marketing event was not reported', error);
  const logScriptError = (error: unknown) => console.error('Vitrine: the store’s customScript does not parse and is not loaded', error);
  if (scripts.customScript?.trim()) {
    try {
      parseCustomScript(scripts.customScript);
    } catch (error) {
      logScriptError(error);
    }
  }

  const report = (name: PixelEventName, facts: MarketingFacts, eventId: string) => {
    if (!granted()) return;
    const calls = pixelCalls(scripts, name, customDataOf(facts, shopperCurrency(site)), eventId, window.location.href);
    try {
      if (calls.facebook) window.fbq?.(...calls.facebook);
      if (calls.tiktok) {
        const [method, ...args] = calls.tiktok as ['page' | 'track', ...unknown[]];
        window.ttq?.[method](...args);
      }
      if (calls.google) window.gtag?.(...calls.google);
      if (calls.tagManager) (window.dataLayer ??= []).push(calls.tagManager);
    } catch (error) {
      logFailure(error);
    }
    if (calls.capi) api.request(marketingEndpoints.capi, { body: calls.capi }).catch(logFailure);
  };
  // The page's first PageView went to the pixel with the tags; the Conversions API hears of it with the same id.
  const firstPageView = (eventId: string | undefined) => {
    if (eventId && scripts.facebookPixelID?.trim() && granted()) {
      const calls = pixelCalls(scripts, 'PageView', {}, eventId, window.location.href);
      if (calls.capi) api.request(marketingEndpoints.capi, { body: calls.capi }).catch(logFailure);
    }
  };
  const pageViewOfTags = () => document.querySelector<HTMLScriptElement>('script[data-vt-page-view]')?.dataset.vtPageView;
  const load = () => {
    loadTags(marketingTags(scripts, logScriptError));
    firstPageView(pageViewOfTags());
  };

  connectMarketing(report);
  if (granted()) {
    // Accepted in another tab after the server wrote this page: the tags come now.
    if (!document.querySelector('script[data-vt-marketing]')) load();
    else firstPageView(pageViewOfTags());
  }
  return {
    ask: site.consentBanner && readConsent() === null,
    accept() {
      writeConsent('granted');
      window.gtag?.('consent', 'update', GRANTED);
      if (!document.querySelector('script[data-vt-marketing]')) load();
    },
    decline() {
      writeConsent('denied');
    },
  };
}
