import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicSiteScripts } from '@vitrine/commerce';
import { CONSENT_BANNER_HTML, consentOf, marketingHead, type MarketingHeadInput } from './head.server.ts';

const all: PublicSiteScripts = {
  tagManagerID: 'GTM-ABC1234',
  gA4ID: 'G-ABCDEF1234',
  googleAnalyticsID: 'UA-12345678-1',
  facebookPixelID: '1234567890123456',
  tiktokPixelID: 'C4ABCDEFGH12345678',
  adRollID: 'ADV0000000001',
  adRollPixelID: 'PIX0000000001',
  addThisID: 'ra-1234567890abcdef',
  liveChatID: 'https://tawk.to/chat/abc123/def456',
};

const render = (input: Partial<MarketingHeadInput>) =>
  marketingHead({
    scripts: null,
    consentBanner: false,
    cookieHeader: null,
    nonce: 'n0nce',
    builder: false,
    ...input,
  });

/** Every script element of some HTML, as its opening tag. */
const scriptTags = (html: string) => html.match(/<script[^>]*>/g) ?? [];
/** The tags the page carries inert, for the marketing runtime to put in. */
const tags = (bodyEnd: string) => /<template id="vt-marketing-tags"[^>]*>(.*)<\/template>$/s.exec(bodyEnd)?.[1] ?? '';
const sources = (html: string) => [...html.matchAll(/ src="([^"]+)"/g)].map((m) => m[1]!.replace(/&#38;/g, '&'));

afterEach(() => vi.restoreAllMocks());

