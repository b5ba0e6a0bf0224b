import type { z } from 'zod';

/** A request that cannot be served as asked; the error handler turns it into a JSON error answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** Extra response headers, e.g. `Retry-After` on a 429. */
    readonly headers?: Readonly<Record<string, string>>,
    /** More about the refusal, sent beside code and message, e.g. the current draft revision of a DRAFT_CONFLICT. */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

/**
 * Checks a request part with its schema. A failure is a 400 that names the first field at fault, e.g.
 * `Domain: must be a domain name`, and nothing further runs. A field given a label (§5: the maintenance password is
 * "labelled Password") is worded as a sentence instead: `Password is a required field`.
 */
export function parseRequest<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: 'query' | 'body' | 'params',
  labels: Readonly<Record<string, string>> = {},
): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? issue.path.join('.') : where;
  const message = issue.code === 'invalid_type' && issue.input === undefined ? 'is a required field' : issue.message;
  const label = Object.hasOwn(labels, field) ? labels[field] : undefined;
  throw new HttpError(400, 'BAD_REQUEST', label ? `${label} ${message}` : `${field}: ${message}`, field);
}
