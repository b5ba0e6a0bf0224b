import { googleAnalyticsIds, liveChatEmbedUrl, parseCustomScript, type PublicSiteScripts } from '@vitrine/commerce';

/**
 * The tags a store's marketing configuration puts on a shopper's page (§3.2, §7), as data: the server writes them inert
 * at the end of the body (`marketingHead`), and the page's marketing runtime puts them in when consent allows. Inline
 * code only sets up each service's queue; every service's own file loads from a separate tag, after the page, so none
 * of them delays rendering and the page's Content-Security-Policy sees each address it loads.
 */
export type MarketingTag = { kind: 'src'; src: string; defer?: boolean; id?: string } | { kind: 'inline'; code: string; id?: string };

/** A value as a JavaScript string literal that is also safe inside an HTML script element. */
export function jsString(value: string): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const q = encodeURIComponent;

/** Defines `gtag` (Google's tags and Consent Mode read the same dataLayer) without replacing one already there. */
const GTAG_STUB = 'window.dataLayer=window.dataLayer||[];window.gtag=window.gtag||function(){dataLayer.push(arguments)};';

/** The Consent Mode defaults (§4): everything denied until the shopper accepts; written before any tag. */
export function consentDefaultsCode(granted: boolean): string {
  const denied = "{ad_storage:'denied',analytics_storage:'denied',ad_user_data:'denied',ad_personalization:'denied'}";
  return `${GTAG_STUB}gtag('consent','default',${denied});${granted ? `gtag('consent','update',${CONSENT_GRANTED});` : ''}`;
}

export const CONSENT_GRANTED = "{ad_storage:'granted',analytics_storage:'granted',ad_user_data:'granted',ad_personalization:'granted'}";

/** The tag manager's frame for browsers without JavaScript, or null when no tag manager is configured. */
export function tagManagerFrameUrl(scripts: PublicSiteScripts): string | null {
  const id = scripts.tagManagerID?.trim();
  return id ? `https://www.googletagmanager.com/ns.html?id=${q(id)}` : null;
}

/**
 * The tags, in the order they go on the page. The Facebook pixel's first PageView gets its event id in the browser (a
 * page may be served from the guest page cache to many shoppers) and leaves it on its tag as `data-vt-page-view`, for
 * the page to report the same PageView to the Conversions API (Meta counts the two as one).
 * `onCustomScriptError` hears of a `customScript` that does not parse (§8): it loads nothing, the rest loads.
 */
export function marketingTags(scripts: PublicSiteScripts, onCustomScriptError: (error: unknown) => void): MarketingTag[] {
  const tags: MarketingTag[] = [];
  const id = (value: string | undefined) => value?.trim() || '';

  const gtm = id(scripts.tagManagerID);
  if (gtm) {
    tags.push({ kind: 'inline', code: `${GTAG_STUB}dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});` });
    tags.push({ kind: 'src', src: `https://www.googletagmanager.com/gtm.js?id=${q(gtm)}` });
  }

  // Never a retired Universal Analytics `UA-…` id a store may still have saved.
  const analytics = googleAnalyticsIds(scripts);
  if (analytics.length > 0) {
    tags.push({ kind: 'src', src: `https://www.googletagmanager.com/gtag/js?id=${q(analytics[0]!)}` });
    tags.push({
      kind: 'inline',
      code: `${GTAG_STUB}gtag('js',new Date());${analytics.map((tag) => `gtag('config',${jsString(tag)});`).join('')}`,
    });
  }

  const facebook = id(scripts.facebookPixelID);
  if (facebook) {
    tags.push({
      kind: 'inline',
      code:
        '!function(f){if(f.fbq)return;var n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};' +
        "if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[]}(window);" +
        `fbq('init',${jsString(facebook)});` +
        "var i='pageview-'+Array.prototype.map.call(crypto.getRandomValues(new Uint8Array(12)),function(b){return(b+256).toString(16).slice(1)}).join('');" +
        "if(document.currentScript)document.currentScript.setAttribute('data-vt-page-view',i);fbq('track','PageView',{},{eventID:i});",
    });
    tags.push({ kind: 'src', src: 'https://connect.facebook.net/en_US/fbevents.js' });
  }

  const tiktok = id(scripts.tiktokPixelID);
  if (tiktok) {
    // TikTok's own loader, less the part that writes its script tag (written below, async and nonce'd).
    tags.push({
      kind: 'inline',
      code:
        "!function(w,t,e){w.TiktokAnalyticsObject=t;var ttq=w[t]=w[t]||[];ttq.methods=['page','track','identify','instances','debug','on','off','once','ready','alias','group','enableCookie','disableCookie','holdConsent','revokeConsent','grantConsent'];" +
        'ttq.setAndDefer=function(t,e){t[e]=function(){t.push([e].concat(Array.prototype.slice.call(arguments,0)))}};' +
        'for(var i=0;i<ttq.methods.length;i++)ttq.setAndDefer(ttq,ttq.methods[i]);' +
        'ttq.instance=function(t){for(var e=ttq._i[t]||[],n=0;n<ttq.methods.length;n++)ttq.setAndDefer(e,ttq.methods[n]);return e};' +
        "ttq._i=ttq._i||{};ttq._i[e]=[];ttq._i[e]._u='https://analytics.tiktok.com/i18n/pixel/events.js';ttq._t=ttq._t||{};ttq._t[e]=+new Date;ttq._o=ttq._o||{};ttq._o[e]={};" +
        `ttq.page()}(window,'ttq',${jsString(tiktok)});`,
    });
    tags.push({ kind: 'src', src: `https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=${q(tiktok)}&lib=ttq` });
  }

  const adRoll = id(scripts.adRollID);
  const adRollPixel = id(scripts.adRollPixelID);
  if (adRoll && adRollPixel) {
    tags.push({
      kind: 'inline',
      code:
        `window.adroll_adv_id=${jsString(adRoll)};window.adroll_pix_id=${jsString(adRollPixel)};window.adroll_version='2.0';` +
        "(function(w){w.__adroll_loaded=true;w.adroll=w.adroll||[];w.adroll.f=['setProperties','identify','track'];" +
        'for(var a=0;a<w.adroll.f.length;a++){w.adroll[w.adroll.f[a]]=w.adroll[w.adroll.f[a]]||(function(n){return function(){w.adroll.push([n,arguments])}})(w.adroll.f[a])}})(window);' +
        "adroll.track('pageView');",
    });
    tags.push({ kind: 'src', src: `https://s.adroll.com/j/${q(adRoll)}/roundtrip.js` });
  }

  // AddThis is shut down: a stored `addThisID` loads nothing.

  const chat = scripts.liveChatID ? liveChatEmbedUrl(scripts.liveChatID) : null;
  if (chat) {
    tags.push({ kind: 'inline', code: 'window.Tawk_API=window.Tawk_API||{};window.Tawk_LoadStart=new Date();' });
    tags.push({ kind: 'src', src: chat });
  }

  if (scripts.customScript?.trim()) {
    try {
      for (const item of parseCustomScript(scripts.customScript)) {
        if (item.src)
          tags.push({ kind: 'src', src: item.src, ...(item.defer ? { defer: true } : {}), ...(item.id ? { id: item.id } : {}) });
        else if (item.content) tags.push({ kind: 'inline', code: item.content, ...(item.id ? { id: item.id } : {}) });
      }
    } catch (error) {
      onCustomScriptError(error);
    }
  }
  return tags;
}
