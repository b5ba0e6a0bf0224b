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

/** A form refused field by field (§5): the first field's message, and every field's message under `errors`. */
export class FieldsRefused extends HttpError {
  constructor(readonly errors: Readonly<Record<string, string>>) {
    const [field, message] = Object.entries(errors)[0] ?? ['form', 'Please check the fields marked'];
    super(400, 'INVALID_FIELDS', `${field}: ${message}`, field);
  }
}

/** The JSON answer of a refusal. */
export function refusalAnswer(error: HttpError): Record<string, unknown> {
  return {
    error: { ...error.details, code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) },
    ...(error instanceof FieldsRefused ? { errors: error.errors } : {}),
  };
}

/** A problem the request's schema found: where it is and what the schema said. */
export interface RequestIssue {
  path: readonly PropertyKey[];
  code: string;
  message: string;
  input?: unknown;
}

/** The 400 for a request's first issue: the field at fault named, or given its label as a sentence. */
export function refusal(issue: RequestIssue, where: string, labels: Readonly<Record<string, string>> = {}): HttpError {
  const field = issue.path.length ? issue.path.join('.') : where;
  const message = issue.code === 'invalid_type' && issue.input === undefined ? 'is a required field' : issue.message;
  const label = Object.hasOwn(labels, field) ? labels[field] : undefined;
  return new HttpError(400, 'BAD_REQUEST', label ? `${label} ${message}` : `${field}: ${message}`, field);
}
