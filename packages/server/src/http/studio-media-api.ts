import type { FastifyInstance } from 'fastify';
import { MAX_UPLOAD_BYTES, studioMediaEndpoints } from '@vitrine/commerce';
import {
  MAX_UPLOAD_PIXELS,
  decodeUpload,
  listMedia,
  prepareUpload,
  recordUpload,
  storeUpload,
  type UploadRefusal,
} from '../studio/media-uploads.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';
import { HttpError } from './errors.ts';

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
      await recordUpload(store, webId, { path, width, height, bytes: webp.length, name: body.fileName });
      return { data: { path, width, height, bytes: webp.length } };
    },

    getMedia: async ({ caller: { webId }, store }) => ({ data: { media: await listMedia(store, webId) } }),
  });
}
