// The pictures of an imported CSV (issue 34), taken before the import's transaction opens, so that no fetch holds it:
// a picture of the store's own media is kept where it is; a picture of another store on this server (an export of
// it names its files by its own address) is copied into this store's media, since a store never shows another's
// files; any other http(s) address is fetched, with a short timeout and the upload's size limit, and stored through
// the media upload path (checked and re-encoded as an upload is). A picture that cannot be taken is reported by row.
import { lookup } from 'node:dns/promises';
import { readFile } from 'node:fs/promises';
import { BlockList, isIP } from 'node:net';
import { basename, join, normalize, sep } from 'node:path';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES, type CatalogueCsvProblem } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import type { CsvProduct } from './catalogue-csv-read.ts';
import { prepareUpload, storeUpload } from './media-uploads.ts';

/** A picture ready for a product: its media path and size, and the library row to record when it is new to the store. */
export interface TakenPicture {
  file: string;
  width: number;
  height: number;
  upload: { path: string; width: number; height: number; bytes: number; name: string } | null;
}

/** How long one picture's fetch may take, headers and body. */
const FETCH_TIMEOUT_MS = 8000;
/** Pictures fetched at once. */
const FETCH_CONCURRENCY = 8;

/** Addresses a picture is never fetched from: this machine and private networks (an owner's file must not reach them). */
const privateAddresses = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  privateAddresses.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::1', 128],
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  privateAddresses.addSubnet(network, prefix, 'ipv6');

/** Why a picture could not be taken, in the owner's words. */
class PictureRefused extends Error {}

/** The bytes at an http(s) address, at most `MAX_UPLOAD_BYTES`, from a public address only. */
async function fetchBytes(src: string): Promise<Buffer> {
  const url = new URL(src);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  if (addresses.some(({ address, family }) => privateAddresses.check(address, family === 6 ? 'ipv6' : 'ipv4')))
    throw new PictureRefused('its address is on a private network');
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
  if (!response.ok || !response.body) throw new PictureRefused(`the address answered ${response.status}`);
  if (Number(response.headers.get('content-length') ?? 0) > MAX_UPLOAD_BYTES) throw new PictureRefused('it is too large');
  const chunks: Buffer[] = [];
  let bytes = 0;
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    bytes += part.value.length;
    if (bytes > MAX_UPLOAD_BYTES) {
      await reader.cancel();
      throw new PictureRefused('it is too large');
    }
    chunks.push(Buffer.from(part.value));
  }
  return Buffer.concat(chunks);
}

/**
 * The pictures of `products` made ready for store `webId`, by address, and the problems of those that could not be
 * taken (their products are imported without them).
 */
export async function takePictures(
  store: Db,
  everyStore: Db,
  mediaDir: string,
  webId: number,
  products: readonly CsvProduct[],
): Promise<{ taken: Map<string, TakenPicture>; problems: CatalogueCsvProblem[] }> {
  const rowsOf = new Map<string, { row: number; column: string }[]>();
  const addSource = (src: string, row: number, column: string) => rowsOf.set(src, [...(rowsOf.get(src) ?? []), { row, column }]);
  for (const product of products) {
    for (const picture of product.pictures) addSource(picture.src, picture.row, 'Image Src');
    for (const variant of product.variants) if (variant.image) addSource(variant.image, variant.row, 'Variant Image');
  }
  const sources = [...rowsOf.keys()];
  const hosts = [
    ...new Set(
      sources.flatMap((src) => {
        if (src.startsWith('/')) return [];
        return [new URL(src).hostname];
      }),
    ),
  ];
  const served = new Set(
    hosts.length
      ? (await everyStore.selectFrom('site_domains').select('domain').where('domain', 'in', hosts).execute()).map((row) => row.domain)
      : [],
  );
  /** The media path an address names on this server (`/media/{store}/…`), or null for another server's address. */
  const mediaPathOf = (src: string): string | null => {
    const raw = src.startsWith('/') ? src.split(/[?#]/)[0]! : served.has(new URL(src).hostname) ? new URL(src).pathname : null;
    if (!raw) return null;
    let path: string;
    try {
      path = decodeURI(raw);
    } catch {
      return null;
    }
    // Checked as decoded: a file of a store's folder, never a way out of it.
    return /^\/media\/\d+\/[^\\]+$/.test(path) && !path.split('/').some((part) => part === '..' || part === '.') ? path : null;
  };
  const own = sources.map(mediaPathOf).filter((path): path is string => path !== null && path.startsWith(`/media/${webId}/`));
  const sizes = new Map<string, { width: number; height: number }>();
  if (own.length) {
    const [media, shown] = await Promise.all([
      store.selectFrom('media').select(['path', 'width', 'height']).where('path', 'in', own).execute(),
      store.selectFrom('product_images').select(['file', 'width', 'height']).where('file', 'in', own).execute(),
    ]);
    for (const row of shown) sizes.set(row.file, { width: row.width, height: row.height });
    for (const row of media) sizes.set(row.path, { width: row.width ?? 0, height: row.height ?? 0 });
  }

  const take = async (src: string): Promise<TakenPicture> => {
    const path = mediaPathOf(src);
    if (path?.startsWith(`/media/${webId}/`)) {
      const size = sizes.get(path);
      if (size) return { file: path, ...size, upload: null };
    }
    let bytes: Buffer;
    if (path) {
      // A file of this server's media (this store's, not yet in its library, or another store's): read from disk.
      const file = normalize(join(mediaDir, path.slice('/media/'.length)));
      if (!file.startsWith(normalize(mediaDir) + sep)) throw new PictureRefused('it is not a picture of this server');
      bytes = await readFile(file).catch(() => {
        throw new PictureRefused('this server has no such picture');
      });
      if (path.startsWith(`/media/${webId}/`)) {
        const metadata = await sharp(bytes).metadata();
        return { file: path, width: metadata.width ?? 0, height: metadata.height ?? 0, upload: null };
      }
    } else bytes = await fetchBytes(src);
    const prepared = await prepareUpload(bytes);
    if (!prepared.ok)
      throw new PictureRefused(prepared.reason === 'not-an-image' ? 'it is not an image' : `it is ${prepared.reason.replaceAll('-', ' ')}`);
    const stored = await storeUpload(mediaDir, webId, prepared.webp);
    const name = basename(path ?? new URL(src).pathname).slice(0, 200) || 'picture';
    const { width, height, webp } = prepared;
    return { file: stored, width, height, upload: { path: stored, width, height, bytes: webp.length, name } };
  };

  const taken = new Map<string, TakenPicture>();
  const problems: CatalogueCsvProblem[] = [];
  let next = 0;
  const worker = async () => {
    while (next < sources.length) {
      const src = sources[next++]!;
      try {
        taken.set(src, await take(src));
      } catch (error) {
        const why = error instanceof PictureRefused ? error.message : 'the address did not answer';
        for (const { row, column } of rowsOf.get(src)!) problems.push({ row, column, reason: `could not fetch the picture: ${why}` });
      }
    }
  };
  await Promise.all(Array.from({ length: FETCH_CONCURRENCY }, worker));
  problems.sort((a, b) => a.row - b.row);
  return { taken, problems };
}
