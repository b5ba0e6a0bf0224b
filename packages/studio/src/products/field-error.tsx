import { controlId, type FieldErrors } from './product-form.ts';

/** The message of a refused field, under it, named by the control's `aria-describedby`. */
export function FieldError({ formId, path, errors, label }: { formId: string; path: string; errors: FieldErrors; label: string }) {
  const message = errors[path];
  if (!message) return null;
  return (
    <p id={`${controlId(formId, path)}-error`} className="text-xs font-medium text-red-700">
      {label} {message}
    </p>
  );
}
