import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { MAX_UPLOAD_BYTES, UPLOAD_MAX_WIDTH, uploadImageFormats, type MediaItem } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { writeWhole } from '../infra/files.ts';

/** Uploads above this many pixels are refused before they are decoded (a 50-megapixel photo is already huge). */
export const MAX_UPLOAD_PIXELS = 50_000_000;
/** WebP quality of stored uploads: visually lossless for photos, far smaller than the originals. */
const WEBP_QUALITY = 82;

/** Why an upload is refused; the server turns each into an answer naming the `file` field. */
export type UploadRefusal = 'empty' | 'too-large' | 'not-an-image' | 'too-many-pixels';

export type PreparedUpload = { ok: true; webp: Buffer; width: number; height: number } | { ok: false; reason: UploadRefusal };

/** The bytes of a base64 upload, which may come as a `data:` URL. */
export function decodeUpload(base64: string): Buffer {
  const comma = base64.startsWith('data:') ? base64.indexOf(',') : -1;
  return Buffer.from(base64.slice(comma + 1).replace(/\s+/g, ''), 'base64');
}

/**
 * Checks that the bytes really are an image of an accepted format (by decoding them, whatever the file name says)
 * and re-encodes it as WebP: turned upright, at most `UPLOAD_MAX_WIDTH` wide, first frame only, metadata (EXIF,
 * location, ICC) left out.
 */
export async function prepareUpload(bytes: Buffer): Promise<PreparedUpload> {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  if (bytes.length > MAX_UPLOAD_BYTES) return { ok: false, reason: 'too-large' };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    return { ok: false, reason: 'not-an-image' };
  }
  // sharp reports AVIF as HEIF with AV1 compression; other HEIF (HEVC) is not taken.
  const format = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
  if (!(uploadImageFormats as readonly string[]).includes(format)) return { ok: false, reason: 'not-an-image' };
  if (!metadata.width || !metadata.height) return { ok: false, reason: 'not-an-image' };
  if (metadata.width * metadata.height > MAX_UPLOAD_PIXELS) return { ok: false, reason: 'too-many-pixels' };
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS })
      .rotate()
      .resize({ width: UPLOAD_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, webp: data, width: info.width, height: info.height };
  } catch {
    // A header that reads as an image over a body that does not decode.
    return { ok: false, reason: 'not-an-image' };
  }
}

/**
 * Stores a prepared upload under `mediaDir/{webId}/uploads/`, named by its content's SHA-256, and answers its media
 * path. The same image uploaded twice is one file; a file at a path never changes, so caches of it never go stale.
 */
export async function storeUpload(mediaDir: string, webId: number, webp: Buffer): Promise<string> {
  const name = `${createHash('sha256').update(webp).digest('hex').slice(0, 32)}.webp`;
  const folder = join(mediaDir, String(webId), 'uploads');
  const file = join(folder, name);
  if (!existsSync(file)) {
    await mkdir(folder, { recursive: true });
    await writeWhole(file, (partial) => writeFile(partial, webp));
  }
  return `/media/${webId}/uploads/${name}`;
}

/** The media library lists at most this many images, newest first. */
const MEDIA_LIST_LIMIT = 1000;

/** Records a stored upload in the store's library. The same image again is the same file: it moves to the top under its latest name. */
export async function recordUpload(
  store: Db,
  webId: number,
  upload: { path: string; width: number; height: number; bytes: number; name: string },
): Promise<void> {
  await store
    .insertInto('media')
    .values({ web_id: webId, mime: 'image/webp', ...upload })
    .onConflict((conflict) => conflict.columns(['web_id', 'path']).doUpdateSet({ name: upload.name, created_at: new Date() }))
    .execute();
}

/** The store's media library, newest first. */
export async function listMedia(store: Db, webId: number): Promise<MediaItem[]> {
  const rows = await store
    .selectFrom('media')
    .select(['media_id', 'path', 'name', 'mime', 'width', 'height', 'bytes', 'created_at'])
    .where('web_id', '=', webId)
    .orderBy('created_at', 'desc')
    .orderBy('media_id', 'desc')
    .limit(MEDIA_LIST_LIMIT)
    .execute();
  return rows.map((row) => ({
    mediaId: row.media_id,
    path: row.path,
    name: row.name,
    mime: row.mime,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    createdAt: row.created_at.toISOString(),
  }));
}
