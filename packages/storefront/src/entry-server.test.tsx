import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { PublishedPage, WebConfig } from '@vitrine/commerce';
import type { StorefrontData } from './data.ts';
import { renderStorefront } from './entry-server.tsx';
import { documentTitle, errorStatus, metaOf } from './meta.ts';

const site: WebConfig = {
  webID: 1,
  redirectURL: '',
  staticCDN: '',
  themeSettings: { themeID: 1, themeData: '{}', themeCSS: ':root{--color-brand:#123456}</style><script>x</script>' },
  currency: { currencyAbbreviation: 'USD', currencySymbol: '$', currencyRate: 1 },
  currencies: [],
  scripts: null,
  webTitle: 'Test <Shop>',
  webLink: '',
  webMeta: { metaTitle: '', metaDesc: 'A shop', metaKeywords: '', metaImage: '' },
  isMaintenance: false,
  mainDomain: 'shop.test',
  subDomain: '',
  isSubDomain: false,
  accountMode: 2,
  contactRequirementMode: 2,
  realtimeDatabase: null,
};

const home: PublishedPage = {
  pageId: 1,
  version: 1,
  document: {
    schemaVersion: 1,
    pageTypeId: 1,
    slug: '',
    title: 'Home',
    seo: { title: '', description: '', keywords: '', image: '' },
    sections: [{ id: 'hero', type: 6, version: 1, settings: { heading: 'Hello there' }, style: {} }],
  },
  sectionData: {},
};

/** The storefront's data as the server would answer it, held in memory for these tests. */
const data: StorefrontData = { getSite: async () => site, getPage: async (slug) => (slug === '' ? home : null) };
const assets = { scripts: ['/assets/app.js'], styles: ['/assets/app.css'] };

async function render(path: string) {
  const result = await renderStorefront(new Request(`http://shop.test${path}`), data, assets);
  if (result.kind !== 'page') throw new Error('expected a page');
  return { status: result.status, html: await text(result.body as NodeJS.ReadableStream) };
}

describe('renderStorefront', () => {
  it('streams the home page with its title, theme CSS, assets and hydration data', async () => {
    const { status, html } = await render('/');
    expect(status).toBe(200);
    expect(html).toContain('<title>Home | Test &#60;Shop&#62;</title>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css">');
    expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
    expect(html).toContain('<h1 class="vt-h1">Hello there</h1>');
    expect(html).toContain('window.__staticRouterHydrationData=');
    expect(html.endsWith('</body></html>')).toBe(true);
  });

  it('keeps the theme CSS inside its style element and out of the hydration data', async () => {
    const { html } = await render('/');
    expect(html).not.toContain('</style><script>x</script>');
    const hydration = html.slice(html.indexOf('window.__staticRouterHydrationData'));
    expect(hydration).not.toContain('--color-brand');
  });

  it('answers an unknown page with 404 and the Page Not Found page', async () => {
    const { status, html } = await render('/missing-page');
    expect(status).toBe(404);
    expect(html).toContain('<title>Page Not Found | Test &#60;Shop&#62;</title>');
    expect(html).toContain('Page Not Found: /missing-page');
    expect(html).toContain('"__type":"RouteErrorResponse"');
  });

  it('refuses a path that cannot be a page slug with 404, before asking for data', async () => {
    expect((await render('/Bad%20Path')).status).toBe(404);
  });

  it('sends the preview route as an empty shell for the browser to fill', async () => {
    const { status, html } = await render('/preview');
    expect(status).toBe(200);
    expect(html).toContain('data-preview-ready="false"');
    expect(html).not.toContain('Waiting for the studio');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });
});

describe('meta', () => {
  it('follows the page title with the store title', () => {
    expect(documentTitle('Cart', 'Shop')).toBe('Cart | Shop');
    expect(documentTitle('', 'Shop')).toBe('Shop');
  });
  it('lets an error title win and reads 404 from responses', () => {
    expect(metaOf([{ meta: { title: 'Home' } }], { status: 404 })?.title).toBe('Page Not Found');
    expect(metaOf([{ meta: { title: 'Home' } }], new Error('x'))?.title).toBe('Internal Server Error');
    expect(metaOf([{ meta: { title: 'Root' } }, { meta: { title: 'Leaf' } }], undefined)?.title).toBe('Leaf');
    expect(errorStatus(new Error('x'))).toBe(500);
  });
});
