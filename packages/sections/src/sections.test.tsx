import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sectionTypes, type SectionNode } from '@vitrine/commerce';
import { PageRenderer } from '@vitrine/renderer';
import { allSectionsPage } from './all-sections.fixture.ts';
import { loadSectionData, renderRegistry, sectionRegistry, type CatalogReader, type SectionDefinition } from './index.ts';
import { sanitizeOwnerHtml } from './html/owner-html.ts';

const product = {
  productID: 7,
  itemName: 'Linen shirt',
  productURL: '/linen-shirt',
  price: 4500,
  compareAtPrice: 6000,
  isHidePrice: false,
  imageFile: '/media/1/shirt.webp',
  imageWidth: 800,
  imageHeight: 800,
  brandName: 'North',
  rating: 4.3,
  ratingCount: 12,
  stockStatusID: 1,
  needsChoice: false,
};
const catalog: CatalogReader = {
  getProducts: async (query) => Array.from({ length: Math.min(query.limit ?? 8, 3) }, (_, i) => ({ ...product, productID: i + 1 })),
  getCategories: async ({ parentId }) =>
    parentId
      ? [{ categoryID: 2, parentID: parentId, name: 'Linen shirts', slug: 'linen-shirts', imageFile: null, productCount: 2 }]
      : [{ categoryID: 1, parentID: null, name: 'Shirts', slug: 'shirts', imageFile: null, productCount: 4 }],
  getBrands: async () => [
    { brandID: 3, name: 'North', slug: 'north', logoFile: '/media/1/brands/north.webp' },
    { brandID: 4, name: 'Tide', slug: 'tide', logoFile: null },
  ],
};

const registered = Object.values(sectionRegistry);
const withBlocks = registered.filter((definition) => definition.blocks);
const render = (sections: SectionNode[], data?: Record<string, unknown>) =>
  renderToString(<PageRenderer registry={renderRegistry} sections={sections} data={data ?? {}} />);
const fixtureOf = (definition: SectionDefinition) => {
  const found = allSectionsPage.sections.find((section) => section.type === definition.type);
  if (!found) throw new Error(`the all-sections fixture has no section of type ${definition.type}`);
  return found;
};
const blockCount = (html: string) => (html.match(/data-block-id="/g) ?? []).length;

it('holds all 22 section types of §3.15 under their ids and names', () => {
  expect(Object.keys(sectionRegistry).map(Number)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
  for (const [id, definition] of Object.entries(sectionRegistry)) {
    expect(definition.type).toBe(Number(id));
    expect(definition.name).toBe((sectionTypes as Record<number, string>)[definition.type]);
  }
});

describe.each(registered.map((definition) => [definition.name, definition] as const))('section %s', (_name, definition) => {
  it('has defaults that parse and a field hint for every setting', () => {
    const settings = definition.settings.parse({});
    expect(Object.keys(definition.fields).sort()).toEqual(Object.keys(settings).sort());
    for (const hint of Object.values(definition.fields)) expect(hint.label).not.toBe('');
  });

  it('renders on the server from its defaults, with its loader data', async () => {
    const section = definition.create('s1');
    const data = await loadSectionData([section], { catalog, sanitizeOwnerHtml });
    const html = render([section], data);
    expect(html).toContain('data-section-id="s1"');
    expect(html).not.toContain('cannot be shown');
  });

  it('falls back to defaults for settings that do not fit, and runs migrations from older versions', () => {
    const defaults = definition.readSettings({});
    const firstKey = Object.keys(defaults)[0]!;
    expect(definition.readSettings({ [firstKey]: { not: 'valid' } })).toEqual(defaults);
    expect(definition.readSettings({}, 1)).toEqual(defaults);
  });

  it('reads the all-sections fixture exactly, without falling back', () => {
    const section = fixtureOf(definition);
    for (const key of Object.keys(section.settings)) expect(definition.fields).toHaveProperty(key);
    expect(definition.settings.safeParse(section.settings).error).toBeUndefined();
    for (const block of section.blocks ?? []) {
      for (const key of Object.keys(block.settings)) expect(definition.blocks?.fields).toHaveProperty(key);
      expect(definition.blocks?.settings.safeParse(block.settings).error).toBeUndefined();
    }
  });
});

describe.each(withBlocks.map((definition) => [definition.name, definition] as const))('blocks of %s', (_name, definition) => {
  const blocks = definition.blocks!;

  it('have defaults that parse, a field hint for every block setting, and a sensible count', () => {
    expect(Object.keys(blocks.fields).sort()).toEqual(Object.keys(blocks.settings.parse({})).sort());
    expect(blocks.initial).toBeGreaterThan(0);
    expect(blocks.initial).toBeLessThanOrEqual(blocks.max);
    expect(definition.create('s').blocks).toHaveLength(blocks.initial);
  });

  it('are added and removed', () => {
    const section = fixtureOf(definition);
    const existing = section.blocks ?? [];
    expect(existing.length).toBeGreaterThan(1);
    const extra = { id: 'extra', settings: existing[0]!.settings };
    const added = { ...section, blocks: [...existing, extra] };
    const removed = { ...section, blocks: existing.slice(1) };
    expect(blockCount(render([section]))).toBe(existing.length);
    expect(blockCount(render([added]))).toBe(existing.length + 1);
    expect(blockCount(render([removed]))).toBe(existing.length - 1);
  });
});

it('shows prices, sale badges and ratings in product cards', async () => {
  const section = sectionRegistry[3].create('p');
  const data = await loadSectionData([section], { catalog, sanitizeOwnerHtml });
  const html = render([section], data);
  expect(html).toContain('$45');
  expect(html).toContain('$60');
  expect(html).toContain('Sale');
  expect(html).toContain('Rated 4.5 out of 5 by 12 reviewers');
});

it('leaves a section without data when its loader fails, and reports it', async () => {
  const failures: string[] = [];
  const broken: CatalogReader = { ...catalog, getProducts: () => Promise.reject(new Error('db down')) };
  const data = await loadSectionData([sectionRegistry[3].create('p')], { catalog: broken, sanitizeOwnerHtml }, (id) => failures.push(id));
  expect(data).toEqual({});
  expect(failures).toEqual(['p']);
});

it('loads the brands, and the header’s categories with their sub-categories only when it shows them', async () => {
  const header = sectionRegistry[1].create('h');
  const without = { ...header, id: 'h2', settings: { ...header.settings, show_categories: false } };
  const data = await loadSectionData([header, without, sectionRegistry[5].create('b')], { catalog, sanitizeOwnerHtml });
  expect(data).toEqual({
    // The top level, then each category's sub-categories for the phone menu (issue 33).
    h: [expect.objectContaining({ name: 'Shirts' }), expect.objectContaining({ name: 'Linen shirts', parentID: 1 })],
    h2: [],
    b: [expect.objectContaining({ name: 'North' }), expect.objectContaining({ name: 'Tide' })],
  });
  const html = render([sectionRegistry[5].create('b')], data);
  expect(html).toContain('href="/?br=3"');
  expect(html).toContain('alt="North"');
  expect(html).toContain('Tide');
});

it('prints a promotion’s end date the same way everywhere', () => {
  const section = { ...sectionRegistry[15].create('promo'), settings: { ends_on: '2026-12-31', code: 'CLAY15' } };
  const html = render([section]);
  expect(html).toContain('<time dateTime="2026-12-31">December 31, 2026</time>');
  expect(html).toContain('CLAY15');
  expect(render([{ ...section, settings: { ends_on: '31/12/2026' } }])).not.toContain('<time');
});
