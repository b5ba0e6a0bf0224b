import { pageDocument, type SectionNode } from '@vitrine/commerce';
import { describe, expect, it } from 'vitest';
import {
  demoHasOptions,
  demoMaterials,
  demoPages,
  demoProduct,
  demoProductColours,
  DEMO_PICTURES_PER_PRODUCT,
  demoProductNames,
  demoStores,
  policyLinks,
} from './demo-stores.ts';
import { demoFooter, demoProductPicture } from './seed-demo.ts';

/** Every text a page document holds, however deep. */
const texts = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(texts) : [];

/** A `#rrggbb` colour as its three channels. */
const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

describe.each(demoStores)('the $title demo', (store) => {
  const names = demoProductNames(store);
  const pages = demoPages(store);

  it('promises only what the store does: no discount, since it has none to give', () => {
    const home = texts(store.home({ featuredCategory: 1 }));
    expect(home.length).toBeGreaterThan(10);
    expect(home.filter((text) => /\b(\d+\s*%|[a-z]+ percent)\s+off\b|discount|coupon|promo(tion)? code/i.test(text))).toEqual([]);
  });

  it('keeps its prices in its own currency: the currency it shows first converts at 1', () => {
    expect(store.currencies.find((currency) => currency.isDefault)?.rate).toBe(1);
  });

  it('gives every product and every category a description of its own', () => {
    expect(Object.keys(store.products).sort()).toEqual([...names].sort());
    const products = names.map((name) => demoProduct(store, name).description);
    const categories = store.categories.map((category) => category.description);
    for (const description of [...products, ...categories]) expect(description.length).toBeGreaterThan(40);
    expect(new Set([...products, ...categories]).size).toBe(products.length + categories.length);
    // Not the store's tagline or a brand's name stamped on each.
    for (const description of products) expect(description).not.toContain(store.tagline);
  });

  it('names each product its own material, one the Material facet offers', () => {
    const materials = demoMaterials(store);
    for (const name of names) expect(materials).toContain(demoProduct(store, name).material);
    expect(materials.length).toBeGreaterThan(4);
  });

  it('offers every product with a colour in two, each drawn in a picture of its own in the colour of its swatch (issue 33)', () => {
    const coloured = names.filter((name, index) => demoProductColours(store, name, index).length);
    expect(coloured.length).toBe(names.length - store.oneSize.length);
    for (const [index, name] of names.entries()) {
      const colours = demoProductColours(store, name, index);
      if (store.oneSize.includes(name)) {
        expect(colours, name).toEqual([]);
        continue;
      }
      expect(new Set(colours.map((colour) => colour.name)).size, name).toBe(2);
      for (const [k, colour] of colours.entries()) {
        expect(store.colors).toContain(colour);
        const [ground, main] = demoProductPicture(store, name, index, DEMO_PICTURES_PER_PRODUCT * index + k).palette;
        expect(main, `${name} in ${colour.name}`).toBe(colour.hex);
        const difference = channels(ground).reduce((sum, value, c) => sum + Math.abs(value - channels(main)[c]!), 0);
        expect(difference, `${name} on ${ground}`).toBeGreaterThan(90);
      }
    }
  });

  it('links its home page buttons to pages that exist: categories, the full listing, the store story, sign-up', () => {
    const home = store.home({ featuredCategory: 1 });
    const links = home.sections.flatMap((section) =>
      ['button_link', 'secondary_link']
        .map((key) => section.settings[key])
        .filter((link): link is string => typeof link === 'string' && link !== ''),
    );
    const categoryPaths = store.categories.map((category) =>
      category.parent ? `/${category.parent}/${category.slug}` : `/${category.slug}`,
    );
    const known = new Set([
      '/search',
      '/signup',
      ...store.categories.map((c) => `/${c.slug}`),
      ...categoryPaths,
      ...pages.map((p) => `/${p.slug}`),
    ]);
    for (const link of links) if (!link.startsWith('#')) expect(known, link).toContain(link);
  });

  it('seeds its story and its policies as custom pages, and the footer links each policy', () => {
    for (const page of pages) {
      expect(pageDocument.parse(page)).toMatchObject({ pageTypeId: 2, slug: page.slug });
      expect(texts(page.sections).join(' ').length).toBeGreaterThan(150);
    }
    expect(pages.map((page) => page.slug)).toEqual([store.story.slug, 'shipping', 'returns', 'privacy', 'terms']);
    const footer = demoFooter(store);
    const links = (footer.blocks ?? []).flatMap((block: NonNullable<SectionNode['blocks']>[number]) =>
      String(block.settings['links'] ?? '')
        .split('\n')
        .map((line) => line.split('|').map((part) => part.trim())),
    );
    for (const { key, label } of policyLinks) expect(links).toContainEqual([label, `/${key}`]);
    // The policies say what the store does: its own delivery prices.
    const shipping = store.policies.shipping;
    const symbol = store.currencies.find((c) => c.isDefault)!.symbol;
    for (const option of store.delivery.filter((d) => d.price > 0))
      expect(shipping).toContain(`${symbol}${(option.price / 100).toFixed(2)}`);
  });
});

describe('the demo products', () => {
  const [harbor, atelier] = demoStores as [(typeof demoStores)[0], (typeof demoStores)[0]];

  it('say the skillet is cast iron, not stoneware', () => {
    const skillet = demoProduct(harbor, 'Cast Iron Skillet');
    expect(skillet.material).toBe('Cast iron');
    expect(skillet.description).toMatch(/cast iron/i);
    expect(skillet.description).not.toMatch(/stoneware/i);
  });

  it("give Atelier Nord options that fit clothes and bags, and keep Harbor & Pine's note and card", () => {
    expect(harbor.options.note).toBe('Personal note');
    expect(harbor.options.choice).toBe('Greeting card');
    const words = [atelier.options.note, atelier.options.choice, ...atelier.options.choices.map((c) => c.name)].join(' ');
    expect(words).not.toMatch(/note|card|greeting/i);
    expect(words).toMatch(/initials|monogram/i);
    const carrying = demoProductNames(atelier).filter((_, index) => demoHasOptions(index));
    expect(carrying.length).toBeGreaterThan(0);
  });
});
