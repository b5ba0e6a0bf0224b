import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';

/** React's mark of a Suspense boundary left for the browser to draw: the tree suspended, or threw inside one. */
const LEFT_TO_THE_BROWSER = '<!--$!';

/**
 * Renders a React tree to its HTML once all of it is ready (what it suspends on included), for a page whose head
 * depends on its body: the server writes into the head the part of the stylesheet the body uses. Rejects when the
 * shell fails, or after 10 s.
 *
 * Most renders suspend on nothing (a page type's lazy parts load on its first render and stay), and those are drawn
 * at once as a string: the same HTML as the stream's, a quarter more pages a second, for the stream encodes and
 * copies each chunk. A render that suspended or failed somewhere is done again as a stream, which waits for what it
 * suspends on and reports each error to `onError`.
 */
export function renderWhenReady(element: ReactNode, { onError }: { onError?: (error: unknown) => void } = {}): Promise<string> {
  try {
    const html = renderToString(element);
    if (!html.includes(LEFT_TO_THE_BROWSER)) return Promise.resolve(html);
  } catch {
    // Suspended outside any boundary, or failed: the stream says which.
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const { pipe, abort } = renderToPipeableStream(element, {
      onAllReady() {
        pipe(
          new Writable({
            write(chunk: Buffer | string, _encoding, callback) {
              chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
              callback();
            },
            final(callback) {
              resolve(Buffer.concat(chunks).toString('utf8'));
              callback();
            },
          }),
        );
      },
      onShellError: reject,
      onError(error) {
        onError?.(error);
      },
    });
    setTimeout(() => abort(new Error('Server render timed out')), 10_000).unref();
  });
}

/** Renders a React tree to a string: for small documents and tests. */
export function renderToHtml(element: ReactNode): string {
  return renderToString(element);
}

const scriptEscapes: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** Serialises data for an inline `<script>`: JSON that cannot close the script element or start a comment. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>\u2028\u2029]/g, (character) => scriptEscapes[character]!);
}
