import { performance } from 'node:perf_hooks';
import { httpGet, type ProductionServer, type RawResponse } from './processes.ts';
import { summarize, type Timing } from './timing.ts';

/** The seeded "Harbor & Pine" store, whose home page has a products section. */
const STORE_HOST = 'localhost';

/** Widths no page asks for, so each is a resize the server has never made: a cold request. */
const COLD_WIDTHS = Array.from({ length: 16 }, (_, i) => 301 + i * 23);
/** The one variant timed warm; a width the storefront's srcset uses. */
const CACHED_WIDTH = 640;
const WARM_REQUESTS = 60;
/** The products section's type id (§3.15). */
const PRODUCTS_SECTION = 3;

/** The image route's three cases, one request at a time, and how each compares with a static file. */
export interface ImageRouteResult {
  /** The media file every request is about. */
  mediaPath: string;
  sourceBytes: number;
  /** A new width each time: read the source, resize, encode webp, write the cache, send. */
  cold: Timing;
  /** The same variant again: a disk-cache hit. */
  cached: Timing;
  /** The original through the static media route. */
  static: Timing;
  coldPerStatic: number;
  cachedPerStatic: number;
}

/**
 * Times the image route (§7) against the running server: cold resizes at distinct widths, repeated hits of one cached
 * variant, and the untouched original from the static media route. Requests are sequential, so each number is one
 * request's latency on an otherwise idle server, not throughput.
 */
export async function benchImageRoute(server: ProductionServer): Promise<ImageRouteResult> {
  const mediaPath = await productImageOfHomePage(server);
  const get = async (path: string, contentType: RegExp): Promise<{ ms: number; response: RawResponse }> => {
    const start = performance.now();
    const response = await httpGet(`${server.origin}${path}`, { host: STORE_HOST });
    const ms = performance.now() - start;
    const type = String(response.headers['content-type'] ?? '');
    if (response.status !== 200 || !contentType.test(type) || response.body.length === 0) {
      throw new Error(`GET ${path} answered ${response.status} ${type} with ${response.body.length} bytes`);
    }
    return { ms, response };
  };
  const variant = (width: number) => `/_img/f_webp,w_${width}${mediaPath}`;

  // Connections, the route's code and sharp's first use warmed on another variant and the static route first.
  await get(variant(CACHED_WIDTH), /^image\/webp/);
  for (let i = 0; i < 5; i++) await get(mediaPath, /^image\//);

  const cold: number[] = [];
  for (const width of COLD_WIDTHS) cold.push((await get(variant(width), /^image\/webp/)).ms);
  const cached: number[] = [];
  for (let i = 0; i < WARM_REQUESTS; i++) cached.push((await get(variant(CACHED_WIDTH), /^image\/webp/)).ms);
  const original: number[] = [];
  let sourceBytes = 0;
  for (let i = 0; i < WARM_REQUESTS; i++) {
    const { ms, response } = await get(mediaPath, /^image\//);
    original.push(ms);
    sourceBytes = response.body.length;
  }

  const result = { cold: summarize(cold), cached: summarize(cached), static: summarize(original) };
  return {
    mediaPath,
    sourceBytes,
    ...result,
    coldPerStatic: result.cold.meanMs / result.static.meanMs,
    cachedPerStatic: result.cached.meanMs / result.static.meanMs,
  };
}

/** The image of the first product of the home page's products section, as `GET /api/Page/GetPage?Slug=` gives it. */
async function productImageOfHomePage(server: ProductionServer): Promise<string> {
  const response = await httpGet(`${server.origin}/api/Page/GetPage?Slug=`, { host: STORE_HOST });
  if (response.status !== 200) throw new Error(`GetPage answered ${response.status}: ${response.body.toString('utf8').slice(0, 500)}`);
  const page = JSON.parse(response.body.toString('utf8')) as {
    data: { document: { sections: { id: string; type: number }[] }; sectionData: Record<string, { imageFile?: unknown }[] | undefined> };
  };
  for (const section of page.data.document.sections.filter((s) => s.type === PRODUCTS_SECTION)) {
    const file = page.data.sectionData[section.id]?.find(
      (product) => typeof product.imageFile === 'string' && product.imageFile.startsWith('/media/'),
    )?.imageFile;
    if (typeof file === 'string') return file;
  }
  throw new Error('The home page has no products section with a product image in its section data');
}
