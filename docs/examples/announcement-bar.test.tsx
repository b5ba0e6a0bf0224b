// @vitest-environment jsdom
// The worked example of docs/sections.md, end to end: a theme developer's registry → the studio's settings form →
// the server's loaders → the server render. If this fails, the guide is wrong.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sectionNode, type ProductCard, type ProductQuery, type SectionNode } from '@vitrine/commerce';
import { PageRenderer } from '@vitrine/renderer';
import {
  ShopProvider,
  fieldControls,
  loadSectionData,
  renderRegistry,
  registryOf,
  renderRegistryOf,
  sectionComponents,
  sectionRegistry,
  sectionSchemas,
  type CatalogReader,
  type FieldHint,
  type SectionSchema,
  type SectionRegistry,
} from '@vitrine/sections';
import { allSectionsPage } from '@vitrine/sections/fixtures';
import { ANNOUNCEMENT_BAR_TYPE, announcementBar } from './announcement-bar.schema.ts';
import { AnnouncementBar } from './announcement-bar.tsx';
import { sanitizeOwnerHtml } from '@vitrine/sections/owner-html';

/** The theme's registry: every built-in section plus the new one, as the guide's "Register it" step writes it. */
const themeRegistry = registryOf(
  { ...sectionSchemas, [ANNOUNCEMENT_BAR_TYPE]: announcementBar },
  { ...sectionComponents, [ANNOUNCEMENT_BAR_TYPE]: AnnouncementBar },
) satisfies SectionRegistry;

const newest: ProductCard = {
  productID: 41,
  itemName: 'Moss glaze bowl',
  productURL: '/moss-glaze-bowl',
  price: 3400,
  compareAtPrice: null,
  isHidePrice: false,
  imageFile: '/media/1/products/moss-bowl-1.webp',
  imageWidth: 800,
  imageHeight: 800,
  brandName: 'North Clay',
  rating: 4.9,
  ratingCount: 12,
  stockStatusID: 1,
  needsChoice: false,
};

/** A catalogue reader that remembers what it was asked, as the server's is scoped to one store. */
function catalogueReader() {
  const productQueries: ProductQuery[] = [];
  const catalog: CatalogReader = {
    getProducts: async (query) => {
      productQueries.push(query);
      return Array.from({ length: query.limit ?? 8 }, (_, i) => ({ ...newest, productID: newest.productID + i }));
    },
    getCategories: async () => [{ categoryID: 1, parentID: null, name: 'Bowls', slug: 'bowls', imageFile: null, productCount: 9 }],
    getBrands: async () => [{ brandID: 1, name: 'North Clay', slug: 'north-clay', logoFile: null }],
  };
  return { catalog, productQueries };
}

/**
 * The form the studio generates for a section type: one control per field hint, in the hints' order, drawn with the
 * control the hint names and starting from the schema's default. It throws where a setting has no hint (the owner
 * could never change it) or a hint has no setting (its value would be saved nowhere).
 */
function studioForm(settings: SectionSchema<number>['settings'], fields: Readonly<Record<string, FieldHint>>) {
  const defaults = settings.parse({});
  for (const key of Object.keys(settings.shape)) if (!fields[key]) throw new Error(`setting "${key}" has no field hint`);
  return Object.entries(fields).map(([key, hint]) => {
    if (!(key in settings.shape)) throw new Error(`field hint "${key}" has no setting`);
    return { key, ...hint, value: defaults[key] };
  });
}

type StudioField = ReturnType<typeof studioForm>[number];

/** What makes a field drawable: a known control, a label, and a default its control can show. */
function problemsOf(field: StudioField): string[] {
  const problems: string[] = [];
  if (!(fieldControls as readonly string[]).includes(field.control)) problems.push(`${field.key}: unknown control "${field.control}"`);
  if (!field.label.trim()) problems.push(`${field.key}: no label`);
  if (field.control === 'select' && !field.options?.some((option) => option.value === field.value)) {
    problems.push(`${field.key}: the default ${JSON.stringify(field.value)} is not one of the options`);
  }
  if (field.control === 'range') {
    const value = field.value as number;
    if (field.min === undefined || field.max === undefined || value < field.min || value > field.max)
      problems.push(`${field.key}: the default ${value} is outside the range`);
  }
  if (field.control === 'toggle' && typeof field.value !== 'boolean') problems.push(`${field.key}: a toggle needs a true/false default`);
  return problems;
}

function formOf(definition: SectionSchema<number>) {
  const settings = studioForm(definition.settings, definition.fields);
  const blocks = definition.blocks ? studioForm(definition.blocks.settings, definition.blocks.fields) : [];
  return { settings, blocks };
}

