import { CONSENT_COOKIE, type PublicSiteScripts } from '@vitrine/commerce';
import { loadsScripts } from './configured.ts';
import { consentDefaultsCode, marketingTags, tagManagerFrameUrl, type MarketingTag } from './tags.ts';

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Inline code as the text of a script element: it cannot close the element or open an HTML comment in it. */
const scriptText = (code: string) => code.replace(/<(\/script|!--)/gi, '<\\$1');

/** The shopper's choice on the consent banner, from the request's cookies. */
export function consentOf(cookieHeader: string | null): 'granted' | 'denied' | null {
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
 * What a shopper page's head and the top of its body carry of the store's marketing scripts (§4 Script injection).
 * Nothing without a configuration or in builder mode. With the consent banner on, only the Consent Mode defaults until
 * the shopper's cookie says they accepted: no third-party tag, so no request and no marketing cookie before consent.
 */
export function marketingHead(input: MarketingHeadInput): { head: string; bodyStart: string } {
  const { scripts, nonce } = input;
  if (!loadsScripts(scripts) || input.builder) return { head: '', bodyStart: '' };
  let head = '';
  let granted = true;
  if (input.consentBanner) {
    granted = consentOf(input.cookieHeader) === 'granted';
    head += tagHtml({ kind: 'inline', code: consentDefaultsCode(granted) }, nonce, 'data-vt-consent');
  }
  if (!granted) return { head, bodyStart: '' };
  const tags = marketingTags(scripts, (error) => {
    // Once per configuration, not on every page of it (§8: logged and ignored).
    const text = scripts.customScript ?? '';
    if (loggedFailures.has(text)) return;
    if (loggedFailures.size > 500) loggedFailures.clear();
    loggedFailures.add(text);
    console.error('Vitrine: the store’s customScript does not parse and is not loaded', error instanceof Error ? error.message : error);
  });
  head += tags.map((tag) => tagHtml(tag, nonce)).join('');
  const frame = tagManagerFrameUrl(scripts);
  const bodyStart = frame
    ? `<noscript><iframe src="${escapeAttribute(frame)}" height="0" width="0" hidden title="Tag manager"></iframe></noscript>`
    : '';
  return { head, bodyStart };
}
