/**
 * `read`, kept per text: a store's theme document (or its CDN base) is the same text on every page until its owner
 * changes it, so it is read once rather than on each render (on the server, on each request). The oldest texts are let go past `limit`.
 */
export function readOncePerText<T>(read: (text: string) => T, limit = 64): (text: string) => T {
  const kept = new Map<string, T>();
  return (text) => {
    if (kept.has(text)) return kept.get(text)!;
    const value = read(text);
    if (kept.size >= limit) kept.delete(kept.keys().next().value!);
    kept.set(text, value);
    return value;
  };
}
