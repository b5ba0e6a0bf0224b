import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import { useHydrated } from './hydrated.ts';

/** A labelled input with its error, wired for screen readers (aria-invalid, aria-describedby). */
export function Field({ label, error, hint, ...input }: { label: string; error?: string | undefined; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="vt-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="vt-input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <p id={`${id}-hint`} className="vt-field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="vt-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A message above a form: what went wrong, or what happened. */
export function FormNotice({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <div className={`vt-notice vt-notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/**
 * A form's submit button. Until the page has hydrated it cannot be pressed: these forms need the browser's tokens,
 * and a plain browser submit would put what was typed (a password) into the address.
 */
export function SubmitButton({ busy, children, ...rest }: { busy?: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const hydrated = useHydrated();
  return (
    <button className="vt-btn vt-btn-primary vt-btn-md" type="submit" disabled={!hydrated || busy} {...rest}>
      {children}
    </button>
  );
}

/**
 * A form of the shopper app: posted by the app (never by the browser on its own), with its fields' values by name.
 * Fields validate in the app, so the browser's own bubbles stay off.
 */
export function AppForm({ onValues, children }: { onValues: (values: Record<string, string>, form: HTMLFormElement) => void; children: ReactNode }) {
  return (
    <form
      className="vt-form"
      method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onValues(Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>, event.currentTarget);
      }}
    >
      {children}
    </form>
  );
}
