import type { z } from 'zod';

/**
 * Who may call an endpoint:
 * - `anyone`: no store needed (the health check, the web config by domain);
 * - `visitor`: anyone on a store's domain, which must name a store;
 * - `token`: a holder of the store's bearer token, guest or customer (§7 secure calls);
 * - `customer`: a signed-in, active customer of the store;
 * - `studio-session`: an owner signed in to the studio, whichever store;
 * - `owner`: an owner of the store, signed in to the studio.
 */
export type Caller = 'anyone' | 'visitor' | 'token' | 'customer' | 'studio-session' | 'owner';

/** How a refused request body is answered: the first field at fault (`field`), or every field's message (`fields`, forms). */
export type RefusalStyle = 'field' | 'fields';

export interface Endpoint {
  method: 'GET' | 'POST';
  path: `/api/${string}`;
  caller: Caller;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer of a success; null for a stream (server-sent events), whose events are declared beside it. */
  answer: z.ZodType | null;
  /** The success status, 200 unless it creates something (201) or only accepts it, to be done shortly (202). */
  status?: 200 | 201 | 202;
  /** The largest body accepted, in bytes (the server's default of 1 MiB when absent); larger is a 413. */
  bodyLimit?: number;
  /** A field's name in messages (§5: the maintenance password is "labelled Password"): "Password is a required field". */
  labels?: Readonly<Record<string, string>>;
  refusal?: RefusalStyle;
}

/** An endpoint as declared: its type kept exact (the groups of the table are built with it). */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

/** The groups of the API, each a map of endpoint name to endpoint. */
export type EndpointGroup = Readonly<Record<string, Endpoint>>;

/** What a caller sends: the query's and the body's input types (absent parts are never sent). */
export type EndpointInput<E extends Endpoint> = (E['query'] extends z.ZodType ? { query: z.input<E['query']> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: never });

/** What a success answers. */
export type EndpointAnswer<E extends Endpoint> = E['answer'] extends z.ZodType ? z.output<E['answer']> : never;