describe('marketingHead', () => {
  it('injects nothing without a configuration', () => {
    expect(render({ scripts: null })).toEqual({ head: '', bodyStart: '', bodyEnd: '' });
  });

  it('injects nothing, consent defaults included, for a configuration that loads nothing (sign-in ids only)', () => {
    expect(render({ scripts: { fbLoginID: '1234567890123456', facebookCatalog: '99999' }, consentBanner: true })).toEqual({
      head: '',
      bodyStart: '',
      bodyEnd: '',
    });
  });

  it('injects nothing for the retired services a store may still have saved: Universal Analytics and AddThis', () => {
    const retired = { googleAnalyticsID: 'UA-12345678-1', addThisID: 'ra-1234567890abcdef' };
    expect(render({ scripts: retired, consentBanner: true })).toEqual({ head: '', bodyStart: '', bodyEnd: '' });
    // A GA4 id saved in the older field still loads.
    expect(sources(tags(render({ scripts: { ...retired, googleAnalyticsID: 'G-OLDFIELD12' } }).bodyEnd))).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-OLDFIELD12',
    ]);
  });

  it('injects nothing in builder mode, consent banner or not', () => {
    expect(render({ scripts: all, builder: true })).toEqual({ head: '', bodyStart: '', bodyEnd: '' });
    expect(render({ scripts: all, builder: true, consentBanner: true, cookieHeader: 'vt_consent=granted' })).toEqual({
      head: '',
      bodyStart: '',
      bodyEnd: '',
    });
  });

  it('writes each configured service, async, each tag with the nonce, inert at the end of the body', () => {
    const { head: inHead, bodyStart, bodyEnd } = render({ scripts: all });
    expect(inHead).toBe('');
    expect(bodyEnd).toMatch(/^<template id="vt-marketing-tags">.*<\/template>$/s);
    const head = tags(bodyEnd);
    expect(sources(head)).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234',
      'https://www.googletagmanager.com/gtag/js?id=G-ABCDEF1234',
      'https://connect.facebook.net/en_US/fbevents.js',
      'https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=C4ABCDEFGH12345678&lib=ttq',
      'https://s.adroll.com/j/ADV0000000001/roundtrip.js',
      'https://embed.tawk.to/abc123/def456',
    ]);
    for (const tag of scriptTags(head)) expect(tag).toContain(' nonce="n0nce"');
    for (const tag of scriptTags(head).filter((t) => t.includes(' src='))) expect(tag).toMatch(/ async /);
    // The retired services a store may still have saved (Universal Analytics, AddThis) are not put on the page.
    expect(head).toContain(`gtag('js',new Date());gtag('config',"G-ABCDEF1234");<`);
    expect(head).not.toMatch(/UA-12345678-1|addthis/);
    expect(head).toContain(`fbq('init',"1234567890123456");`);
    // The PageView's id is made in the browser: a cached page serves many shoppers.
    expect(head).toContain("setAttribute('data-vt-page-view',i);fbq('track','PageView',{},{eventID:i});");
    expect(head).toContain('ttq.page()}(window,\'ttq\',"C4ABCDEFGH12345678");');
    expect(head).toContain('window.adroll_adv_id="ADV0000000001";window.adroll_pix_id="PIX0000000001"');
    expect(bodyStart).toBe(
      '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-ABC1234" height="0" width="0" hidden title="Tag manager"></iframe></noscript>',
    );
  });

  it('writes only the services configured: a Facebook pixel alone', () => {
    const { bodyStart, bodyEnd } = render({ scripts: { facebookPixelID: '1234567890123456', facebookCatalog: '99999' } });
    expect(sources(tags(bodyEnd))).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
    expect(bodyEnd).not.toContain('gtag');
    expect(bodyStart).toBe('');
  });

  it('needs both AdRoll ids', () => {
    expect(render({ scripts: { adRollID: 'ADV0000000001' } }).bodyEnd).toBe('');
  });

  it('rewrites the live chat share link to its embed host; a link it does not know loads nothing', () => {
    expect(sources(render({ scripts: { liveChatID: 'https://tawk.to/chat/p1/w2' } }).bodyEnd)).toEqual(['https://embed.tawk.to/p1/w2']);
    expect(render({ scripts: { liveChatID: 'https://evil.example/chat/p1/w2' } }).bodyEnd).toBe('');
  });

  it('escapes what the owner typed: a string breaking out of the JavaScript or of the element stays inside', () => {
    const { bodyEnd: head, bodyStart } = render({
      scripts: { facebookPixelID: `1");alert(1);//</script><script>x`, tagManagerID: 'GTM-"><img src=x onerror=alert(1)>' },
      nonce: 'a"b',
    });
    expect(head).not.toContain('</script><script>x');
    expect(head).toContain(`fbq('init',"1\\");alert(1);//\\u003c/script\\u003e\\u003cscript\\u003ex")`);
    expect(head).toContain('gtm.js?id=GTM-%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"');
    expect(head).toContain('nonce="a&#34;b"');
    expect(bodyStart).not.toContain('<img');
  });

  describe('customScript', () => {
    it('loads one item', () => {
      const { bodyEnd } = render({ scripts: { customScript: '{"src":"https://cdn.example.com/x.js"}' } });
      expect(tags(bodyEnd)).toBe('<script nonce="n0nce" data-vt-marketing async src="https://cdn.example.com/x.js"></script>');
    });

    it('loads a list, inline code with the nonce and unable to close its element', () => {
      const { bodyEnd } = render({
        scripts: {
          customScript: JSON.stringify([
            { src: 'https://cdn.example.com/a.js', defer: true, id: 'a-tag' },
            { content: 'window.x = "</script><b>";' },
          ]),
        },
      });
      expect(tags(bodyEnd)).toBe(
        '<script nonce="n0nce" id="a-tag" data-vt-marketing defer src="https://cdn.example.com/a.js"></script>' +
          '<script nonce="n0nce" data-vt-marketing>window.x = "<\\/script><b>";</script>',
      );
    });

    it('logs a customScript that does not parse, marks the tags so the page says so too, and loads the rest', () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { bodyEnd } = render({ scripts: { customScript: '{not json', tiktokPixelID: 'C4ABCDEFGH12345678' } });
      expect(bodyEnd).toMatch(/^<template id="vt-marketing-tags" data-vt-unparsed-custom-script>/);
      expect(sources(tags(bodyEnd))).toEqual(['https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=C4ABCDEFGH12345678&lib=ttq']);
      expect(error).toHaveBeenCalledWith(expect.stringContaining('customScript'), expect.any(String));
    });

    it('ignores an item that is not https', () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      expect(tags(render({ scripts: { customScript: '[{"src":"http://cdn.example.com/x.js"}]' } }).bodyEnd)).toBe('');
    });
  });

  describe('with the consent banner', () => {
    const defaults =
      "gtag('consent','default',{ad_storage:'denied',analytics_storage:'denied',ad_user_data:'denied',ad_personalization:'denied'});";

    it('asks a shopper not yet asked: only the Consent Mode defaults run; the banner, then the tags, inert', () => {
      for (const cookieHeader of [null, 'other=1; vt_consent=maybe']) {
        const { head, bodyStart, bodyEnd } = render({ scripts: all, consentBanner: true, cookieHeader });
        expect(scriptTags(head)).toEqual(['<script nonce="n0nce" data-vt-consent>']);
        expect(head).toContain(defaults);
        expect(head).not.toContain("'update'");
        expect(sources(head)).toEqual([]);
        expect(bodyStart).toBe('');
        expect(bodyEnd.startsWith(CONSENT_BANNER_HTML)).toBe(true);
        expect(sources(tags(bodyEnd))).toHaveLength(6);
      }
    });

    it('has the banner name its region and its two choices', () => {
      expect(CONSENT_BANNER_HTML).toMatch(/^<section id="vt-consent" class="vt-consent" aria-labelledby="vt-consent-title">/);
      expect(CONSENT_BANNER_HTML).toContain('<h2 id="vt-consent-title" class="vt-consent-title">Cookies and ads</h2>');
      expect(
        [...CONSENT_BANNER_HTML.matchAll(/<button type="button"[^>]*data-vt-consent-choice="(\w+)">(\w+)</g)].map((m) => [m[1], m[2]]),
      ).toEqual([
        ['denied', 'Decline'],
        ['granted', 'Accept'],
      ]);
    });

    it('gives a shopper who declined the defaults and nothing else', () => {
      expect(render({ scripts: all, consentBanner: true, cookieHeader: 'vt_consent=denied' })).toEqual({
        head: `<script nonce="n0nce" data-vt-consent>window.dataLayer=window.dataLayer||[];window.gtag=window.gtag||function(){dataLayer.push(arguments)};${defaults}</script>`,
        bodyStart: '',
        // The banner only hidden, for the footer's Cookie settings to show again (issue 33).
        bodyEnd: CONSENT_BANNER_HTML.replace('<section ', '<section hidden '),
      });
    });

    it('grants in the head once the cookie says the shopper accepted, and writes the tags with the banner hidden', () => {
      const { head, bodyStart, bodyEnd } = render({ scripts: all, consentBanner: true, cookieHeader: 'a=1; vt_consent=granted' });
      expect(head.indexOf(defaults)).toBeGreaterThan(0);
      expect(head.indexOf("gtag('consent','update',{ad_storage:'granted'")).toBeGreaterThan(head.indexOf(defaults));
      expect(bodyEnd.startsWith(CONSENT_BANNER_HTML.replace('<section ', '<section hidden '))).toBe(true);
      expect(sources(tags(bodyEnd))).toHaveLength(6);
      expect(bodyStart).toContain('ns.html?id=GTM-ABC1234');
    });
  });
});

describe('consentOf', () => {
  it('reads the choice from the cookies', () => {
    expect(consentOf(null)).toBeNull();
    expect(consentOf('vt_consent=granted')).toBe('granted');
    expect(consentOf('x=1;  vt_consent=denied; y=2')).toBe('denied');
    expect(consentOf('vt_consent_other=granted')).toBeNull();
  });
});
