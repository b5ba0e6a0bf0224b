import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { StudioApiError } from '../api/client.ts';
import { useStudio } from '../context.tsx';
import { ImageInput } from '../forms/image-input.tsx';
import { MediaContext } from '../forms/media-context.tsx';
import { problemText, type CatalogueCalls } from '../state/controller.ts';
import type { MediaLibrary } from '../state/media.ts';
import { DescriptionEditor } from '../products/description-editor.tsx';
import { Button } from '../ui/button.tsx';
import { LeaveQuestion, useLeaveGuard } from '../ui/leave-guard.tsx';

/** What went wrong with a save: a message at one of the form's fields (a 400 naming it), or one for the whole form. */
export type Refusal<Field extends string> = { field: Field; message: string } | { field: null; message: string };

/**
 * Reads a refused save: a 400 naming a field the form shows (`fields` maps the server's names, "seo.title", to the
 * form's) is put at that field without the name the message starts with; anything else is said for the whole form.
 */
export function refusalOf<Field extends string>(failure: unknown, fields: Record<string, Field>): Refusal<Field> {
  if (failure instanceof StudioApiError && failure.status === 400 && failure.field && Object.hasOwn(fields, failure.field)) {
    const { field, message } = failure;
    return { field: fields[field]!, message: message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message };
  }
  return { field: null, message: problemText(failure) };
}

/** The server's message without the field it starts with ("values: Red is used…" → "Red is used…"). */
export const withoutField = (failure: unknown) =>
  failure instanceof StudioApiError && failure.field && failure.message.startsWith(`${failure.field}: `)
    ? failure.message.slice(failure.field.length + 2)
    : problemText(failure);

/** A labelled control of a back-office form, its help and its error under it, tied to it by `aria-describedby`. */
export function FormRow({
  id,
  label,
  help,
  error,
  children,
}: {
  id: string;
  label: string;
  help?: string | undefined;
  error?: string | undefined;
  /** The control, given the props that tie it to its label, help and error. */
  children: (props: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const describedBy = [error ? `${id}-error` : '', help ? `${id}-help` : ''].join(' ').trim() || undefined;
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {help ? (
        <p id={`${id}-help`} className="text-xs text-slate-500">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {label} {error}
        </p>
      ) : null}
    </div>
  );
}

/** A back-office form's description as rich text (the product description's editor), its error under it. */
export function DescriptionField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error?: string | undefined;
  onChange: (html: string) => void;
}) {
  return (
    <div className="grid gap-1">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-800">
        Description
      </span>
      <DescriptionEditor value={value} onChange={onChange} labelledBy={`${id}-label`} />
      {error ? <p className="text-xs font-medium text-red-700">Description {error}</p> : null}
    </div>
  );
}

/** An image of the store's media (a category's picture, a brand's logo): uploaded, or picked from the library. */
export function ImageField({
  id,
  label,
  name,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  onChange: (path: string) => void;
}) {
  return (
    <StoreMedia>
      <FormRow id={id} label={label} error={error}>
        {(props) => (
          <ImageInput
            id={props.id}
            name={name}
            aria-invalid={props['aria-invalid']}
            aria-describedby={props['aria-describedby']}
            value={value}
            onChange={onChange}
          />
        )}
      </FormRow>
    </StoreMedia>
  );
}

/** The store's media library for the image fields of a back-office form: upload a file, or pick one already there. */
export function StoreMedia({ children }: { children: ReactNode }) {
  const { controller } = useStudio();
  const library = useMemo<MediaLibrary>(
    () => ({ upload: (file) => controller.uploadMedia(file), list: () => controller.listMedia() }),
    [controller],
  );
  return <MediaContext value={library}>{children}</MediaContext>;
}

/**
 * The bar above a back-office form: the way back to its list, whether there are unsaved changes, the explicit Save,
 * and under it the question `useLeaveGuard` asks and what the last save could not do.
 */
