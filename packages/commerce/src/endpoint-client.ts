import type { Endpoint, EndpointAnswer, EndpointInput } from './endpoint.ts';

/**
 * The typed side of the endpoint table for clients: what to send for an endpoint, and its answer read back with the
 * endpoint's own schema. The storefront's and the studio's clients add their credentials and error handling around
 * these two, so neither writes a path, a request type or an answer type by hand.
 */

/** The input argument of a call: required when the endpoint takes a query or a body, optional otherwise. */
export type EndpointArgs<E extends Endpoint> = E['query'] extends object
  ? [input: EndpointInput<E>]
  : E['body'] extends object
    ? [input: EndpointInput<E>]
    : [input?: EndpointInput<E>];

/** A request ready for `fetch`: the method, the path with the query's fields, and the body to send as JSON. */
export interface EndpointRequest {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

/** What to send for `endpoint`: the query's fields in the URL (absent ones left out), the body as given ({} when none). */
export function endpointRequest<E extends Endpoint>(endpoint: E, ...[input]: EndpointArgs<E>): EndpointRequest {
  const given = (input ?? {}) as { query?: Record<string, unknown>; body?: unknown };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(given.query ?? {}))
    if (value !== undefined && value !== null) params.set(key, String(value as string | number | boolean));
  const search = params.toString();
  return {
    method: endpoint.method,
    url: search ? `${endpoint.path}?${search}` : endpoint.path,
    ...(endpoint.method === 'POST' ? { body: given.body ?? {} } : {}),
  };
}

/** The answer of a success, checked with the endpoint's schema: a `ZodError` when the server said something else. */
export function readEndpointAnswer<E extends Endpoint>(endpoint: E, json: unknown): EndpointAnswer<E> {
  if (!endpoint.answer) throw new Error(`${endpoint.path} answers with a stream, not JSON`);
  return endpoint.answer.parse(json) as EndpointAnswer<E>;
}
