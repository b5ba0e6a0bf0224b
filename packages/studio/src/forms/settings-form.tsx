import { useMemo } from 'react';
import type { z } from 'zod';
import type { FieldHint } from '@vitrine/sections/schemas';
import { FieldControl } from './field-control.tsx';

/**
 * A form generated from a schema and its field hints: one labelled control per hint, in the hints' order, each
 * value checked by its own part of the schema. Keys the schema has but the hints leave out are not shown.
 */
export function SettingsForm({
  schema,
  fields,
  values,
  onChange,
  only,
}: {
  schema: z.ZodObject<z.ZodRawShape>;
  fields: Readonly<Record<string, FieldHint>>;
  values: Readonly<Record<string, unknown>>;
  onChange: (key: string, value: unknown) => void;
  /** Shows only these keys (the style form hides the header-only ones elsewhere). */
  only?: (key: string) => boolean;
}) {
  const shape = schema.shape as Record<string, z.ZodType>;
  // One handler per field, lasting as long as `fields` and `onChange` do, so typing in one field redraws that field
  // alone (FieldControl is memoised); callers pass a lasting `onChange`.
  const handlers = useMemo(
    () =>
      Object.fromEntries(Object.keys(fields).map((key) => [key, (value: unknown) => onChange(key, value)])) as Record<
        string,
        (value: unknown) => void
      >,
    [fields, onChange],
  );
  return (
    <div className="space-y-4">
      {Object.entries(fields).map(([key, hint]) =>
        shape[key] && (!only || only(key)) ? (
          <FieldControl key={key} name={key} hint={hint} schema={shape[key]} value={values[key]} onChange={handlers[key]!} />
        ) : null,
      )}
    </div>
  );
}
