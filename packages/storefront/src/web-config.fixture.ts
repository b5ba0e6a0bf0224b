import type { PublishedPage, WebConfig } from '@vitrine/commerce';

/** A store's web config as the server answers it for tests: a plain shop in dollars, open, with `changes` over it. */
export function webConfig(changes: Partial<WebConfig> = {}): WebConfig {
  return {
    webID: 1,
    redirectURL: '',
    staticCDN: '',
    themeSettings: { themeID: 1, themeData: '{}', themeCSS: '' },
    currency: { currencyAbbreviation: 'USD', currencySymbol: '$', currencyRate: 1 },
    currencies: [],
    scripts: null,
    consentBanner: false,
    webTitle: 'Test Shop',
    webLink: '',
    webMeta: { metaTitle: '', metaDesc: '', metaKeywords: '', metaImage: '' },
    isMaintenance: false,
    mainDomain: 'shop.test',
    subDomain: '',
    isSubDomain: false,
    accountMode: 2,
    contactRequirementMode: 2,
    realtimeDatabase: null,
    ...changes,
  };
}

/** The owner's published page at `slug` ('' is home), without sections. */
export function publishedPageAt(slug: string): PublishedPage {
  return {
    pageId: slug.length + 1,
    version: 1,
    document: {
      schemaVersion: 1,
      pageTypeId: slug ? 2 : 1,
      slug,
      title: slug || 'Home',
      seo: { title: '', description: '', keywords: '', image: '' },
      sections: [],
    },
    sectionData: {},
  };
}
