import { PassThrough, Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';

export interface StreamOptions {
  /**
   * Written before React's output, as soon as the shell is ready: text, or pieces of it, some already encoded (a
   * stylesheet every page carries is encoded once, not copied and encoded for each page).
   */
  prefix: string | readonly (string | Uint8Array)[];
  /** Written after React's output ends. */
  suffix: string;
  onError?: (error: unknown) => void;
}

/**
 * Renders a React tree as a Node stream framed by `prefix` and `suffix` (the document around the app's root element).
 * Resolves when the shell is ready, so that the caller can still choose the status code; rejects when the shell fails.
 */
export function renderToStream(element: ReactNode, { prefix, suffix, onError }: StreamOptions): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    const out = new PassThrough();
    const { pipe, abort } = renderToPipeableStream(element, {
      onShellReady() {
        for (const piece of typeof prefix === 'string' ? [prefix] : prefix) out.write(piece);
        pipe(
          new Writable({
            write(chunk, _encoding, callback) {
              out.write(chunk, callback);
            },
            final(callback) {
              out.end(suffix);
              callback();
            },
          }),
        );
        resolve(out);
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
