/** Pages the server answers on its own, outside the shopper app: they need no store, no script and no data. */

const style =
  'body{font:16px/1.5 system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#1f2933;background:#f5f6f8}main{max-width:32rem;padding:24px;text-align:center}code{background:#e4e7eb;padding:2px 6px;border-radius:4px}';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${title}</title><style>${style}</style></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

/** The site-config failure page (§2.6, §8): outside the app, it names the failure code. */
export function storeNotFoundPage(code: string): string {
  return page('Store not found', `<p>No store is served at this address.</p><p>Error code <code>ec=${code}</code></p>`);
}

/**
 * The Internal Server Error page (§2.6) for a page that could not be drawn at all: a browser never gets raw JSON or
 * a stack, only this and the request id the log has the details under.
 */
export function internalErrorPage(requestId: string): string {
  return page(
    'Internal Server Error',
    `<p>Something went wrong while preparing this page. Please try again in a moment.</p><p>Reference <code>${requestId.replace(/[^\w-]/g, '')}</code></p>`,
  );
}

/**
 * The Bad Request page for an address that cannot be read at all (a `%` that starts no escape, a cut UTF-8 sequence,
 * a NUL byte): no store can be asked about it, and the address itself is not repeated back.
 */
export function badAddressPage(): string {
  return page(
    'Bad Request',
    '<p>This address is not valid: part of it cannot be read. Check the link, or start again from the <a href="/">home page</a>.</p>',
  );
}
