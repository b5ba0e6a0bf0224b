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

/** A problem the request's schema found: where it is, what the schema said, and what the request held there. */
export interface RequestIssue {
  path: readonly PropertyKey[];
  code: string;
  message: string;
  /** What the request held at `path`; undefined when it held nothing there. */
  input?: unknown;
  /** For a value of the wrong type, the type the schema expected ('number', 'string', …). */
  expected?: string | undefined;
}

/** What a field of the wrong type should have been, as a person reads it. */
const expectedWords: Readonly<Record<string, string>> = {
  number: 'must be a number',
  int: 'must be a whole number',
  bigint: 'must be a whole number',
  string: 'must be text',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
  record: 'must be an object',
  date: 'must be a date',
};

/**
 * What to tell a person about an issue: a field left out "is a required field"; one of the wrong type says what it
 * must be ("must be a number"), never that it is missing; anything else as the schema words it.
 */
export function issueMessage(issue: RequestIssue): string {
  if (issue.code !== 'invalid_type') return issue.message;
  if (issue.input === undefined || issue.input === null) return 'is a required field';
  return (issue.expected && expectedWords[issue.expected]) || issue.message;
}

/** The 400 for a request's first issue: the field at fault named, or given its label as a sentence. */
export function refusal(issue: RequestIssue, where: string, labels: Readonly<Record<string, string>> = {}): HttpError {
  const field = issue.path.length ? issue.path.join('.') : where;
  const message = issueMessage(issue);
  const label = Object.hasOwn(labels, field) ? labels[field] : undefined;
  return new HttpError(400, 'BAD_REQUEST', label ? `${label} ${message}` : `${field}: ${message}`, field);
}