describe('the announcement bar of docs/sections.md', () => {
  it('sits in a registry beside all 22 built-in sections, under its own type id', () => {
    expect(Object.keys(themeRegistry).map(Number)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    expect(themeRegistry[ANNOUNCEMENT_BAR_TYPE].type).toBe(ANNOUNCEMENT_BAR_TYPE);
  });

  it('gives the studio a drawable field for every setting and block setting, with defaults that parse', () => {
    const form = formOf(announcementBar);
    expect(form.settings.map(({ key, control, value }) => [key, control, value])).toEqual([
      ['message', 'text', 'Free delivery on orders over $60'],
      ['tone', 'select', 'brand'],
      ['show_newest', 'toggle', true],
    ]);
    expect(form.blocks.map(({ key, control }) => [key, control])).toEqual([
      ['label', 'text'],
      ['link', 'url'],
    ]);
    expect([...form.settings, ...form.blocks].flatMap(problemsOf)).toEqual([]);
  });

  it('leaves every section type of the theme registry drawable by the studio', () => {
    const problems = Object.values(themeRegistry).flatMap((definition) => {
      const form = formOf(definition);
      return [...form.settings, ...form.blocks].flatMap(problemsOf).map((problem) => `${definition.name}: ${problem}`);
    });
    expect(problems).toEqual([]);
  });

  it('creates a new section with its defaults and first link, and migrates a version-1 document', () => {
    const section = announcementBar.create('announcement');
    expect(section).toEqual({
      id: 'announcement',
      type: 23,
      version: 2,
      settings: { message: 'Free delivery on orders over $60', tone: 'brand', show_newest: true },
      style: expect.objectContaining({ alignment: 'start', section_width: 'default' }),
      blocks: [{ id: 'announcement-b1', settings: { label: 'Shop now', link: '/' } }],
    });
    expect(announcementBar.readSettings({ text: 'Studio closed on Monday', highlight: false }, 1)).toEqual({
      message: 'Studio closed on Monday',
      tone: 'surface',
      show_newest: true,
    });
  });

  it('loads the newest product with the theme registry, and is skipped by a registry that does not list it', async () => {
    const section = announcementBar.create('announcement');
    const { catalog, productQueries } = catalogueReader();
    const failures: string[] = [];
    const data = await loadSectionData([section], { catalog, sanitizeOwnerHtml }, (id) => failures.push(id), themeRegistry);
    expect(productQueries).toEqual([{ sort: 7, limit: 1 }]);
    expect(data).toEqual({ announcement: [expect.objectContaining({ itemName: 'Moss glaze bowl' })] });
    expect(failures).toEqual([]);
    // The store's own registry does not know type 23: no loader runs, nothing fails.
    expect(await loadSectionData([section], { catalog, sanitizeOwnerHtml })).toEqual({});
  });

  it('renders on the server in a page with built-in sections, each with its loader’s data', async () => {
    const bar: SectionNode = {
      ...announcementBar.create('announcement'),
      blocks: [
        { id: 'announcement-1', settings: { label: 'Shop mugs', link: '/mugs' } },
        { id: 'announcement-2', settings: { label: 'Open studio day', link: '#section-cta' } },
      ],
    };
    const fromFixture = (id: string) => allSectionsPage.sections.find((section) => section.id === id)!;
    const sections = [bar, fromFixture('hero'), fromFixture('products'), fromFixture('cta')];
    const { catalog } = catalogueReader();
    const data = await loadSectionData(sections, { catalog, sanitizeOwnerHtml }, () => {}, themeRegistry);
    const html = renderToString(
      <ShopProvider value={{ storeTitle: 'North Clay' }}>
        <main>
          <PageRenderer registry={renderRegistryOf(themeRegistry)} sections={sections} data={data} mode="preview" />
        </main>
      </ShopProvider>,
    );
    const page = document.createElement('div');
    page.innerHTML = html;

    expect([...page.querySelectorAll('[data-section-id]')].map((element) => element.getAttribute('data-section-id'))).toEqual([
      'announcement',
      'hero',
      'products',
      'cta',
    ]);
    expect(page.querySelector('[role="alert"]'), 'a section could not be drawn').toBeNull();
    expect(page.querySelectorAll('#section-products .vt-product-card')).toHaveLength(8);

    const region = page.querySelector('section[data-section-id="announcement"]')!;
    expect(region.getAttribute('aria-label')).toBe('Announcement');
    expect(region.className).toBe(
      'vt-section vt-section-announcement-bar vt-width-default vt-align-start vt-announcement vt-announcement-brand',
    );
    expect(region.querySelector('.vt-announcement-message')?.textContent).toBe('Free delivery on orders over $60');
    expect([...region.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['New: Moss glaze bowl', '/moss-glaze-bowl'],
      ['Shop mugs', '/mugs'],
      ['Open studio day', '#section-cta'],
    ]);
    const image = region.querySelector('img')!;
    expect([image.getAttribute('alt'), image.getAttribute('width'), image.getAttribute('height'), image.getAttribute('loading')]).toEqual([
      '',
      '32',
      '32',
      'lazy',
    ]);
  });

  it('draws nothing on the storefront with a registry that does not list it', async () => {
    const section = announcementBar.create('announcement');
    const html = renderToString(<PageRenderer registry={renderRegistry} sections={[section]} />);
    expect(html).toBe('');
  });

  it('fits the page document as it is: any positive type id is a section node, the registry in use decides the rest', () => {
    expect(sectionNode.safeParse(announcementBar.create('announcement')).success).toBe(true);
    expect(sectionNode.safeParse({ ...announcementBar.create('announcement'), type: 0 }).success).toBe(false);
    expect(sectionNode.safeParse(sectionRegistry[9].create('cta')).success).toBe(true);
  });
});
