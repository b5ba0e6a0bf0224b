import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_SECONDS,
  decimalAmount,
  type CapiRequest,
  type ConsentChoice,
  type Currency,
  type marketingEndpoints,
  type PixelCustomData,
  type PixelEventName,
  type PublicSiteScripts,
  type WebConfig,
} from '@vitrine/commerce';
import { googleAnalyticsIds } from '@vitrine/commerce/marketing-rules';
import { keptState } from '../client/kept-state.ts';
import { connectMarketing, marketingEvent, type MarketingFacts } from './emitter.ts';
import { CONSENT_BANNER_ID, CONSENT_SETTINGS, MARKETING_TAGS_ID, UNPARSED_CUSTOM_SCRIPT } from './marks.ts';
import { pageEventsOf } from './page-events.ts';

/**
 * The marketing runtime (§4 Script injection, §7): loaded by a shopper page of a store with scripts configured, as the
 * page loads and apart from the app, so a page the shopper only reads is reported as one they use. It puts the store's
 * tags in when consent allows (the services' queues at once, their files once the page has loaded), answers the
 * consent banner the server drew, and reports the pages' events to the configured pixels and to the Conversions API
 * with one event id. Small: no schema library, no React.
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

/** The shopper's choice on the consent banner, as its cookie keeps it; null before they chose. */
function readConsent(): ConsentChoice | null {
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
  return { ...rest, value: decimalAmount(amount, currency), currency: code };
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
  const hasGoogle = googleAnalyticsIds(scripts).length > 0;
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

const GRANTED = { ad_storage: 'granted', analytics_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' };
const DENIED = { ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' };

/** What the runtime reads of the store, as the page's root data carries it. */
export type MarketingSite = Pick<WebConfig, 'scripts' | 'consentBanner' | 'currency' | 'currencies'>;

export interface MarketingPage {
  site: MarketingSite;
  /** The `store` parameter (§2.8) the page was opened with, carried on each Conversions API call. */
  store?: string | undefined;
  /** The data of the first page's routes: its events are reported as the runtime starts. */
  routeData: readonly unknown[];
}

/** The shopper's currency as the shop shows prices: the one they chose if the store still offers it, else the store's. */
function shopperCurrency(site: MarketingSite): Currency {
  const chosen = keptState('vt.session')['currency'] as Partial<Currency> | null | undefined;
  return site.currencies.find((c) => c.currencyAbbreviation === chosen?.currencyAbbreviation) ?? site.currency;
}

const CAPI_PATH: (typeof marketingEndpoints)['capi']['path'] = '/api/facebook/capi';

/** Hands an event to the store's Conversions API relay (§7); kept alive, so one sent as the shopper leaves still goes. */
async function relay(body: CapiRequest, store: string | undefined): Promise<void> {
  const response = await fetch(store ? `${CAPI_PATH}?store=${encodeURIComponent(store)}` : CAPI_PATH, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  });
  if (!response.ok) throw new Error(`The Conversions API relay answered ${response.status}`);
}

/** Runs `work` once the page has loaded: what the shopper sees first never waits on a marketing file. */
function afterLoad(work: () => void) {
  if (document.readyState === 'complete') work();
  else window.addEventListener('load', () => work(), { once: true });
}

/**
 * Puts the store's tags in, once, from the inert template the server wrote: the inline ones (each service's queue,
 * which takes events from now on) at once, the services' files once the page has loaded. Each keeps the nonce the
 * server gave it, which the page's Content-Security-Policy names. False when there is nothing (left) to put in.
 */
function putTagsIn(): boolean {
  const template = document.getElementById(MARKETING_TAGS_ID);
  if (!(template instanceof HTMLTemplateElement)) return false;
  template.remove();
  if (template.hasAttribute(UNPARSED_CUSTOM_SCRIPT)) console.error('Vitrine: the store’s customScript does not parse and is not loaded');
  const files: HTMLScriptElement[] = [];
  for (const tag of template.content.querySelectorAll('script')) {
    const script = document.createElement('script');
    for (const { name, value } of tag.attributes) if (name !== 'nonce') script.setAttribute(name, value);
    if (tag.nonce) script.nonce = tag.nonce;
    if (tag.hasAttribute('src')) files.push(script);
    else {
      script.textContent = tag.textContent;
      document.head.append(script);
    }
  }
  afterLoad(() => document.head.append(...files));
  return true;
}

/** Starts reporting for the page: its tags go in when consent allows, its own events go out, and later pages' follow. */
export function startMarketing({ site, store, routeData }: MarketingPage): void {
  const scripts = site.scripts;
  if (!scripts) return connectMarketing(false);
  const granted = () => !site.consentBanner || readConsent() === 'granted';
  const logFailure = (error: unknown) => console.error('Vitrine: a marketing event was not reported', error);

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
    if (calls.capi) relay(calls.capi, store).catch(logFailure);
  };
  /**
   * The tags put in: the pixel's tag sent the page's PageView with an id it left on itself (`data-vt-page-view`); the
   * Conversions API hears of it with the same id.
   */
  const tagsIn = () => {
    if (!putTagsIn()) return;
    const eventId = document.querySelector<HTMLScriptElement>('script[data-vt-page-view]')?.dataset.vtPageView;
    const calls = eventId ? pixelCalls(scripts, 'PageView', {}, eventId, window.location.href) : null;
    if (calls?.capi) relay(calls.capi, store).catch(logFailure);
  };

  connectMarketing(report);
  if (granted()) tagsIn();
  // The page's other events (a product's ViewContent, a search's Search); its PageView went with the tags.
  for (const event of pageEventsOf(window.location.pathname, routeData))
    if (event.name !== 'PageView') marketingEvent(event.name, event.facts);

  const banner = document.getElementById(CONSENT_BANNER_ID);
  if (!banner) return;
  const choose = (choice: ConsentChoice) => {
    banner.remove();
    window.gtag?.('consent', 'update', choice === 'granted' ? GRANTED : DENIED);
    // A page drawn before the shopper accepted carries the tags to put in; one drawn after they declined has none, and
    // the pages after it carry them. Declined, no event of this runtime goes out from now on (`granted` reads the cookie).
    if (choice === 'granted') tagsIn();
  };
  // Chosen in another tab since the server drew this page: the banner goes, and what was accepted comes.
  const chosen = readConsent();
  if (chosen && !banner.hidden) choose(chosen);
  // A shopper who chose before gets it hidden, kept for "Cookie settings".
  if (banner.hidden) {
    banner.remove();
    banner.hidden = false;
  }
  banner.addEventListener('click', (event) => {
    const choice = (event.target as Element | null)?.closest('[data-vt-consent-choice]')?.getAttribute('data-vt-consent-choice');
    if (choice !== 'granted' && choice !== 'denied') return;
    writeConsent(choice);
    choose(choice);
  });
  // The footer's "Cookie settings" (issue 33): the choice can be changed at any time, on the same banner it was made on.
  document.addEventListener('click', (event) => {
    if (!(event.target as Element | null)?.closest?.(`[${CONSENT_SETTINGS}]`)) return;
    event.preventDefault();
    if (!banner.isConnected && !document.getElementById(CONSENT_BANNER_ID)) document.body.append(banner);
    banner.querySelector<HTMLElement>(`[data-vt-consent-choice="${readConsent() === 'denied' ? 'granted' : 'denied'}"]`)?.focus();
  });
}
