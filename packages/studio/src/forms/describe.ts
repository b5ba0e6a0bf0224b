import type { z } from 'zod';

/** What a settings form needs to know of one value's schema, read from the zod schema itself. */
export interface ValueShape {
  kind: 'string' | 'number' | 'boolean' | 'enum' | 'object' | 'other';
  nullable: boolean;
  /** The value the schema gives when none is set. */
  fallback?: unknown;
  min?: number;
  max?: number;
  integer?: boolean;
  maxLength?: number;
  /** Whether the empty string is allowed (colours that may be left empty). */
  allowsEmpty?: boolean;
  options?: readonly (string | number)[];
  shape?: Readonly<Record<string, z.ZodType>>;
}

interface Internals {
  _zod: {
    def: {
      type: string;
      innerType?: z.ZodType;
      options?: z.ZodType[];
      values?: unknown[];
      entries?: Record<string, string | number>;
      in?: z.ZodType;
      checks?: { _zod: { def: { check: string; value?: number; maximum?: number; minimum?: number; inclusive?: boolean } } }[];
    };
  };
}

const def = (schema: z.ZodType) => (schema as unknown as Internals)._zod.def;

/** Reads a zod schema (through defaults, nullables, unions with '') into the shape a form control needs. */
export function describeValue(schema: z.ZodType): ValueShape {
  let current = schema;
  let nullable = false;
  let fallback: unknown;
  let allowsEmpty = false;
  for (let depth = 0; depth < 10; depth++) {
    const d = def(current);
    if (d.type === 'default' || d.type === 'prefault') {
      if (fallback === undefined) {
        const parsed = current.safeParse(undefined);
        if (parsed.success) fallback = parsed.data;
      }
      current = d.innerType!;
    } else if (d.type === 'nullable' || d.type === 'optional') {
      if (d.type === 'nullable') nullable = true;
      current = d.innerType!;
    } else if (d.type === 'pipe') {
      current = d.in!;
    } else if (d.type === 'union') {
      const options = d.options ?? [];
      const rest = options.filter(
        (option) => !(def(option).type === 'literal' && def(option).values?.length === 1 && def(option).values?.[0] === ''),
      );
      if (rest.length < options.length) allowsEmpty = true;
      if (rest.length !== 1) break;
      current = rest[0]!;
    } else break;
  }
  const d = def(current);
  const base = { nullable, ...(fallback === undefined ? {} : { fallback }), ...(allowsEmpty ? { allowsEmpty } : {}) };
  switch (d.type) {
    case 'string': {
      const max = (current as z.ZodString).maxLength;
      return { kind: 'string', ...base, ...(max === null || max === undefined ? {} : { maxLength: max }) };
    }
    case 'number': {
      const number = current as z.ZodNumber;
      const bounds: Partial<ValueShape> = {};
      if (Number.isFinite(number.minValue ?? NaN)) bounds.min = number.minValue!;
      if (Number.isFinite(number.maxValue ?? NaN)) bounds.max = number.maxValue!;
      if (number.isInt) bounds.integer = true;
      return { kind: 'number', ...base, ...bounds };
    }
    case 'boolean':
      return { kind: 'boolean', ...base };
    case 'enum':
      return { kind: 'enum', ...base, options: Object.values(d.entries ?? {}) };
    case 'literal':
      return { kind: 'enum', ...base, options: (d.values ?? []) as (string | number)[] };
    case 'object':
      return { kind: 'object', ...base, shape: (current as z.ZodObject<z.ZodRawShape>).shape as Readonly<Record<string, z.ZodType>> };
    default:
      return { kind: 'other', ...base };
  }
}

/** The first problem with a value, in the owner's words, or null when the schema takes it. */
export function validateValue(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  const detail = issue as unknown as { code: string; maximum?: number | bigint; minimum?: number | bigint; origin?: string };
  switch (detail.code) {
    case 'too_big':
      return detail.origin === 'string' ? `Use at most ${characters(detail.maximum)}.` : `Use ${String(detail.maximum)} or less.`;
    case 'too_small':
      if (detail.origin === 'string')
        return Number(detail.minimum) === 1 ? 'This is required.' : `Use at least ${characters(detail.minimum)}.`;
      return `Use ${String(detail.minimum)} or more.`;
    case 'invalid_format': {
      const pattern = (issue as unknown as { pattern?: string }).pattern ?? '';
      if (pattern.startsWith('/^#')) return 'Use a hex colour such as #1f3a5f.';
      return issue.message.startsWith('Invalid string') ? 'Not in the expected format.' : sentence(issue.message);
    }
    case 'invalid_type':
      return typeof value === 'number' ? 'Enter a number.' : 'This value does not fit here.';
    default:
      return sentence(issue.message);
  }
}

const characters = (n: unknown) => `${String(n)} ${Number(n) === 1 ? 'character' : 'characters'}`;
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;

/** `brandContrast` → `Brand contrast`, `section_width` → `Section width`, `h1` → `H1`. */
export function humanize(key: string): string {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
