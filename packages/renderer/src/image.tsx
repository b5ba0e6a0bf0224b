import { createContext, use, useState, type ImgHTMLAttributes } from 'react';

/** Turns a media path and a width into the address of a resized copy; `null` means "serve as is". */
export type ImageUrlBuilder = (src: string, width: number, density: number) => string | null;

export interface ImageSettings {
  /** Turns a stored media address into one the browser can load (e.g. a scheme prefix into the CDN base). */
  resolve: (src: string) => string;
  buildUrl: ImageUrlBuilder;
  /** Widths to offer in `srcset` (the image breakpoints of §9). */
  widths: readonly number[];
  densities: readonly number[];
  /** What a picture without a source (or one that failed) shows: §9's 400×300 card. */
  placeholder: string;
  /** The same for a picture drawn across the page (`wide`): §9's 4000×300 strip; `placeholder` when not given. */
  widePlaceholder?: string;
}

const ImageContext = createContext<ImageSettings>({
  resolve: (src) => src,
  buildUrl: () => null,
  widths: [],
  densities: [1],
  placeholder: '',
});

/** Supplies how images are resized and what shows when one fails. */
export const ImageProvider = ImageContext;

export interface ImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** Loads at once instead of lazily: for the first image a shopper sees. */
  priority?: boolean;
  /** Drawn across the page (a hero's picture): without its picture it shows the wide placeholder (§9's 4000×300). */
  wide?: boolean;
}

/** Each source's `srcset`, kept per settings: a product's image is drawn on many pages, and on every request. */
const srcSets = new WeakMap<ImageSettings, Map<string, string>>();
const KEPT_SOURCES = 2000;

/** The resized copies of `source` over the settings' widths and densities, smallest first ("" when none). */
function srcSetOf(settings: ImageSettings, source: string): string {
  let kept = srcSets.get(settings);
  if (!kept) srcSets.set(settings, (kept = new Map()));
  let srcSet = kept.get(source);
  if (srcSet === undefined) {
    const candidates = new Map<number, string>();
    for (const w of settings.widths) {
      for (const d of settings.densities) {
        const url = settings.buildUrl(source, w, d);
        if (url) candidates.set(w * d, url);
      }
    }
    srcSet = [...candidates]
      .sort(([a], [b]) => a - b)
      .map(([w, url]) => `${url} ${w}w`)
      .join(', ');
    if (kept.size >= KEPT_SOURCES) kept.delete(kept.keys().next().value!);
    kept.set(source, srcSet);
  }
  return srcSet;
}

/**
 * An image with its intrinsic size (no layout shift), a `srcset` over the configured widths and densities, lazy
 * loading unless it is a priority image, and the placeholder when it fails or has no source (the wide one for a
 * picture across the page).
 */
export function Image({ src, alt, width, height, priority = false, wide = false, sizes = '100vw', ...rest }: ImageProps) {
  const settings = use(ImageContext);
  const [failed, setFailed] = useState(false);
  const placeholder = (wide && settings.widePlaceholder) || settings.placeholder;
  const source = !src || failed ? placeholder : settings.resolve(src);
  const srcSet = source && src && !failed ? srcSetOf(settings, source) : '';
  return (
    <img
      src={(src && !failed ? settings.buildUrl(source, width, 1) : null) ?? (source || undefined)}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      onError={() => setFailed(true)}
      {...rest}
    />
  );
}
