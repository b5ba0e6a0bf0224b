import { describe, expect, it } from 'vitest';
import { initialSiteData, pageStateOf } from './site-state.ts';

const seo = { title: 'Our story', description: '', keywords: '', image: '' };

describe('the §3.1 site state of the page on screen (issue 13)', () => {
  it('marks home as the home page, with its page id, type and SEO', () => {
    const home = { page: { pageId: 7, document: { pageTypeId: 1, slug: '', title: 'Home', seo } }, meta: { title: 'Home' } };
    expect(pageStateOf('/', [{ site: {} }, home])).toEqual({
      is_home_page: true,
      page: { item_id: null, page_id: 7, page_type_id: 1, slug: '', seo, breadcrumbs: [] },
    });
  });

  it('keeps a custom page’s slug and a breadcrumb of its title', () => {
    const about = {
      page: { pageId: 9, document: { pageTypeId: 2, slug: 'about-us', title: 'About us', seo } },
      meta: { title: 'About us' },
    };
    expect(pageStateOf('/about-us/', [{ site: {} }, about])).toEqual({
      is_home_page: false,
      page: { item_id: null, page_id: 9, page_type_id: 2, slug: 'about-us', seo, breadcrumbs: [{ label: 'About us' }] },
    });
  });

  it('keeps an app page’s path and title, and no page id', () => {
    expect(pageStateOf('/cart', [{ site: {} }, { meta: { title: 'Cart' } }])).toEqual({
      is_home_page: false,
      page: { ...initialSiteData.page, slug: 'cart', breadcrumbs: [{ label: 'Cart' }] },
    });
    expect(pageStateOf('/signin', [{ site: {} }, null])).toEqual({
      is_home_page: false,
      page: { ...initialSiteData.page, slug: 'signin' },
    });
  });
});
