import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { MAX_CATALOGUE_CSV_BYTES, studioCatalogueCsvEndpoints } from '@vitrine/commerce';
import { catalogueCsvWriter, writeCatalogueCsv } from '../studio/catalogue-csv-export.ts';
import { CatalogueImports } from '../studio/catalogue-csv-import.ts';
import { readCatalogueCsv } from '../studio/catalogue-csv-read.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';
import { HttpError } from './errors.ts';

/**
 * A CSV body, handed to the handler unread. Its stream is kept out of sight (a private field) of the guards that walk
 * a parsed body's fields.
 */
class CsvBody {
  readonly #stream: Readable;
  constructor(stream: Readable) {
    this.#stream = stream;
  }
  get stream(): Readable {
    return this.#stream;
  }
}

const tooLarge = () => new HttpError(413, 'FILE_TOO_LARGE', `file: must be at most ${MAX_CATALOGUE_CSV_BYTES / 1024 / 1024} MB`, 'file');

/** The body's bytes, refused with 413 past `limit` (a custom parser is not held to the route's body limit by Fastify). */
function limitedTo(stream: Readable, limit: number): Readable {
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > limit ? tooLarge() : null, chunk);
    },
  });
  stream.on('error', (error) => counted.destroy(error));
  return stream.pipe(counted);
}

/**
 * The catalogue's CSV calls (issue 34): `Studio/PreviewProductsCsv` (the file as `text/csv`), `Studio/ImportProductsCsv`,
 * `Studio/GetProductsImport`, `Studio/CancelProductsImport`, `Studio/ExportProducts`. Registered in a scope of their
 * own, the only one where a `text/csv` body is read: everywhere else the API speaks JSON.
 */
export function registerStudioCsvApi(app: FastifyInstance, deps: ApiDeps): void {
  const imports = new CatalogueImports();
  void app.register(async (scope) => {
    scope.addContentTypeParser('text/csv', (_request, payload, done) => done(null, new CsvBody(payload)));
    registerEndpoints(scope, deps, studioCatalogueCsvEndpoints, {
      previewProductsCsv: async ({ caller: { webId }, request, store }) => {
        if (!(request.body instanceof CsvBody))
          throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'file: must be sent as the body, with Content-Type text/csv', 'file');
        const limit = studioCatalogueCsvEndpoints.previewProductsCsv.bodyLimit;
        if (Number(request.headers['content-length'] ?? 0) > limit) throw tooLarge();
        const catalogue = await readCatalogueCsv(store, limitedTo(request.body.stream, limit));
        return { data: imports.keep(webId, catalogue) };
      },

      importProductsCsv: async ({ body, caller: { webId, ownerId }, store }) => {
        const owner = await store.selectFrom('owners').select('email').where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
        return { data: imports.start(deps, store, webId, body.importId, owner.email) };
      },

      getProductsImport: async ({ query, caller: { webId } }) => ({ data: imports.progress(webId, query.importId) }),

      cancelProductsImport: async ({ body, caller: { webId } }) => ({ data: imports.cancel(webId, body.importId) }),

      exportProducts: async ({ query, request, reply, store }) => {
        const out = catalogueCsvWriter();
        const day = new Date().toISOString().slice(0, 10);
        void reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="products-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(out);
        writeCatalogueCsv(store, out, `${request.protocol}://${request.host}`, query.ids).catch((error: unknown) => {
          request.log.error({ err: error }, 'The catalogue export stopped');
          out.destroy(error instanceof Error ? error : new Error(String(error)));
        });
      },
    });
  });
}
