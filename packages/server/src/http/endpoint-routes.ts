import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AccessTokenPayload, Caller, Endpoint, EndpointGroup } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { scopedToStore } from '../db/site-scope.ts';
import type { ApiDeps } from './api-deps.ts';
import { FieldsRefused, issueMessage, refusal, refusalAnswer, type RequestIssue } from './errors.ts';
import { requireCustomer, requireOwner, requireOwnerSession, requireToken, type SignedInCustomer } from './principals.ts';
import { requireSite } from './site.ts';
import { followAnsweredTokens } from './session-cookie.ts';

/** Who a route's hook found calling, by the endpoint's `caller`. */
export interface Callers {
  anyone: Record<string, never>;
  visitor: { webId: number };
  token: { webId: number; claims: AccessTokenPayload };
  customer: SignedInCustomer;
  'studio-session': { ownerId: number; token: string };
  owner: { ownerId: number; webId: number };
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Callers that come with a store: their handlers get the database scoped to it. */
type StoreCaller = 'visitor' | 'token' | 'customer' | 'owner';

/**
 * What a handler is given: the request's parts as the endpoint's schemas parsed them, who is calling, and, when the
 * call is made on a store, `store`: the database scoped to that store (`scopedToStore`), which reads and writes its
 * rows only.
 */
export interface Call<E extends Endpoint> {
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  caller: Callers[E['caller']];
  store: E['caller'] extends StoreCaller ? Db : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers the endpoint's success (an error is thrown as an `HttpError`); a stream answers nothing. */
export type Handler<E extends Endpoint> = (call: Call<E>) => Promise<Answer<E['answer']>>;

type Answer<S> = S extends z.ZodType ? z.output<S> : void;

/** A handler, or a handler with the route options that are the server's business (rate limits). */
export type Route<E extends Endpoint> = Handler<E> | { handle: Handler<E>; config?: Record<string, unknown> };

/** A handler for every endpoint of a group: the compiler refuses a group with an endpoint left unserved. */
export type Routes<G extends EndpointGroup> = { [K in keyof G]: Route<G[K]> };

/** Establishes who is calling before the request is validated or handled: 401/403 before anything else is said. */
export function identify(deps: Pick<ApiDeps, 'everyStore' | 'tokens'>, caller: Caller, request: FastifyRequest): Promise<Callers[Caller]> {
  const db = deps.everyStore;
  switch (caller) {
    case 'anyone':
      return Promise.resolve({});
    case 'visitor':
      return requireSite(db, request).then((webId) => ({ webId }));
    case 'token':
      return requireToken({ db, tokens: deps.tokens }, request).then((claims) => ({ webId: claims.WebID, claims }));
    case 'customer':
      return requireCustomer({ db, tokens: deps.tokens }, request);
    case 'studio-session':
      return requireOwnerSession(db, request);
    case 'owner':
      return requireOwner(db, request);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, as the endpoint's hook established it. */
    caller?: unknown;
  }
  interface FastifyContextConfig {
    /** The endpoint a route serves, for the error handler's refusal style and labels. */
    endpoint?: Endpoint;
  }
}

/** Requests and answers of the endpoint routes are checked with their zod schemas (fastify-type-provider-zod). */
export function checkWithEndpointSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

/**
 * Registers a group's routes from the endpoint table: the caller is established first (`preValidation`), then the
 * query and body are validated with the endpoint's schemas (a 400 naming the field, see `refusalOf`), and the answer
 * is checked against its schema on the way out (an answer that does not match is a 500, logged).
 */
export function registerEndpoints<G extends EndpointGroup>(
  app: FastifyInstance,
  deps: Pick<ApiDeps, 'everyStore' | 'tokens' | 'storeTables'>,
  group: G,
  routes: Routes<NoInfer<G>>,
): void {
  for (const name of Object.keys(group) as (keyof G & string)[]) {
    const endpoint = group[name]!;
    const route = routes[name] as Route<Endpoint>;
    const handle = typeof route === 'function' ? route : route.handle;
    const status = endpoint.status ?? 200;
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
      schema: {
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.answer ? { response: { [status]: endpoint.answer } } : {}),
      },
      config: { ...(typeof route === 'function' ? {} : route.config), endpoint },
      preValidation: async (request) => {
        request.caller = await identify(deps, endpoint.caller, request);
        // A POST without a body is checked as an empty one, so the 400 names the first field it needs.
        if (endpoint.body && request.body === undefined) request.body = {};
      },
      handler: async (request, reply) => {
        const webId = (request.caller as { webId?: number }).webId;
        const answer = await handle({
          query: request.query as never,
          body: request.body as never,
          caller: request.caller as never,
          store: (webId === undefined ? undefined : scopedToStore(deps.everyStore, webId, deps.storeTables)) as never,
          request,
          reply,
        });
        // A stream (an endpoint without an answer schema) is sent by its handler, which may still be writing it.
        if (reply.sent || endpoint.answer === null) return reply;
        // A customer's tokens answered are kept in the server's HttpOnly cookie too, for the pages it draws.
        await followAnsweredTokens(deps.tokens.access, request, reply, answer, (request.caller as { claims?: AccessTokenPayload }).claims);
        return reply.code(status).send(answer);
      },
    });
  }
}

export { hasZodFastifySchemaValidationErrors };

type ValidationError = Parameters<typeof hasZodFastifySchemaValidationErrors>[0] & {
  validation: { instancePath: string; keyword: string; message?: string; params: { expected?: string } }[];
  validationContext?: string;
};

/**
 * The 400 for a request its endpoint's schema refused. Most endpoints name the first field at fault (`refusal`);
 * a form's (`refusal: 'fields'`) carries every field's message too, keyed by field.
 */
export function refuseInvalidRequest(error: ValidationError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const endpoint = request.routeOptions.config.endpoint;
  const where = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'body');
  // What the request held where the schema looked (zod does not report inputs): missing or of the wrong type.
  const part: unknown =
    where === 'query' ? request.query : where === 'params' ? request.params : where === 'headers' ? request.headers : request.body;
  const issues: RequestIssue[] = error.validation.map((issue) => {
    const at = issue.instancePath
      .split('/')
      .filter(Boolean)
      .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'));
    return {
      path: [
        ...at,
        // A key the contract does not know is named itself (`custom_data.access_token`), not the object holding it.
        ...(issue.keyword === 'unrecognized_keys' ? ((issue.params as { keys?: string[] }).keys ?? []).slice(0, 1) : []),
      ],
      code: issue.keyword,
      message: issue.message ?? 'is not valid',
      input: at.reduce<unknown>(
        (value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
        part,
      ),
      expected: issue.params.expected,
    };
  });
  const first = refusal(issues[0]!, where, endpoint?.labels);
  if (endpoint?.refusal !== 'fields') return reply.code(400).send(refusalAnswer(first));
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.path.length === 0) errors.body ??= 'must be a JSON object';
    else errors[String(issue.path[0])] ??= issueMessage(issue);
  }
  return reply.code(400).send(refusalAnswer(new FieldsRefused(errors)));
}
