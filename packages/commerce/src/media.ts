/** The image route's prefix (§7): `/_img/{modifiers}/{media path}`. */
export const IMAGE_ROUTE = '/_img';

/**
 * The only widths and heights the image route makes (§7, §9): every `srcset` width the storefront and the studio's
 * preview offer (the image breakpoints 320–1536 at densities 1 and 2) and the boxes their images are drawn in (a
 * 40 px suggestion, a 96 px thumbnail, the 400×300 placeholder, the 1600 px hero). The browser asks for these and
 * the server makes no other: any other size is snapped by `imageSize`, so a request cannot name new work by the
 * million.
 */
export const IMAGE_SIZES = [
  40, 48, 56, 64, 80, 96, 120, 160, 240, 300, 320, 400, 480, 640, 768, 800, 960, 1024, 1280, 1536, 1600, 2048, 2560, 3072,
] as const;

/** §9's media placeholder for a picture in a card, a column or a tile: 400×300. */
export const MEDIA_PLACEHOLDER = { width: 400, height: 300 } as const;
/**
 * §9's other media placeholder, for a picture drawn across the page (a hero's): a 4000×300 strip. The image route
 * draws it within its bounds (its larger side at most 800 px), a strip all the same.
 */
export const WIDE_MEDIA_PLACEHOLDER = { width: 4000, height: 300 } as const;

/** The allowed size for `px`: the smallest of `IMAGE_SIZES` at least as large (so a picture is never blurred), or the largest. */
export function imageSize(px: number): number {
  for (const size of IMAGE_SIZES) if (size >= px) return size;
  return IMAGE_SIZES[IMAGE_SIZES.length - 1]!;
}

/** Modifiers of the image route: format, width, height, quality, fit and background (a hex colour without #). */
export interface ImageRequest {
  f?: 'webp' | 'avif' | 'jpeg' | 'png';
  w?: number;
  h?: number;
  q?: number;
  fit?: 'cover' | 'contain' | 'fill' | 'inside' | 'outside';
  b?: string;
}

/** The address of a resized copy of a media file, e.g. `imageUrl('/media/1/a.webp', { w: 640 })` → `/_img/f_webp,w_640/media/1/a.webp`. */
export function imageUrl(mediaPath: string, request: ImageRequest): string {
  const modifiers = { f: 'webp', ...request } as ImageRequest;
  const parts = (['f', 'w', 'h', 'q', 'fit', 'b'] as const).filter((k) => modifiers[k] !== undefined).map((k) => `${k}_${modifiers[k]}`);
  return `${IMAGE_ROUTE}/${parts.join(',')}${mediaPath.startsWith('/') ? '' : '/'}${mediaPath}`;
}

/**
 * A media address as the browser should load it (§9): one with a scheme prefix other than http(s), such as
 * `media://products/mug.webp`, has the prefix replaced by the site's staticCDN base; any other is kept.
 */
export function mediaUrl(address: string, staticCDN: string): string {
  const match = /^([a-z][a-z0-9+.-]*):\/\//i.exec(address);
  if (!match || /^https?$/i.test(match[1]!)) return address;
  return `${staticCDN.replace(/\/+$/, '')}/${address.slice(match[0].length).replace(/^\/+/, '')}`;
}
