// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { pageDocument } from '@vitrine/commerce';
import { PageRenderer } from '@vitrine/renderer';
import { allSectionsPage } from './all-sections.fixture.ts';
import { ShopProvider, loadSectionData, renderRegistry, type CatalogReader } from './index.ts';
import { sanitizeOwnerHtml } from './html/owner-html.ts';

const catalog: CatalogReader = {
  getProducts: async () => [
    {
      productID: 1,
      itemName: 'Stoneware mug',
      productURL: '/stoneware-mug',
      price: 2800,
      compareAtPrice: null,
      isHidePrice: false,
      imageFile: '/media/1/products/stoneware-mug-1.webp',
      imageWidth: 800,
      imageHeight: 800,
      brandName: 'North Clay',
      rating: 4.8,
      ratingCount: 31,
      stockStatusID: 1,
      needsChoice: false,
    },
  ],
  getCategories: async () => [{ categoryID: 1, parentID: null, name: 'Mugs', slug: 'mugs', imageFile: null, productCount: 8 }],
  getBrands: async () => [{ brandID: 1, name: 'North Clay', slug: 'north-clay', logoFile: null }],
};

let page: HTMLElement;
beforeEach(async () => {
  const data = await loadSectionData(allSectionsPage.sections, { catalog, sanitizeOwnerHtml });
  page = render(
    <ShopProvider
      value={{
        storeTitle: 'North Clay',
        currencies: [
          { currencyAbbreviation: 'USD', currencySymbol: '$', currencyRate: 1 },
          { currencyAbbreviation: 'EUR', currencySymbol: '€', currencyRate: 0.92 },
        ],
      }}
    >
      <main>
        <PageRenderer registry={renderRegistry} sections={allSectionsPage.sections} data={data} mode="preview" />
      </main>
    </ShopProvider>,
  ).container;
});
afterEach(cleanup);

const nameOf = (element: Element) =>
  (element.getAttribute('aria-label') ?? element.textContent ?? '').trim() ||
  [...element.querySelectorAll('img')].map((img) => img.alt).join('');

it('is a valid page document with one section of every type', () => {
  expect(
    pageDocument
      .parse(allSectionsPage)
      .sections.map((s) => s.type)
      .sort((a, b) => a - b),
  ).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
  expect(page.querySelectorAll('[data-section-id]')).toHaveLength(22);
  expect(page.querySelector('[role="alert"]')).toBeNull();
});

it('opens with the hero’s h1 and never skips a heading level going down', () => {
  const levels = [...page.querySelectorAll('h1,h2,h3,h4,h5,h6')].map((h) => Number(h.tagName[1]));
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  levels.forEach((level, i) => {
    if (i > 0) expect(level).toBeLessThanOrEqual(levels[i - 1]! + 1);
  });
});

it('gives every image a size and an alt attribute', () => {
  const images = [...page.querySelectorAll('img')];
  expect(images.length).toBeGreaterThan(5);
  for (const img of images) {
    expect(img.hasAttribute('alt'), img.outerHTML).toBe(true);
    expect(Number(img.getAttribute('width')), img.outerHTML).toBeGreaterThan(0);
    expect(Number(img.getAttribute('height')), img.outerHTML).toBeGreaterThan(0);
  }
});

it('labels every form control and names every link and button', () => {
  const controls = [...page.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input,select,textarea')];
  expect(controls.length).toBeGreaterThan(10);
  for (const control of controls) expect(control.labels?.length ?? 0, control.outerHTML).toBeGreaterThan(0);
  for (const element of page.querySelectorAll('a,button')) expect(nameOf(element), element.outerHTML).not.toBe('');
  for (const link of page.querySelectorAll('a')) expect(link.getAttribute('href'), link.outerHTML).toBeTruthy();
});

it('uses each id once and names its regions and menus uniquely', () => {
  const ids = [...page.querySelectorAll('[id]')].map((element) => element.id);
  expect(new Set(ids).size).toBe(ids.length);
  const landmarks = [...page.querySelectorAll('section[aria-label],nav[aria-label]')].map(
    (el) => `${el.tagName} ${el.getAttribute('aria-label')}`,
  );
  expect(new Set(landmarks).size).toBe(landmarks.length);
  expect(page.querySelectorAll('header')).toHaveLength(1);
  expect(page.querySelectorAll('footer')).toHaveLength(1);
});
