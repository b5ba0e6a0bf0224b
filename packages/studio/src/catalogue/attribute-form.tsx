import { useId, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { attributeDisplayTypes, type AttributeDisplayType, type StudioAttribute } from '@vitrine/commerce';
import { StudioApiError } from '../api/client.ts';
import { useStudio } from '../context.tsx';
import { inputClass } from '../forms/input-class.ts';
import { Button, IconButton } from '../ui/button.tsx';
import { ConfirmStep } from '../ui/confirm-step.tsx';
import { ChevronDownIcon, ChevronUpIcon, TrashIcon } from '../ui/icons.tsx';
import { kindNames, loadAttributes } from './attributes-screen.tsx';
import { errorsAt, FormRow, OpenedFrom, productCount, SaveBar, useCatalogueAnswer, useItemForm, withoutField } from './catalogue-form.tsx';

/** A value as typed: its id once saved, a key of its own for the list either way. */
interface ValueFields {
  key: string;
  id?: number;
  name: string;
  color: string;
}
interface AttributeFields {
  name: string;
  displayType: AttributeDisplayType;
  values: ValueFields[];
}

let lastKey = 0;
const newKey = () => `new-${++lastKey}`;
const fieldsOf = (attribute: StudioAttribute | null): AttributeFields => ({
  name: attribute?.name ?? '',
  displayType: attribute?.displayType ?? 'dropdown',
  values: (attribute?.values ?? []).map((value) => ({
    key: `value-${value.id}`,
    id: value.id,
    name: value.name,
    color: value.color ?? '',
  })),
});
/** What a save compares: the fields without the list's own keys. */
const comparable = (fields: AttributeFields) => JSON.stringify({ ...fields, values: fields.values.map(({ key: _, ...value }) => value) });

/** One attribute's form (`/editor/attributes/{id}`, or `new`), once the store's attributes have come. */
export function AttributeEditor() {
  const param = useParams().attributeId ?? 'new';
  const loaded = useCatalogueAnswer(loadAttributes);
  return (
    <OpenedFrom what="attribute" param={param} loaded={loaded} back="/editor/attributes" backLabel="Back to attributes">
      {(attribute) => <AttributeForm key={param} attribute={attribute} />}
    </OpenedFrom>
  );
}

/**
 * An attribute's name, how shoppers see it (a dropdown, a list of names, colour swatches) and its values: added,
 * renamed, moved up or down and removed, each colour with its swatch as #rrggbb; all saved together with Save. A
 * value products use cannot be removed: the server's refusal (409) says which and how many products, and nothing is
 * saved.
 */
function AttributeForm({ attribute }: { attribute: StudioAttribute | null }) {
  const { controller } = useStudio();
  const { shown, saved, fields, setFields, errors, problem, saving, dirty, save, remove } = useItemForm({
    item: attribute,
    fieldsOf,
    compare: comparable,
    path: '/editor/attributes',
    what: 'Attribute',
  });
  const [inUse, setInUse] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [said, setSaid] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const id = useId();
  const colour = fields.displayType === 'color';

  /** A value or attribute products use: said in the notice at the top, not at a field. */
  const shownInUse = (failure: unknown) => {
    if (!(failure instanceof StudioApiError && failure.code === 'ATTRIBUTE_IN_USE')) return false;
    setInUse(withoutField(failure));
    setDeleting(false);
    return true;
  };
  const send = () => {
    setInUse(null);
    return save(
      () =>
        controller.catalogue.saveAttribute({
          ...(shown && { attributeId: shown.id }),
          name: fields.name,
          displayType: fields.displayType,
          values: fields.values.map((value) => ({
            ...(value.id !== undefined && { id: value.id }),
            name: value.name,
            color: colour || value.color.trim() ? value.color.trim() : null,
          })),
        }),
      (failure) => {
        if (shownInUse(failure)) return {};
        // A value's field ("values.2.color") is named at that value's control; the rest at the attribute's.
        const at =
          failure instanceof StudioApiError && failure.status === 400 ? /^values\.(\d+)\.(name|color)$/.exec(failure.field ?? '') : null;
        const value = at ? fields.values[Number(at[1])] : undefined;
        if (at && value) return { [`${value.key}.${at[2]}`]: withoutField(failure) };
        return errorsAt(failure, { name: 'name', displayType: 'displayType' });
      },
    );
  };

  const setValues = (values: ValueFields[]) => setFields({ ...fields, values });
  const change = (key: string, part: Partial<ValueFields>) => setValues(fields.values.map((v) => (v.key === key ? { ...v, ...part } : v)));
  const valueName = (value: ValueFields, at: number) => value.name.trim() || `value ${at + 1}`;
  /** Moves a value up or down; the keyboard stays on the same button of the value moved, and where it went is said. */
  const move = (at: number, by: -1 | 1, button: 'up' | 'down') => {
    const to = at + by;
    if (to < 0 || to >= fields.values.length) return;
    const values = [...fields.values];
    const [value] = values.splice(at, 1);
    values.splice(to, 0, value!);
    setValues(values);
    setSaid(`${valueName(value!, at)} moved to position ${to + 1} of ${values.length}.`);
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-value="${value!.key}"] [data-move="${button}"]`)?.focus());
  };
  const add = () => {
    const key = newKey();
    setValues([...fields.values, { key, name: '', color: colour ? '#000000' : '' }]);
    requestAnimationFrame(() => list.current?.querySelector<HTMLInputElement>(`[data-value="${key}"] input`)?.focus());
  };
  const drop = (at: number) => {
    const value = fields.values[at]!;
    setValues(fields.values.filter((_, i) => i !== at));
    setSaid(`${valueName(value, at)} removed; saved, it is gone from the attribute.`);
    const next =
      list.current?.querySelectorAll<HTMLElement>('[data-value]')[at + 1] ??
      list.current?.querySelectorAll<HTMLElement>('[data-value]')[at - 1];
    requestAnimationFrame(() =>
      (next?.querySelector('input') ?? list.current?.parentElement?.querySelector<HTMLElement>('[data-add-value]'))?.focus(),
    );
  };

  return (
    <form
      aria-label={shown ? `Attribute ${shown.name}` : 'New attribute'}
      className="h-full overflow-y-auto"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <SaveBar back="/editor/attributes" backLabel="Back to attributes" dirty={dirty} saving={saving} problem={problem} />
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-5 sm:px-5">
        {inUse ? (
          <div role="alert" className="rounded-md bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
            <p className="font-medium">Nothing was changed: {inUse}.</p>
            <p className="mt-1 text-xs">
              Take the value off those products (in each product’s Attributes) first, or keep it here.
              {dirty ? ' Reset puts back the values as they are saved.' : ''}
            </p>
            {dirty ? (
              <Button className="mt-2" onClick={() => setFields(saved)}>
                Reset
              </Button>
            ) : null}
          </div>
        ) : null}
        <section aria-labelledby={`${id}-about`} className="grid gap-4 sm:grid-cols-2">
          <h2 id={`${id}-about`} className="text-sm font-semibold text-slate-900 sm:col-span-2">
            {shown ? shown.name : 'New attribute'}
          </h2>
          {shown ? <p className="text-sm text-slate-600 sm:col-span-2">{productCount(shown.productCount)} use this attribute.</p> : null}
          <FormRow id={`${id}-name`} label="Name" error={errors['name']}>
            {(props) => (
              <input
                {...props}
                value={fields.name}
                onChange={(event) => setFields({ ...fields, name: event.target.value })}
                className={inputClass}
              />
            )}
          </FormRow>
          <FormRow id={`${id}-kind`} label="Shown to shoppers as" error={errors['displayType']}>
            {(props) => (
              <select
                {...props}
                value={fields.displayType}
                onChange={(event) => {
                  const displayType = event.target.value as AttributeDisplayType;
                  // Colour swatches need a colour each: a value without one starts black.
                  setFields({
                    ...fields,
                    displayType,
                    values: displayType === 'color' ? fields.values.map((v) => ({ ...v, color: v.color || '#000000' })) : fields.values,
                  });
                }}
                className={inputClass}
              >
                {attributeDisplayTypes.map((kind) => (
                  <option key={kind} value={kind}>
                    {kindNames[kind]}
                  </option>
                ))}
              </select>
            )}
          </FormRow>
        </section>

        <section aria-labelledby={`${id}-values`} className="grid gap-3">
          <h2 id={`${id}-values`} className="text-sm font-semibold text-slate-900">
            Values
          </h2>
          {fields.values.length ? null : <p className="text-sm text-slate-500">No values yet: add the first one.</p>}
          <ol ref={list} aria-label="Values" className="grid gap-2">
            {fields.values.map((value, at) => {
              const name = valueName(value, at);
              const nameError = errors[`${value.key}.name`];
              const colorError = errors[`${value.key}.color`];
              return (
                <li key={value.key} data-value={value.key} className="grid gap-1 rounded-md border border-slate-200 px-2 py-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <label className="sr-only" htmlFor={`${id}-${value.key}-name`}>
                      Name of value {at + 1}
                    </label>
                    <input
                      id={`${id}-${value.key}-name`}
                      value={value.name}
                      aria-invalid={nameError ? true : undefined}
                      aria-describedby={nameError ? `${id}-${value.key}-name-error` : undefined}
                      onChange={(event) => change(value.key, { name: event.target.value })}
                      className={`${inputClass} min-w-0 flex-1 basis-40`}
                    />
                    {colour ? (
                      <span className="flex items-center gap-1">
                        <label className="sr-only" htmlFor={`${id}-${value.key}-color`}>
                          Colour of {name}
                        </label>
                        <input
                          type="color"
                          aria-hidden="true"
                          tabIndex={-1}
                          value={/^#[0-9a-f]{6}$/i.test(value.color) ? value.color.toLowerCase() : '#000000'}
                          onChange={(event) => change(value.key, { color: event.target.value })}
                          className="size-8 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
                        />
                        <input
                          id={`${id}-${value.key}-color`}
                          value={value.color}
                          placeholder="#rrggbb"
                          maxLength={7}
                          aria-invalid={colorError ? true : undefined}
                          aria-describedby={colorError ? `${id}-${value.key}-color-error` : undefined}
                          onChange={(event) => change(value.key, { color: event.target.value })}
                          className={`${inputClass} w-24 font-mono`}
                        />
                      </span>
                    ) : null}
                    <span className="flex items-center">
                      <IconButton label={`Move ${name} up`} data-move="up" disabled={at === 0} onClick={() => move(at, -1, 'up')}>
                        <ChevronUpIcon />
                      </IconButton>
                      <IconButton
                        label={`Move ${name} down`}
                        data-move="down"
                        disabled={at === fields.values.length - 1}
                        onClick={() => move(at, 1, 'down')}
                      >
                        <ChevronDownIcon />
                      </IconButton>
                      <IconButton label={`Remove ${name}`} onClick={() => drop(at)}>
                        <TrashIcon />
                      </IconButton>
                    </span>
                  </div>
                  {nameError ? (
                    <p id={`${id}-${value.key}-name-error`} className="text-xs font-medium text-red-700">
                      Name {nameError}
                    </p>
                  ) : null}
                  {colorError ? (
                    <p id={`${id}-${value.key}-color-error`} className="text-xs font-medium text-red-700">
                      Colour {colorError}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ol>
          <div>
            <Button data-add-value onClick={add}>
              Add value
            </Button>
          </div>
          <p role="status" aria-live="polite" className="sr-only">
            {said}
          </p>
        </section>

        {shown ? (
          <section aria-labelledby={`${id}-delete`} className="grid gap-3 border-t border-slate-200 pt-5">
            <h2 id={`${id}-delete`} className="text-sm font-semibold text-slate-900">
              Delete
            </h2>
            <div className="flex flex-wrap items-center gap-2">
              <ConfirmStep
                label="Delete attribute…"
                question={`Delete ${shown.name} and its ${shown.values.length} values?`}
                confirm="Delete"
                tone="danger"
                open={deleting}
                busy={saving}
                onOpenChange={setDeleting}
                onConfirm={() => {
                  setInUse(null);
                  void remove((item) => controller.catalogue.deleteAttribute(item.id), shownInUse);
                }}
              />
            </div>
          </section>
        ) : null}
      </div>
    </form>
  );
}
