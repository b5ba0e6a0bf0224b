import { renderToString } from 'react-dom/server';
import { imageUrl, type PageDocument, type ProductCard, type SectionNode } from '@vitrine/commerce';
import { ImageProvider, PageRenderer, type ImageSettings } from '@vitrine/renderer';
import { ShopProvider, loadSectionData, renderRegistry, type CatalogReader } from '@vitrine/sections';
import { allSectionsPage } from '@vitrine/sections/fixtures';
import { imageBreakpoints, imageDensities } from '@vitrine/theme-engine';
import { timeRepeatedly, type Timing } from './timing.ts';
import { sanitizeOwnerHtml } from '@vitrine/sections/owner-html';

/** A product card as the catalogue gives it; the reader below hands out eight of them. */
const product: ProductCard = {
  productID: 1,
  itemName: 'Speckled stoneware mug',
  productURL: '/speckled-stoneware-mug',
  price: 2800,
  compareAtPrice: 3400,
  isHidePrice: false,
  imageFile: '/media/1/products/stoneware-mug-1.webp',
  imageWidth: 800,
  imageHeight: 800,
  brandName: 'North Clay',
  rating: 4.6,
  ratingCount: 31,
  stockStatusID: 1,
  needsChoice: false,
};

/** An in-memory catalogue: 8 products, 6 categories, 6 brands, answered at once (no database in this number). */
const catalog: CatalogReader = {
  getProducts: async (query) =>
    Array.from({ length: Math.min(query.limit ?? 8, 8) }, (_, i) => ({
      ...product,
      productID: i + 1,
      itemName: `${product.itemName} ${i + 1}`,
      productURL: `${product.productURL}-${i + 1}`,
    })),
  getCategories: async ({ limit }) =>
    Array.from({ length: Math.min(limit, 6) }, (_, i) => ({
      categoryID: i + 1,
      parentID: null,
      name: `Category ${i + 1}`,
      slug: `category-${i + 1}`,
      imageFile: `/media/1/categories/c${i + 1}.webp`,
      productCount: 8,
    })),
  getBrands: async ({ limit }) =>
    Array.from({ length: Math.min(limit, 6) }, (_, i) => ({
      brandID: i + 1,
      name: `Maker ${i + 1}`,
      slug: `maker-${i + 1}`,
      logoFile: i % 2 ? null : `/media/1/brands/b${i + 1}.webp`,
    })),
};

/** The storefront's image settings (root.tsx): webp through the image route at the breakpoints of §9, 1× and 2×. */
const images: ImageSettings = {
  resolve: (src) => src,
  buildUrl: (src, width, density) => (src.startsWith('/media/') ? imageUrl(src, { w: Math.min(width * density, 4096) }) : null),
  widths: Object.values(imageBreakpoints),
  densities: imageDensities,
  placeholder: imageUrl('/placeholder', { w: 400, h: 300 }),
};

/** `count` sections cycling through the all-sections fixture (all 22 types), with ids made unique. */
function longPage(count: number): PageDocument {
  const sections = Array.from({ length: count }, (_, i): SectionNode => {
    const source = allSectionsPage.sections[i % allSectionsPage.sections.length]!;
    const suffix = `-${i + 1}`;
    return {
      ...source,
      id: `${source.id}${suffix}`,
      ...(source.blocks ? { blocks: source.blocks.map((block) => ({ ...block, id: `${block.id}${suffix}` })) } : {}),
    };
  });
  return { ...allSectionsPage, slug: 'long-page', sections };
}

/** Server render of a long page: data loading and `renderToString` timed apart, and the HTML's size. */
export interface PageRenderResult {
  sections: number;
  /** `loadSectionData` over the page with the in-memory catalogue: the loaders' own overhead, no I/O. */
  load: Timing;
  render: Timing;
  htmlBytes: number;
  reactBuild: 'production' | 'development';
}

/**
 * Renders a page of `count` sections as the server does (`PageRenderer` with `renderRegistry`, the shop and image
 * providers, the data `loadSectionData` produced) with `renderToString`. React's production build is used only when
 * NODE_ENV is "production"; run.ts starts this in a child process that sets it, as the production server does.
 */
export async function benchPageRender(count = 100, iterations = 40): Promise<PageRenderResult> {
  const page = longPage(count);
  const failures: string[] = [];
  const data = await loadSectionData(page.sections, { catalog, sanitizeOwnerHtml }, (sectionId) => failures.push(sectionId));
  if (failures.length) throw new Error(`Loaders failed for ${failures.join(', ')}`);
  const draw = () =>
    renderToString(
      <ImageProvider value={images}>
        <ShopProvider value={{ storeTitle: 'North Clay' }}>
          <main>
            <PageRenderer registry={renderRegistry} sections={page.sections} data={data} />
          </main>
        </ShopProvider>
      </ImageProvider>,
    );
  const html = draw();
  const drawn = html.match(/data-section-id="/g)?.length ?? 0;
  // A section that throws renders nothing on a live page; count them so a broken section cannot flatter the number.
  if (drawn !== count) throw new Error(`The long page drew ${drawn} of its ${count} sections`);
  const load = await timeRepeatedly(() => loadSectionData(page.sections, { catalog, sanitizeOwnerHtml }), { warmup: 20, iterations: 200 });
  const render = await timeRepeatedly(draw, { warmup: 5, iterations });
  return {
    sections: count,
    load,
    render,
    htmlBytes: Buffer.byteLength(html),
    reactBuild: process.env['NODE_ENV'] === 'production' ? 'production' : 'development',
  };
}
