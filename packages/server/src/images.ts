import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';

/** Largest width or height the image route makes: enough for 2× a 1536px screen, small enough to bound the work. */
export const MAX_IMAGE_SIDE = 4096;
/** Size of the placeholder when a request names none (§9: 400×300). */
export const PLACEHOLDER_SIZE = { width: 400, height: 300 } as const;

const hex = /^[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/;

/** The modifiers of §7 and §2.12: format, width, height, quality, fit and background. */
export const imageModifiers = z
  .object({
    f: z.enum(['webp', 'avif', 'jpeg', 'png']).default('webp'),
    w: z.coerce.number().int().min(1).max(MAX_IMAGE_SIDE).optional(),
    h: z.coerce.number().int().min(1).max(MAX_IMAGE_SIDE).optional(),
    q: z.coerce.number().int().min(1).max(100).default(80),
    fit: z.enum(['cover', 'contain', 'fill', 'inside', 'outside']).default('cover'),
    b: z.string().regex(hex, 'must be a hex colour without #').optional(),
  })
  .strict();
export type ImageModifiers = z.infer<typeof imageModifiers>;

const names: Record<string, keyof ImageModifiers> = { f: 'f', format: 'f', w: 'w', width: 'w', h: 'h', height: 'h', q: 'q', quality: 'q', fit: 'fit', b: 'b', background: 'b' };

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
      if (!name) return { ok: false, field: part.slice(0, Math.max(at, 0)) || part, message: 'is not an image modifier (f, w, h, q, fit, b)' };
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

/**
 * Resizes and converts media files, caching every result on disk under `cacheDir` by source, source version
 * (size and modification time) and modifiers. Identical requests in flight share one piece of work.
 */
export class ImageService {
  private readonly inFlight = new Map<string, Promise<ImageResult>>();

  constructor(
    private readonly mediaDir: string,
    private readonly cacheDir: string,
  ) {}

  /** The file to send for `mediaPath` (e.g. `/media/1/products/mug-1.webp`) with `modifiers`. */
  async render(mediaPath: string, modifiers: ImageModifiers): Promise<ImageResult> {
    const source = this.sourceFile(mediaPath);
    const info = source ? await stat(source).catch(() => null) : null;
    const found = Boolean(info?.isFile());
    const version = found ? `${info!.size}-${info!.mtimeMs}` : 'placeholder';
    const key = createHash('sha256').update(JSON.stringify([mediaPath, version, modifiers])).digest('hex').slice(0, 32);
    const file = join(this.cacheDir, key.slice(0, 2), `${key}.${modifiers.f}`);
    const result = { file, contentType: contentTypes[modifiers.f], found };
    if (existsSync(file)) return result;
    let work = this.inFlight.get(key);
    if (!work) {
      work = this.make(found ? source! : null, file, modifiers)
        .then(() => result)
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, work);
    }
    return work;
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

  private async make(source: string | null, file: string, m: ImageModifiers): Promise<void> {
    await mkdir(join(file, '..'), { recursive: true });
    const input = source ? sharp(source, { limitInputPixels: 50_000_000 }) : placeholder(m.w ?? PLACEHOLDER_SIZE.width, m.h ?? PLACEHOLDER_SIZE.height);
    const background = m.b ? `#${m.b}` : { r: 0, g: 0, b: 0, alpha: 0 };
    let pipeline = input.rotate();
    if (m.w || m.h) pipeline = pipeline.resize({ width: m.w, height: m.h, fit: m.fit, background, withoutEnlargement: true });
    if (m.b) pipeline = pipeline.flatten({ background: `#${m.b}` });
    pipeline = m.f === 'webp' ? pipeline.webp({ quality: m.q }) : m.f === 'avif' ? pipeline.avif({ quality: m.q }) : m.f === 'jpeg' ? pipeline.jpeg({ quality: m.q, mozjpeg: true }) : pipeline.png();
    // Write beside and rename, so that a reader never sees half a file.
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    await pipeline.toFile(partial);
    await rename(partial, file);
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
