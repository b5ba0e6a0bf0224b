import { createHash } from 'node:crypto';
import { mkdir, readdir, stat, unlink } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import { MEDIA_PLACEHOLDER, imageSize } from '@vitrine/commerce';
import { isInterruptedWrite, writeWhole } from './files.ts';

/** Largest width or height a request may name (a larger one is refused); what is made is snapped to `IMAGE_SIZES`. */
export const MAX_IMAGE_SIDE = 4096;
/**
 * Most pixels one answer has: a 2048×2048 webp or jpeg of a detailed photo costs 0.6–0.9 s of one core here, where
 * 4096×4096 cost seconds. A larger box is made smaller, its shape kept (the browser scales it to the box).
 */
export const MAX_OUTPUT_PIXELS = 2048 * 2048;
/** Most pixels of an AVIF answer: AVIF costs several times webp per pixel, even at effort 0 (1536×1152: 0.4 s). */
export const MAX_AVIF_PIXELS = 1536 * 1152;
/** AVIF's encoding effort: 0 is 5× cheaper than 2 (1024×768: 0.24 s against 1.3 s) for files a few % larger. */
export const AVIF_EFFORT = 0;
/** The qualities made: asked ones are clamped into this range and rounded to a step of it (fewer copies to make). */
export const QUALITY_RANGE = { min: 30, max: 90, step: 5 } as const;
/** Backgrounds every store may ask for; any other must be a colour of one of the store's published themes. */
export const FIXED_BACKGROUNDS: ReadonlySet<string> = new Set(['ffffff', '000000']);
/** Size of the placeholder when a request names none (§9: 400×300). */
export const PLACEHOLDER_SIZE = MEDIA_PLACEHOLDER;
/** The largest side of a placeholder: the browser scales it to the box; drawing it at 4096 px only costs CPU. */
export const MAX_PLACEHOLDER_SIDE = 800;
/** How many images are resized at once; the rest wait in line, so file serving always has threads left. */
export const IMAGE_WORKERS = 2;
/** How many may wait; past that the route answers 503 with Retry-After rather than queue without bound. */
export const MAX_WAITING_IMAGES = 64;
/** The disk cache's bound unless told otherwise (least recently used out). */
export const DEFAULT_IMAGE_CACHE_BYTES = 512 * 1024 * 1024;

// One libvips thread per image: two images at once use two threads of Node's pool, never all of it.
sharp.concurrency(1);

