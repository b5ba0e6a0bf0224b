import {
  createContext,
  use,
  useEffect,
  useId,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useHydrated } from './hydrated.ts';

/** The field messages of the form a field sits in, by field name. */
const FormErrors = createContext<Readonly<Record<string, string>>>({});

/**
 * A message as it stands under its field: it names the field (§5: "Email is a required field"). The server and the
 * checks below word messages after the field ("is a required field"); a message that is already a sentence of its
 * own ("Passwords do not match") is kept.
 */
export function fieldMessage(label: string, message: string): string {
  const name = label.replace(/\s*\(optional\)$/i, '');
  const bare = message.replace(/^[\w.]+: /, '');
  return /^[a-z]/.test(bare) ? `${name} ${bare}` : bare;
}

/** A labelled input with its error, wired for screen readers (aria-invalid, aria-describedby). */
export function Field({
  label,
  error,
  hint,
  ...input
}: { label: string; error?: string | undefined; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <LabelledControl
      label={label}
      name={input.name}
      error={error}
      hint={hint}
      control={(wiring) => <input className="vt-input" {...wiring} {...input} />}
    />
  );
}

/** A labelled text area, with its error as a `Field` has it. */
export function TextAreaField({
  label,
  error,
  ...area
}: { label: string; error?: string | undefined } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <LabelledControl
      label={label}
      name={area.name}
      error={error}
      control={(wiring) => <textarea className="vt-input vt-textarea" {...wiring} {...area} />}
    />
  );
}

/** A labelled list to choose from (its `<option>`s are the children), with its error as a `Field` has it. */
export function SelectField({
  label,
  error,
  hint,
  ...select
}: { label: string; error?: string | undefined; hint?: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <LabelledControl
      label={label}
      name={select.name}
      error={error}
      hint={hint}
      control={(wiring) => <select className="vt-input vt-select" {...wiring} {...select} />}
    />
  );
}

type ControlWiring = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

/**
 * A control under its label, with its hint and its message below it. The message is the one given, else the one its
 * form holds for its name, and always names the field.
 */
function LabelledControl({
  label,
  name,
  error: given,
  hint,
  control,
}: {
  label: string;
  name: string | undefined;
  error: string | undefined;
  hint?: ReactNode;
  control: (wiring: ControlWiring) => ReactNode;
}) {
  const id = useId();
  const raw = given ?? use(FormErrors)[name ?? ''];
  const error = raw ? fieldMessage(label, raw) : undefined;
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="vt-field">
      <label htmlFor={id}>{label}</label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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

/** What is wrong with one control of a form, in words after its name, or null: required and email checks. */
function problemOf(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): string | null {
  const value = control.value.trim();
  if (control.required && (control instanceof HTMLInputElement && control.type === 'checkbox' ? !control.checked : value === ''))
    return 'is a required field';
  if (control instanceof HTMLInputElement && control.type === 'email' && value && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))
    return 'must be a valid email';
  if (control instanceof HTMLInputElement && control.minLength > 0 && value && value.length < control.minLength)
    return `must be at least ${control.minLength} characters`;
  return null;
}

/**
 * A form of the shopper app: posted by the app (never by the browser on its own), with its fields' values by name.
 * Fields validate in the app, so the browser's own bubbles stay off. On submit it checks required fields, email
 * addresses and lengths first: each invalid field gets its message under it, naming it, and is marked invalid, and
 * the focus moves to the first one. `errors` are field messages from the server, shown the same way.
 */
export function AppForm({
  onValues,
  errors,
  className,
  children,
}: {
  onValues: (values: Record<string, string>, form: HTMLFormElement) => void;
  errors?: Readonly<Record<string, string>> | undefined;
  /** A class besides `vt-form`, for a form laid out on its own (the checkout). */
  className?: string;
  children: ReactNode;
}) {
  const [checked, setChecked] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const shown = { ...checked, ...errors };
  // A field the server refused gets the focus, as one the form refused does.
  const serverFields = Object.keys(errors ?? {}).join(' ');
  useEffect(() => {
    if (serverFields) focusFirstInvalid(form.current);
  }, [serverFields]);
  return (
    <form
      ref={form}
      className={className ? `vt-form ${className}` : 'vt-form'}
      method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const element = event.currentTarget;
        const found: Record<string, string> = {};
        for (const control of Array.from(element.elements)) {
          if (
            !(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement) ||
            !control.name ||
            control.disabled
          )
            continue;
          const problem = problemOf(control);
          if (problem && !(control.name in found)) found[control.name] = problem;
        }
        setChecked(found);
        if (Object.keys(found).length) {
          // After React has marked them invalid.
          queueMicrotask(() => focusFirstInvalid(element, Object.keys(found)));
          return;
        }
        onValues(Object.fromEntries(new FormData(element)) as Record<string, string>, element);
      }}
    >
      <FormErrors value={shown}>{children}</FormErrors>
    </form>
  );
}

/** Moves the focus to the first control of `form` named in `names` (any invalid one when not given). */
function focusFirstInvalid(form: HTMLFormElement | null, names?: readonly string[]) {
  const controls = Array.from(form?.elements ?? []) as HTMLElement[];
  const first = controls.find((control) =>
    names ? names.includes((control as HTMLInputElement).name) : control.getAttribute('aria-invalid') === 'true',
  );
  first?.focus();
}
