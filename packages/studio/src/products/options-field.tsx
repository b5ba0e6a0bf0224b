import { inputClass } from '../forms/input-class.ts';
import { Button } from '../ui/button.tsx';
import { FieldError } from './field-error.tsx';
import { choiceTypes, fieldAttributes, newKey, type FieldErrors, type OptionField, type PricedField } from './product-form.ts';

/** The option types 1–6 as the product page shows them. */
const optionTypes: { id: number; label: string }[] = [
  { id: 1, label: 'Text' },
  { id: 2, label: 'Long text' },
  { id: 3, label: 'Dropdown' },
  { id: 4, label: 'Radio buttons' },
  { id: 5, label: 'Checkboxes' },
  { id: 6, label: 'File upload' },
];

/** A name and a price as one row of inputs, with their refusals (an option's value, an add-on). */
function PricedRow({
  row,
  path,
  noun,
  errors,
  formId,
  change,
  remove,
}: {
  row: PricedField;
  path: string;
  noun: string;
  errors: FieldErrors;
  formId: string;
  change: (row: PricedField) => void;
  remove: () => void;
}) {
  const shown = row.name.trim() || noun;
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_6rem_auto] items-start gap-2">
      <div>
        <input
          {...fieldAttributes(formId, `${path}.name`, errors)}
          aria-label={`${noun} name`}
          value={row.name}
          onChange={(event) => change({ ...row, name: event.target.value })}
          className={inputClass}
        />
        <FieldError formId={formId} path={`${path}.name`} errors={errors} label="Name" />
      </div>
      <div>
        <input
          {...fieldAttributes(formId, `${path}.price`, errors)}
          aria-label={`Price of ${shown}`}
          inputMode="decimal"
          placeholder="0.00"
          value={row.price}
          onChange={(event) => change({ ...row, price: event.target.value })}
          className={inputClass}
        />
        <FieldError formId={formId} path={`${path}.price`} errors={errors} label="Price" />
      </div>
      <Button tone="ghost" className="text-red-700" aria-label={`Remove ${shown}`} onClick={remove}>
        Remove
      </Button>
    </li>
  );
}

/** The choices a shopper makes on the product page (options of types 1–6, with their values' prices) and its add-ons. */
export function OptionsField({
  options,
  addons,
  errors,
  formId,
  setOptions,
  setAddons,
}: {
  options: OptionField[];
  addons: PricedField[];
  errors: FieldErrors;
  formId: string;
  setOptions: (options: OptionField[]) => void;
  setAddons: (addons: PricedField[]) => void;
}) {
  const setOption = (i: number, option: OptionField) => setOptions(options.map((other, j) => (j === i ? option : other)));
  return (
    <section aria-labelledby={`${formId}-options-heading`} className="grid min-w-0 gap-3">
      <h2 id={`${formId}-options-heading`} className="text-sm font-semibold text-slate-900">
        Options and add-ons
      </h2>
      <p className="text-xs text-slate-500">
        What a shopper chooses or writes on the product page (an engraving, a gift note), and extras with a price.
      </p>
      {options.map((option, i) => {
        const path = `options.${i}`;
        const shown = option.name.trim() || `Option ${i + 1}`;
        return (
          <fieldset key={option.key} className="grid min-w-0 gap-2 rounded-md border border-slate-200 px-3 pt-1 pb-3">
            <legend className="px-1 text-xs font-semibold text-slate-700">{shown}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              <div className="grid gap-1">
                <label htmlFor={fieldAttributes(formId, `${path}.name`, errors).id} className="text-xs font-medium text-slate-700">
                  Option name
                </label>
                <input
                  {...fieldAttributes(formId, `${path}.name`, errors)}
                  value={option.name}
                  onChange={(event) => setOption(i, { ...option, name: event.target.value })}
                  className={inputClass}
                />
                <FieldError formId={formId} path={`${path}.name`} errors={errors} label="Name" />
              </div>
              <div className="grid gap-1">
                <label htmlFor={fieldAttributes(formId, `${path}.inputTypeId`, errors).id} className="text-xs font-medium text-slate-700">
                  Shown as
                </label>
                <select
                  {...fieldAttributes(formId, `${path}.inputTypeId`, errors)}
                  value={option.inputTypeId}
                  onChange={(event) => setOption(i, { ...option, inputTypeId: Number(event.target.value) })}
                  className={inputClass}
                >
                  {optionTypes.map((type) => (
                    <option key={type.id} value={type.id}>
                      {type.label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={option.required}
                  onChange={(event) => setOption(i, { ...option, required: event.target.checked })}
                  className="size-4 accent-indigo-600"
                />
                Required
              </label>
              <Button tone="danger" className="ml-auto" onClick={() => setOptions(options.filter((_, j) => j !== i))}>
                Remove {shown}
              </Button>
            </div>
            {choiceTypes.includes(option.inputTypeId) ? (
              <>
                <ul aria-label={`Values of ${shown}`} className="grid gap-2">
                  {option.values.map((value, j) => (
                    <PricedRow
                      key={value.key}
                      row={value}
                      path={`${path}.values.${j}`}
                      noun="Value"
                      errors={errors}
                      formId={formId}
                      change={(changed) => setOption(i, { ...option, values: option.values.map((v, k) => (k === j ? changed : v)) })}
                      remove={() => setOption(i, { ...option, values: option.values.filter((_, k) => k !== j) })}
                    />
                  ))}
                </ul>
                <FieldError formId={formId} path={`${path}.values`} errors={errors} label="Values" />
                <div>
                  <Button
                    id={fieldAttributes(formId, `${path}.values`, errors).id}
                    onClick={() => setOption(i, { ...option, values: [...option.values, { key: newKey('value'), name: '', price: '' }] })}
                  >
                    Add a value to {shown}
                  </Button>
                </div>
              </>
            ) : null}
          </fieldset>
        );
      })}
      <div>
        <Button onClick={() => setOptions([...options, { key: newKey('option'), name: '', inputTypeId: 3, required: false, values: [] }])}>
          Add product option
        </Button>
      </div>
      <h3 className="text-xs font-semibold text-slate-700">Add-ons</h3>
      {addons.length ? (
        <ul aria-label="Add-ons" className="grid gap-2">
          {addons.map((addon, i) => (
            <PricedRow
              key={addon.key}
              row={addon}
              path={`addons.${i}`}
              noun="Add-on"
              errors={errors}
              formId={formId}
              change={(changed) => setAddons(addons.map((a, j) => (j === i ? changed : a)))}
              remove={() => setAddons(addons.filter((_, j) => j !== i))}
            />
          ))}
        </ul>
      ) : null}
      <div>
        <Button onClick={() => setAddons([...addons, { key: newKey('addon'), name: '', price: '' }])}>Add add-on</Button>
      </div>
    </section>
  );
}
