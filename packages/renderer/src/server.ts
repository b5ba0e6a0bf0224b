import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';

/**
 * Renders a React tree to its HTML once all of it is ready (what it suspends on included), for a page whose head
 * depends on its body: the server writes into the head the part of the stylesheet the body uses. Rejects when the
 * shell fails, or after 10 s.
 */
export function renderWhenReady(element: ReactNode, { onError }: { onError?: (error: unknown) => void } = {}): Promise<string> {
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
