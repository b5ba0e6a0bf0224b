import {
  apiError,
  endpointRequest,
  readEndpointAnswer,
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
): Promise<EndpointAnswer<E>> {
  const request = endpointRequest(endpoint, ...args);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    if (request.body !== undefined) xhr.setRequestHeader('content-type', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('error', () =>
      reject(new StudioApiError(0, 'NETWORK', 'The server could not be reached. Check your connection.')),
    );
    xhr.addEventListener('load', () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: said below by the status.
      }
      if (xhr.status < 200 || xhr.status > 299) {
        const parsed = apiError.safeParse(json);
        const { code, message, field } = parsed.success
          ? parsed.data.error
          : { code: `HTTP_${xhr.status}`, message: `The server answered ${xhr.status}.`, field: undefined };
        reject(new StudioApiError(xhr.status, code, message, field));
        return;
      }
      try {
        resolve(readEndpointAnswer(endpoint, json));
      } catch {
        reject(new StudioApiError(xhr.status, 'BAD_ANSWER', `The server's answer to ${endpoint.path} was not understood.`));
      }
    });
    xhr.send(request.body === undefined ? null : JSON.stringify(request.body));
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
