import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { immer } from 'zustand/middleware/immer';

/** The site state of §3.1, kept in browser storage. */
export interface SiteData {
  product_price: string;
  focus_product_tab: string | null;
  tracking_ip: string | null;
  is_outofstock: boolean;
  is_builder: boolean;
  variant: unknown;
  addons: unknown[];
  is_home_page: boolean;
  compare: number[];
  page: { item_id: number | null; page_id: number | null; page_type_id: number | null; slug: string; seo: unknown; breadcrumbs: unknown[] };
}

export const initialSiteData: SiteData = {
  product_price: '0',
  focus_product_tab: null,
  tracking_ip: null,
  is_outofstock: false,
  is_builder: false,
  variant: null,
  addons: [],
  is_home_page: false,
  compare: [],
  page: { item_id: null, page_id: null, page_type_id: null, slug: '', seo: null, breadcrumbs: [] },
};

type PageState = SiteData['page'];

/**
 * What §3.1 keeps of the page on screen, from the route's path and its loaders' data: a published page (home or
 * custom) gives its id, type, slug, SEO and a breadcrumb of its title; an app page (cart, sign-in…) its path and title.
 */
export function pageStateOf(pathname: string, loaderData: readonly unknown[]): Pick<SiteData, 'is_home_page' | 'page'> {
  const slug = pathname.replace(/^\/+|\/+$/g, '');
  for (let i = loaderData.length - 1; i >= 0; i--) {
    const data = loaderData[i] as
      | {
          page?: { pageId?: number; document?: { pageTypeId: number; slug: string; title: string; seo: unknown } };
          meta?: { title?: string };
        }
      | null
      | undefined;
    const document = data?.page?.document;
    if (document && data.page?.pageId) {
      const page: PageState = {
        item_id: null,
        page_id: data.page.pageId,
        page_type_id: document.pageTypeId,
        slug: document.slug,
        seo: document.seo,
        breadcrumbs: document.slug ? [{ label: document.title }] : [],
      };
      return { is_home_page: slug === '', page };
    }
    if (data?.meta?.title) {
      return { is_home_page: false, page: { ...initialSiteData.page, slug, breadcrumbs: [{ label: data.meta.title }] } };
    }
  }
  return { is_home_page: slug === '', page: { ...initialSiteData.page, slug } };
}

interface SiteState extends SiteData {
  /** Replaces the whole site data (§4). */
  replaceSite(data: SiteData): void;
  /** Sets one key, and only when the value differs (§4), so subscribers are not woken for nothing. */
  setSiteKey<K extends keyof SiteData>(key: K, value: SiteData[K]): void;
  /** Adds a product to compare; one already present is ignored (§4). */
  addToCompare(productId: number): void;
  /** Removes the product at an index of the compare list (§4). */
  removeFromCompare(index: number): void;
  clearCompare(): void;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

export const useSiteState = create<SiteState>()(
  persist(
    immer((set, get) => ({
      ...initialSiteData,
      replaceSite(data) {
        set(() => ({ ...data }));
      },
      setSiteKey(key, value) {
        if (same(get()[key], value)) return;
        set((s) => {
          (s as SiteData)[key] = value;
        });
      },
      addToCompare(productId) {
        if (get().compare.includes(productId)) return;
        set((s) => {
          s.compare.push(productId);
        });
      },
      removeFromCompare(index) {
        if (index < 0 || index >= get().compare.length) return;
        set((s) => {
          s.compare.splice(index, 1);
        });
      },
      clearCompare() {
        set((s) => {
          s.compare = [];
        });
      },
    })),
    {
      name: 'vt.site',
      storage: createJSONStorage(() => localStorage),
      partialize: (state) =>
        Object.fromEntries(Object.keys(initialSiteData).map((k) => [k, state[k as keyof SiteData]])) as unknown as SiteData,
    },
  ),
);
