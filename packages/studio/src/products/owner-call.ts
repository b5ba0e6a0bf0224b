import {
  endpointRequest,
  readEndpointAnswer,
  studioCatalogueCsvEndpoints,
  studioMediaEndpoints,
  type Endpoint,
  type EndpointAnswer,
  type EndpointArgs,
} from '@vitrine/commerce';
import { StudioApiError } from '../api/client.ts';

/**
 * A Studio call over XMLHttpRequest, for what the studio's fetch client cannot do: report how much of an upload's
 * body has gone (`fetch` says nothing until the answer). Errors are the client's `StudioApiError`s.
 */
function xhrCall<E extends Endpoint>(
  token: string | null,
  endpoint: E,
  args: EndpointArgs<E>,
  onProgress?: (fraction: number) => void,
  /** A body sent as it is (a file), for an endpoint whose body is not JSON. */
  file?: { body: Blob; type: string },
): Promise<EndpointAnswer<E>> {
  const request = endpointRequest(endpoint, ...args);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    if (file) xhr.setRequestHeader('content-type', file.type);
    else if (request.body !== undefined) xhr.setRequestHeader('content-type', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('error', () => reject(StudioApiError.offline()));
    xhr.addEventListener('load', () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: said below by the status.
      }
      if (xhr.status < 200 || xhr.status > 299) {
        reject(StudioApiError.fromAnswer(xhr.status, json));
        return;
      }
      try {
        resolve(readEndpointAnswer(endpoint, json));
      } catch {
        reject(new StudioApiError(xhr.status, 'BAD_ANSWER', `The server's answer to ${endpoint.path} was not understood.`));
      }
    });
    xhr.send(file ? file.body : request.body === undefined ? null : JSON.stringify(request.body));
  });
}

/** Uploads an image to the store's media (`Studio/UploadMedia`, base64 JSON), saying how much has gone as it goes. */
export async function uploadPicture(
  token: string | null,
  upload: { fileName: string; base64: string },
  onProgress: (fraction: number) => void,
): Promise<{ path: string }> {
  return (await xhrCall(token, studioMediaEndpoints.uploadMedia, [{ body: upload }], onProgress)).data;
}

/** Sends a product CSV to be read (`Studio/PreviewProductsCsv`, the file as `text/csv`), saying how much has gone. */
export async function previewProductsCsv(token: string | null, file: Blob, onProgress: (fraction: number) => void) {
  return (await xhrCall(token, studioCatalogueCsvEndpoints.previewProductsCsv, [], onProgress, { body: file, type: 'text/csv' })).data;
}

/** Imports what a preview found good (`Studio/ImportProductsCsv`); the import runs on, followed with `productsImport`. */
export async function importProductsCsv(token: string | null, importId: string) {
  return (await xhrCall(token, studioCatalogueCsvEndpoints.importProductsCsv, [{ body: { importId } }])).data;
}

/** Where an import stands (`Studio/GetProductsImport`). */
export async function productsImport(token: string | null, importId: string) {
  return (await xhrCall(token, studioCatalogueCsvEndpoints.getProductsImport, [{ query: { importId } }])).data;
}

/** Stops an import (`Studio/CancelProductsImport`): nothing of it is kept. */
export async function cancelProductsImport(token: string | null, importId: string) {
  return (await xhrCall(token, studioCatalogueCsvEndpoints.cancelProductsImport, [{ body: { importId } }])).data;
}

/**
 * The catalogue, or the products `ids`, as Shopify's product CSV (`Studio/ExportProducts`), saved by the browser as
 * `fileName`. The server streams it; the browser keeps it whole before saving, as a download with a bearer token must.
 */
export async function downloadProductsCsv(token: string | null, fileName: string, ids?: readonly number[]): Promise<void> {
  const request = endpointRequest(studioCatalogueCsvEndpoints.exportProducts, { query: ids?.length ? { ids: ids.join(',') } : {} });
  const answer = await fetch(request.url, { headers: token ? { authorization: `Bearer ${token}` } : {} }).catch(() => {
    throw StudioApiError.offline();
  });
  if (!answer.ok) throw StudioApiError.fromAnswer(answer.status, await answer.json().catch(() => null));
  const url = URL.createObjectURL(await answer.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
