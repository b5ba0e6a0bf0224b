/** The image route's prefix (§7): `/_img/{modifiers}/{media path}`. */
export const IMAGE_ROUTE = '/_img';

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
