/**
 * Input that no handler should see: text PostgreSQL cannot store (NUL characters, half of a UTF-16 pair) and
 * structures nested deeper than any document of ours. Checked once for every request, before validation, so that
 * each route's schema need not repeat it and the database never answers such input with a 500.
 */

/** Deeper than any page, theme or form answer nests: settings 10,000 levels deep are refused, not recursed into. */
export const MAX_INPUT_DEPTH = 64;

// eslint-disable-next-line no-control-regex -- NUL is exactly what PostgreSQL refuses in text
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with a request part, and where, in the words of a 400 (`field: message`). */
export interface InputFault {
  field: string;
  message: string;
}

/**
 * The first place in `value` (a parsed body, query or path parameters) that cannot be accepted, or null. `root`
 * names the part itself when the fault is at its top (`body`, `query`); deeper places are named by their path, as
 * request validation names fields (`settings.title`, `lines.0.name`).
 */
export function findInputFault(value: unknown, root: string): InputFault | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    const field = path.length ? path.join('.') : root;
    if (typeof current === 'string') {
      if (UNSTORABLE_TEXT.test(current)) return { field, message: 'must not contain NUL characters or unpaired surrogates' };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) return { field, message: `is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)` };
    for (const [key, child] of Object.entries(current)) {
      if (UNSTORABLE_TEXT.test(key)) return { field, message: 'has a name with NUL characters or unpaired surrogates' };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

/** A Host header this server can answer: a name or address, and a port from 1 to 65535 when one is given. */
export function isServableHost(host: string | undefined): boolean {
  if (host === undefined) return true;
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]\s/\\@]+)(?::(\d{1,5}))?$/i.exec(host);
  if (!match) return false;
  const port = match[2];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}