const hex = /^[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/;

/** The modifiers of §7 and §2.12: format, width, height, quality, fit and background. */
export const imageModifiers = z
  .object({
    f: z.enum(['webp', 'avif', 'jpeg', 'png']).default('webp'),
    // Sizes snap to the shared list and quality into its range, so one picture has a few hundred copies, not millions.
    w: z.coerce.number().int().min(1).max(MAX_IMAGE_SIDE).transform(imageSize).optional(),
    h: z.coerce.number().int().min(1).max(MAX_IMAGE_SIDE).transform(imageSize).optional(),
    q: z.coerce.number().int().min(1).max(100).transform(quality).default(80),
    fit: z.enum(['cover', 'contain', 'fill', 'inside', 'outside']).default('cover'),
    b: z.string().regex(hex, 'must be a hex colour without #').transform(hexColour).optional(),
  })
  .strict();
export type ImageModifiers = z.infer<typeof imageModifiers>;

/** A quality clamped into `QUALITY_RANGE` and rounded to its step. */
function quality(q: number): number {
  const { min, max, step } = QUALITY_RANGE;
  return Math.min(max, Math.max(min, Math.round(q / step) * step));
}

/** A hex colour of three or six digits as six lower-case digits without `#` (`FFF` → `ffffff`). */
export function hexColour(colour: string): string {
  const digits = colour.replace(/^#/, '').toLowerCase();
  return digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
}

/** The backgrounds a theme's settings name: its colours that are plain hex, as `hexColour` writes them. */
export function themeBackgrounds(colors: Readonly<Record<string, string>>): string[] {
  return Object.values(colors)
    .filter((colour) => /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(colour))
    .map(hexColour);
}

/**
 * What to ask sharp's resize for so the answer has at most `maxPixels`: the modifiers' own width and height when
 * within it, else both made smaller by one factor. `source` is the picture's size as drawn (after EXIF rotation).
 */
export function boundedResize(
  source: { width: number; height: number },
  m: Pick<ImageModifiers, 'w' | 'h' | 'fit'>,
  maxPixels: number,
): { width?: number; height?: number } {
  const box = m.w !== undefined && m.h !== undefined && m.fit !== 'inside' && m.fit !== 'outside';
  // A box (cover, contain, fill) is answered at the box's size; otherwise the picture is scaled, never enlarged.
  const scale = box
    ? 1
    : Math.min(
        1,
        m.w === undefined && m.h === undefined
          ? 1
          : m.fit === 'outside' && m.w !== undefined && m.h !== undefined
            ? Math.max(m.w / source.width, m.h / source.height)
            : Math.min(m.w === undefined ? Infinity : m.w / source.width, m.h === undefined ? Infinity : m.h / source.height),
      );
  const pixels = box ? m.w! * m.h! : source.width * scale * source.height * scale;
  const asked = { ...(m.w !== undefined ? { width: m.w } : {}), ...(m.h !== undefined ? { height: m.h } : {}) };
  if (pixels <= maxPixels) return asked;
  const shrink = Math.sqrt(maxPixels / pixels);
  if (box) return { width: Math.max(1, Math.floor(m.w! * shrink)), height: Math.max(1, Math.floor(m.h! * shrink)) };
  // The scaled picture made smaller still: named by its width alone, so its shape is the source's.
  return { width: Math.max(1, Math.floor(source.width * scale * shrink)) };
}

const names: Record<string, keyof ImageModifiers> = {
  f: 'f',
  format: 'f',
  w: 'w',
  width: 'w',
  h: 'h',
  height: 'h',
  q: 'q',
  quality: 'q',
  fit: 'fit',
  b: 'b',
  background: 'b',
};

/**
 * Reads the modifier segment of `/_img/{modifiers}/{path}`: comma-separated `name_value` pairs such as
 * `f_webp,w_640,q_75`, or `_` for none. Returns the problem in words when a modifier is unknown or out of range.
 */
export function parseModifiers(segment: string): { ok: true; modifiers: ImageModifiers } | { ok: false; field: string; message: string } {
  const raw: Record<string, string> = {};
  if (segment !== '_' && segment !== '') {
    for (const part of segment.split(',')) {
      const at = part.indexOf('_');
      const name = at > 0 ? names[part.slice(0, at)] : undefined;
      if (!name)
        return { ok: false, field: part.slice(0, Math.max(at, 0)) || part, message: 'is not an image modifier (f, w, h, q, fit, b)' };
      if (name in raw) return { ok: false, field: name, message: 'is given twice' };
      raw[name] = part.slice(at + 1);
    }
  }
  const parsed = imageModifiers.safeParse(raw);
  if (parsed.success) return { ok: true, modifiers: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, field: String(issue.path[0] ?? 'modifiers'), message: issue.message };
}

export interface ImageResult {
  file: string;
  contentType: string;
  /** False when the source was missing and the placeholder was made instead. */
  found: boolean;
}

const contentTypes = { webp: 'image/webp', avif: 'image/avif', jpeg: 'image/jpeg', png: 'image/png' } as const;

/** Thrown when more images wait to be made than `MAX_WAITING_IMAGES`: the caller should try again shortly. */
export class ImageQueueFull extends Error {}

/** Runs at most `limit` jobs at once; up to `maxWaiting` more wait in order, and any beyond are refused at once. */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.maxWaiting) throw new ImageQueueFull('Too many images are being made; try again shortly');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
    try {
      return await job();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

/**
 * The placeholder's size class for a request: its aspect ratio kept, its larger side at most
 * `MAX_PLACEHOLDER_SIDE`, both sides rounded to tens. Every missing file of one class shares one cached placeholder.
 */
export function placeholderSize(m: Pick<ImageModifiers, 'w' | 'h'>): { width: number; height: number } {
  let width = m.w ?? (m.h ? Math.round((m.h * PLACEHOLDER_SIZE.width) / PLACEHOLDER_SIZE.height) : PLACEHOLDER_SIZE.width);
  let height = m.h ?? (m.w ? Math.round((m.w * PLACEHOLDER_SIZE.height) / PLACEHOLDER_SIZE.width) : PLACEHOLDER_SIZE.height);
  const scale = Math.min(1, MAX_PLACEHOLDER_SIDE / Math.max(width, height));
  width = Math.max(10, Math.round((width * scale) / 10) * 10);
  height = Math.max(10, Math.round((height * scale) / 10) * 10);
  return { width, height };
}

/**
 * Resizes and converts media files, caching every result on disk under `cacheDir` by source, source version
 * (size and modification time) and modifiers. Identical requests in flight share one piece of work; different ones
 * take turns in a bounded queue. A missing source gets the placeholder of its size class, whatever its path, so
 * made-up paths cannot make new work. The cache stays under `maxCacheBytes`, the least recently used files going first.
 */
export class ImageService {
  private readonly inFlight = new Map<string, Promise<ImageResult>>();
  private readonly queue: WorkQueue;
  /** Cached files by path, in order of last use (oldest first), with their sizes. */
  private readonly cached = new Map<string, number>();
  private cachedBytes = 0;
  private readonly indexed: Promise<void>;

  constructor(
    private readonly mediaDir: string,
    private readonly cacheDir: string,
    private readonly maxCacheBytes: number = DEFAULT_IMAGE_CACHE_BYTES,
    { workers = IMAGE_WORKERS, maxWaiting = MAX_WAITING_IMAGES }: { workers?: number; maxWaiting?: number } = {},
  ) {
    this.queue = new WorkQueue(workers, maxWaiting);
    this.indexed = this.indexCache();
  }

  /** The file to send for `mediaPath` (e.g. `/media/1/products/mug-1.webp`) with `modifiers`. */
  async render(mediaPath: string, modifiers: ImageModifiers): Promise<ImageResult> {
    await this.indexed;
    const source = this.sourceFile(mediaPath);
    const info = source ? await stat(source).catch(() => null) : null;
    const found = Boolean(info?.isFile());
    const size = found ? null : placeholderSize(modifiers);
    const identity = found ? [mediaPath, `${info!.size}-${info!.mtimeMs}`, modifiers] : ['placeholder', modifiers.f, size];
    const key = createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 32);
    const file = join(this.cacheDir, key.slice(0, 2), `${key}.${modifiers.f}`);
    const result = { file, contentType: contentTypes[modifiers.f], found };
    if (this.touch(file)) return result;
    let work = this.inFlight.get(key);
    if (!work) {
      work = this.queue
        .run(() =>
          found
            ? this.make(sharp(source!, { limitInputPixels: 50_000_000 }), file, modifiers)
            : this.make(placeholder(size!.width, size!.height), file, { f: modifiers.f, q: 60, fit: 'fill' }),
        )
        .then(async (bytes) => {
          await this.remember(file, bytes);
          return result;
        })
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, work);
    }
    return work;
  }

  /** Marks a cached file as just used; false when it is not cached. */
  private touch(file: string): boolean {
    const size = this.cached.get(file);
    if (size === undefined) return false;
    this.cached.delete(file);
    this.cached.set(file, size);
    return true;
  }

  /** Counts a new file in, and removes the least recently used while the cache is over its bound. */
  private async remember(file: string, bytes: number): Promise<void> {
    this.cached.set(file, bytes);
    this.cachedBytes += bytes;
    for (const [oldest, size] of this.cached) {
      if (this.cachedBytes <= this.maxCacheBytes || oldest === file) break;
      this.cached.delete(oldest);
      this.cachedBytes -= size;
      await unlink(oldest).catch(() => {});
    }
  }

  /** Reads what an earlier run left in the cache, oldest first, and drops leftovers of interrupted writes. */
  private async indexCache(): Promise<void> {
    const folders = await readdir(this.cacheDir).catch(() => [] as string[]);
    const files: { path: string; size: number; used: number }[] = [];
    for (const folder of folders) {
      for (const name of await readdir(join(this.cacheDir, folder)).catch(() => [] as string[])) {
        const path = join(this.cacheDir, folder, name);
        if (isInterruptedWrite(name)) {
          await unlink(path).catch(() => {});
          continue;
        }
        const info = await stat(path).catch(() => null);
        if (info?.isFile()) files.push({ path, size: info.size, used: info.atimeMs });
      }
    }
    files.sort((a, b) => a.used - b.used);
    for (const { path, size } of files) await this.remember(path, size);
  }

  /** The media file a path names, or null when it would leave the media folder. */
  private sourceFile(mediaPath: string): string | null {
    if (!mediaPath.startsWith('/media/')) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(mediaPath.slice('/media/'.length));
    } catch {
      return null;
    }
    const root = resolve(this.mediaDir);
    const file = resolve(root, decoded);
    return file.startsWith(root + sep) ? file : null;
  }

  /** Writes the converted image to `file` and answers its size in bytes. */
  private async make(input: Sharp, file: string, m: Pick<ImageModifiers, 'f' | 'q' | 'fit'> & Partial<ImageModifiers>): Promise<number> {
    await mkdir(join(file, '..'), { recursive: true });
    const background = m.b ? `#${m.b}` : { r: 0, g: 0, b: 0, alpha: 0 };
    const { width = 0, height = 0, orientation = 1 } = await input.metadata();
    const source = orientation >= 5 ? { width: height, height: width } : { width, height };
    const size = boundedResize(source, m, m.f === 'avif' ? MAX_AVIF_PIXELS : MAX_OUTPUT_PIXELS);
    let pipeline = input.rotate();
    if (size.width || size.height) pipeline = pipeline.resize({ ...size, fit: m.fit, background, withoutEnlargement: true });
    if (m.b) pipeline = pipeline.flatten({ background: `#${m.b}` });
    // AVIF at its default effort takes seconds for a large image; see AVIF_EFFORT.
    pipeline =
      m.f === 'webp'
        ? pipeline.webp({ quality: m.q })
        : m.f === 'avif'
          ? pipeline.avif({ quality: m.q, effort: AVIF_EFFORT })
          : m.f === 'jpeg'
            ? pipeline.jpeg({ quality: m.q, mozjpeg: true })
            : pipeline.png();
    return writeWhole(file, async (partial) => (await pipeline.toFile(partial)).size);
  }
}

/** The media placeholder (§2.12, §9): a quiet grey card with a picture glyph. */
function placeholder(width: number, height: number) {
  const size = Math.min(width, height) * 0.3;
  const x = (width - size) / 2;
  const y = (height - size) / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#e5e7eb"/><g transform="translate(${x} ${y}) scale(${size / 24})" fill="none" stroke="#9ca3af" stroke-width="1.5"><rect x="3" y="5" width="18" height="14" rx="2"/><circle cx="9" cy="10" r="2"/><path d="M21 16l-5-5-8 8"/></g></svg>`;
  return sharp(Buffer.from(svg));
}
