import type { FastifyInstance } from 'fastify';
import { MAX_UPLOAD_BYTES, studioMediaEndpoints } from '@vitrine/commerce';
import { MAX_UPLOAD_PIXELS, decodeUpload, prepareUpload, storeUpload, type UploadRefusal } from '../studio/media-uploads.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';
import { HttpError } from './errors.ts';

/** The media library lists at most this many images, newest first. */
const MEDIA_LIST_LIMIT = 1000;

const refusals: Record<UploadRefusal, [status: number, code: string, message: string]> = {
  empty: [400, 'BAD_REQUEST', 'file: is empty'],
  'too-large': [413, 'FILE_TOO_LARGE', `file: must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`],
  'not-an-image': [400, 'NOT_AN_IMAGE', 'file: must be a JPEG, PNG, WebP, AVIF or GIF image'],
  'too-many-pixels': [400, 'IMAGE_TOO_LARGE', `file: must be at most ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels`],
};

/** The studio's media calls: upload an image, list the store's images. */
export function registerStudioMediaApi(app: FastifyInstance, deps: ApiDeps): void {
  const { mediaDir } = deps;
  registerEndpoints(app, deps, studioMediaEndpoints, {
    uploadMedia: async ({ body, caller: { webId }, store }) => {
      const prepared = await prepareUpload(decodeUpload(body.base64));
      if (!prepared.ok) {
        const [status, code, message] = refusals[prepared.reason];
        throw new HttpError(status, code, message, 'file');
      }
      const path = await storeUpload(mediaDir, webId, prepared.webp);
      const { webp, width, height } = prepared;
      // The same image again is the same file: it moves to the top of the library under its latest name.
      await store
        .insertInto('media')
        .values({ web_id: webId, path, mime: 'image/webp', width, height, bytes: webp.length, name: body.fileName })
        .onConflict((conflict) => conflict.columns(['web_id', 'path']).doUpdateSet({ name: body.fileName, created_at: new Date() }))
        .execute();
      return { data: { path, width, height, bytes: webp.length } };
    },

    getMedia: async ({ caller: { webId }, store }) => {
      const rows = await store
        .selectFrom('media')
        .select(['media_id', 'path', 'name', 'mime', 'width', 'height', 'bytes', 'created_at'])
        .where('web_id', '=', webId)
        .orderBy('created_at', 'desc')
        .orderBy('media_id', 'desc')
        .limit(MEDIA_LIST_LIMIT)
        .execute();
      return {
        data: {
          media: rows.map((row) => ({
            mediaId: row.media_id,
            path: row.path,
            name: row.name,
            mime: row.mime,
            width: row.width,
            height: row.height,
            bytes: row.bytes,
            createdAt: row.created_at.toISOString(),
          })),
        },
      };
    },
  });
}
