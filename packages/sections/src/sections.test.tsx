import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sectionTypes } from '@vitrine/commerce';
import { PageRenderer } from '@vitrine/renderer';
import { loadSectionData, renderRegistry, sectionRegistry, type CatalogReader } from './index.ts';

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
};
const catalog: CatalogReader = {
  getProducts: async (query) => Array.from({ length: Math.min(query.limit ?? 8, 3) }, (_, i) => ({ ...product, productID: i + 1 })),
  getCategories: async () => [{ categoryID: 1, parentID: null, name: 'Shirts', slug: 'shirts', imageFile: null, productCount: 4 }],
  getBrands: async () => [],
};

const registered = Object.values(sectionRegistry);

describe.each(registered.map((definition) => [definition.name, definition] as const))('section %s', (_name, definition) => {
  it('carries the id and name of §3.15', () => {
    expect(sectionTypes[definition.type]).toBe(definition.name);
  });

  it('has defaults that parse and a field hint for every setting', () => {
    const settings = definition.settings.parse({});
    expect(Object.keys(definition.fields).sort()).toEqual(Object.keys(settings).sort());
    if (definition.blocks) expect(Object.keys(definition.blocks.fields).sort()).toEqual(Object.keys(definition.blocks.settings.parse({})).sort());
  });

  it('renders on the server from its defaults, with its loader data', async () => {
    const section = definition.create('s1');
    const data = await loadSectionData([section], { catalog });
    const html = renderToString(<PageRenderer registry={renderRegistry} sections={[section]} data={data} />);
    expect(html).toContain('data-section-id="s1"');
    expect(html).not.toContain('cannot be shown');
  });

  it('falls back to defaults for settings that do not fit, and runs migrations from older versions', () => {
    const defaults = definition.readSettings({});
    const firstKey = Object.keys(defaults)[0]!;
    expect(definition.readSettings({ [firstKey]: { not: 'valid' } })).toEqual(defaults);
    expect(definition.readSettings({}, 1)).toEqual(defaults);
  });

  it.runIf(definition.blocks)('adds and removes blocks', () => {
    const section = definition.create('s2');
    const extra = { id: 'extra', settings: definition.readBlock({}) };
    const added = { ...section, blocks: [...(section.blocks ?? []), extra] };
    const removed = { ...added, blocks: added.blocks.filter((b) => b.id !== (section.blocks ?? [])[0]?.id) };
    const html = (s: typeof section) => renderToString(<PageRenderer registry={renderRegistry} sections={[s]} />);
    const count = (text: string) => (text.match(/<li /g) ?? []).length;
    expect(count(html(added))).toBe((section.blocks?.length ?? 0) + 1);
    expect(count(html(removed))).toBe(section.blocks?.length ?? 0);
  });
});

it('shows prices, sale badges and ratings in product cards', async () => {
  const section = sectionRegistry[3]!.create('p');
  const data = await loadSectionData([section], { catalog });
  const html = renderToString(<PageRenderer registry={renderRegistry} sections={[section]} data={data} />);
  expect(html).toContain('$45');
  expect(html).toContain('$60');
  expect(html).toContain('Sale');
  expect(html).toContain('Rated 4.5 out of 5 by 12 reviewers');
});

it('leaves a section without data when its loader fails, and reports it', async () => {
  const failures: string[] = [];
  const broken: CatalogReader = { ...catalog, getProducts: () => Promise.reject(new Error('db down')) };
  const data = await loadSectionData([sectionRegistry[3]!.create('p')], { catalog: broken }, (id) => failures.push(id));
  expect(data).toEqual({});
  expect(failures).toEqual(['p']);
});
