import { CONSENT_COOKIE, type ConsentChoice, type PublicSiteScripts } from '@vitrine/commerce';
import { loadsScripts } from './configured.ts';
import { CONSENT_BANNER_ID, MARKETING_TAGS_ID, UNPARSED_CUSTOM_SCRIPT } from './marks.ts';
import { consentDefaultsCode, marketingTags, tagManagerFrameUrl, type MarketingTag } from './tags.ts';

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Inline code as the text of a script element: it cannot close the element or open an HTML comment in it. */
const scriptText = (code: string) => code.replace(/<(\/script|!--)/gi, '<\\$1');

/** The shopper's choice on the consent banner, from the request's cookies. */
export function consentOf(cookieHeader: string | null): ConsentChoice | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CONSENT_COOKIE) return value === 'granted' ? 'granted' : value === 'denied' ? 'denied' : null;
  }
  return null;
}

/** A tag as HTML; `marker` lets the page (and tests) find what the server wrote. */
export function tagHtml(tag: MarketingTag, nonce: string, marker = 'data-vt-marketing'): string {
  const n = nonce ? ` nonce="${escapeAttribute(nonce)}"` : '';
  const id = tag.id ? ` id="${escapeAttribute(tag.id)}"` : '';
  if (tag.kind === 'src') return `<script${n}${id} ${marker} ${tag.defer ? 'defer' : 'async'} src="${escapeAttribute(tag.src)}"></script>`;
  return `<script${n}${id} ${marker}>${scriptText(tag.code)}</script>`;
}

const loggedFailures = new Set<string>();

export interface MarketingHeadInput {
  scripts: PublicSiteScripts | null;
  consentBanner: boolean;
  /** The request's Cookie header: a shopper who accepted gets the tags with the page. */
  cookieHeader: string | null;
  /** This response's Content-Security-Policy nonce, on every tag written. */
  nonce: string;
  /** The studio's preview frame (§3.1 is_builder): nothing is injected (§4). */
  builder: boolean;
}

/**
 * The consent banner (§4 Consent Mode), drawn by the server for a shopper not yet asked, outside the app's root: the
 * marketing runtime answers its buttons, with or without the app. Fixed at the bottom of the window, so nothing on the
 * page moves when it comes or goes; it takes no focus, and both buttons are reached with Tab.
 */
export const CONSENT_BANNER_HTML =
  `<section id="${CONSENT_BANNER_ID}" class="vt-consent" aria-labelledby="vt-consent-title"><div class="vt-consent-inner">` +
  '<div class="vt-consent-text"><h2 id="vt-consent-title" class="vt-consent-title">Cookies and ads</h2>' +
  '<p>With your consent this store uses advertising and analytics partners’ cookies and scripts to measure visits and show you ' +
  'relevant ads. Nothing of theirs loads unless you accept; you can decline and shop just the same.</p></div>' +
  '<div class="vt-consent-actions">' +
  '<button type="button" class="vt-btn vt-btn-outline vt-btn-md" data-vt-consent-choice="denied">Decline</button>' +
  '<button type="button" class="vt-btn vt-btn-primary vt-btn-md" data-vt-consent-choice="granted">Accept</button>' +
  '</div></div></section>';

/** The banner as a shopper who chose gets it: hidden until the footer's "Cookie settings" shows it (issue 33). */
const HIDDEN_CONSENT_BANNER_HTML = CONSENT_BANNER_HTML.replace('<section ', '<section hidden ');

/**
 * What a shopper page carries of the store's marketing scripts (§4 Script injection). Nothing without a configuration
 * or in builder mode. Otherwise the store's tags, inert in a template at the end of the body, which the page's
 * marketing runtime puts in when consent allows (none for a shopper who declined): their files then load after the
 * page, never before what the shopper sees. With the consent banner on, the head carries the Consent Mode defaults,
 * and a shopper not yet asked gets the banner: until they accept, no tag runs, so no request and no marketing cookie.
 */
export function marketingHead(input: MarketingHeadInput): { head: string; bodyStart: string; bodyEnd: string } {
  const { scripts, nonce } = input;
  if (!loadsScripts(scripts) || input.builder) return { head: '', bodyStart: '', bodyEnd: '' };
  const consent = input.consentBanner ? consentOf(input.cookieHeader) : 'granted';
  const head = input.consentBanner
    ? tagHtml({ kind: 'inline', code: consentDefaultsCode(consent === 'granted') }, nonce, 'data-vt-consent')
    : '';
  let unparsed = false;
  const tags = marketingTags(scripts, (error) => {
    unparsed = true;
    // Once per configuration, not on every page of it (§8: logged and ignored).
    const text = scripts.customScript ?? '';
    if (loggedFailures.has(text)) return;
    if (loggedFailures.size > 500) loggedFailures.clear();
    loggedFailures.add(text);
    console.error('Vitrine: the store’s customScript does not parse and is not loaded', error instanceof Error ? error.message : error);
  });
  // A shopper who declined gets no tags at all.
  const template =
    consent === 'denied' || (tags.length === 0 && !unparsed)
      ? ''
      : `<template id="${MARKETING_TAGS_ID}"${unparsed ? ` ${UNPARSED_CUSTOM_SCRIPT}` : ''}>` +
        `${tags.map((tag) => tagHtml(tag, nonce)).join('')}</template>`;
  const frame = consent === 'granted' ? tagManagerFrameUrl(scripts) : null;
  return {
    head,
    bodyStart: frame
      ? `<noscript><iframe src="${escapeAttribute(frame)}" height="0" width="0" hidden title="Tag manager"></iframe></noscript>`
      : '',
    // A shopper who chose has the banner too, hidden: the footer's "Cookie settings" shows it again (issue 33).
    bodyEnd: `${!input.consentBanner ? '' : consent === null ? CONSENT_BANNER_HTML : HIDDEN_CONSENT_BANNER_HTML}${template}`,
  };
}