export function SaveBar({
  back,
  backLabel,
  dirty,
  saving,
  problem,
  extra,
}: {
  back: string;
  backLabel: string;
  dirty: boolean;
  saving: boolean;
  problem: string | null;
  extra?: ReactNode;
}) {
  const leaving = useLeaveGuard(dirty);
  return (
    <>
      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-4 py-2 sm:px-5">
        <Link to={back} className="mr-auto text-sm text-indigo-700 underline hover:text-indigo-900">
          {backLabel}
        </Link>
        {extra}
        <span className="text-xs text-slate-500" aria-live="polite">
          {dirty ? 'Unsaved changes' : ''}
        </span>
        <Button type="submit" tone="primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
      {leaving || problem ? (
        <div className="px-4 pt-4 sm:px-5">
          {leaving ? <LeaveQuestion onStay={leaving.stay} onLeave={leaving.leave} /> : null}
          {problem ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2.5 text-sm text-red-800">
              Not saved: {problem}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** A count of products in words: "1 product", "26 products". */
export const productCount = (count: number) => (count === 1 ? '1 product' : `${count.toLocaleString('en-US')} products`);

/**
 * What a catalogue call answers (the store's brands, its attributes), loaded when the screen opens and again when
 * `attempt` changes; `null` until it comes, with the last failure said. `load` must be the same function each render.
 */
export function useCatalogueAnswer<T>(load: (calls: CatalogueCalls) => Promise<T>, attempt = 0) {
  const { controller } = useStudio();
  const [answer, setAnswer] = useState<{ value: T | null; error: string | null }>({ value: null, error: null });
  useEffect(() => {
    let live = true;
    load(controller.catalogue).then(
      (value) => live && setAnswer({ value, error: null }),
      (failure: unknown) => live && setAnswer((last) => ({ value: last.value, error: problemText(failure) })),
    );
    return () => {
      live = false;
    };
  }, [controller, load, attempt]);
  return answer;
}

/**
 * The one thing a form edits, found by the address's id among what was loaded (`new`: none, a new one): says so while
 * it loads, when it cannot be loaded and when the store has no such thing, with the way back to the list.
 */
export function OpenedFrom<Item extends { id: number }>({
  what,
  param,
  loaded,
  back,
  backLabel,
  children,
}: {
  /** "brand", "attribute". */
  what: string;
  param: string;
  loaded: { value: Item[] | null; error: string | null };
  back: string;
  backLabel: string;
  children: (item: Item | null) => ReactNode;
}) {
  const { state } = useLocation();
  const backLink = (
    <Link to={back} className="text-indigo-700 underline">
      {backLabel}
    </Link>
  );
  if (loaded.error && !loaded.value)
    return (
      <p role="alert" className="px-5 py-10 text-center text-sm text-red-700">
        This {what} could not be opened: {loaded.error} {backLink}
      </p>
    );
  if (!loaded.value)
    return (
      <p role="status" className="px-5 py-10 text-center text-sm text-slate-500">
        Loading the {what}…
      </p>
    );
  const created = (state as { created?: Item } | null)?.created;
  const item =
    param === 'new'
      ? null
      : (loaded.value.find((candidate) => candidate.id === Number(param)) ?? (created?.id === Number(param) ? created : undefined));
  if (item === undefined)
    return (
      <p role="alert" className="px-5 py-10 text-center text-sm text-red-700">
        This store has no such {what}. {backLink}
      </p>
    );
  return children(item);
}

/**
 * A back-office form over one saved thing (a brand, an attribute; `null`: a new one): the fields as read and as typed,
 * whether they differ, errors at fields or for the whole form, and a save and a delete. A thing created here takes its
 * address (`{path}/{id}`, in place of `new`) once nothing is unsaved; a deleted one goes back to `path`.
 */
export function useItemForm<Item extends { id: number; name: string }, Fields>({
  item,
  fieldsOf,
  compare = JSON.stringify,
  path,
  what,
}: {
  item: Item | null;
  fieldsOf: (item: Item | null) => Fields;
  /** What two sets of fields are compared by: the same text, the same fields. */
  compare?: (fields: Fields) => string;
  path: string;
  /** "Brand", "Attribute": the notices say "Brand saved.", "Brand created.". */
  what: string;
}) {
  const { store } = useStudio();
  const navigate = useNavigate();
  const [shown, setShown] = useState(item);
  const [saved, setSaved] = useState(() => fieldsOf(item));
  const [fields, setFields] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [gone, setGone] = useState(false);
  const dirty = !gone && compare(fields) !== compare(saved);

  useEffect(() => {
    // The list read when the form opened lacks it: the address's entry carries it, for `OpenedFrom` to find.
    if (!item && shown && !dirty) void navigate(`${path}/${shown.id}`, { replace: true, state: { created: shown } });
  }, [item, shown, dirty, navigate, path]);
  useEffect(() => {
    if (gone) void navigate(path);
  }, [gone, navigate, path]);

  /**
   * Saves with `send`; a refusal goes to `placed`, which answers the errors to show at fields (or `{}` when it showed
   * the refusal itself), or `null` to say it for the whole form.
   */
  const save = async (send: () => Promise<Item>, placed: (failure: unknown) => Record<string, string> | null) => {
    setSaving(true);
    setErrors({});
    setProblem(null);
    try {
      const answer = await send();
      setShown(answer);
      setSaved(fieldsOf(answer));
      setFields(fieldsOf(answer));
      store.getState().notify(shown ? `${what} saved.` : `${what} created.`, 'success');
    } catch (failure) {
      const at = placed(failure);
      if (at) setErrors(at);
      else setProblem(withoutField(failure));
    } finally {
      setSaving(false);
    }
  };

  /** Deletes with `send`; a refusal `shownBy` does not show itself is said for the whole form. */
  const remove = async (send: (item: Item) => Promise<unknown>, shownBy: (failure: unknown) => boolean = () => false) => {
    if (!shown) return;
    setSaving(true);
    try {
      await send(shown);
      setGone(true);
      store.getState().notify(`${shown.name} deleted.`, 'success');
    } catch (failure) {
      if (!shownBy(failure)) setProblem(withoutField(failure));
      setSaving(false);
    }
  };

  return { shown, saved, fields, setFields, errors, problem, saving, dirty, save, remove };
}

/** The errors of a refused save at the fields `fields` maps the server's names to, or `null` for one at none of them. */
export const errorsAt = (failure: unknown, fields: Record<string, string>): Record<string, string> | null => {
  const refusal = refusalOf(failure, fields);
  return refusal.field ? { [refusal.field]: refusal.message } : null;
};
