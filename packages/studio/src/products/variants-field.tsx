import { useState, type KeyboardEvent } from 'react';
import { MAX_VARIANTS } from '@vitrine/commerce';
import { inputClass } from '../forms/input-class.ts';
import { Button } from '../ui/button.tsx';
import { FieldError } from './field-error.tsx';
import { controlId, fieldAttributes, newKey, type FieldErrors, type PictureField } from './product-form.ts';
import { MAX_AXES, variantCount, variantName, type AxisField, type VariantField } from './variant-matrix.ts';

const cellInput = `${inputClass} min-w-20`;

/**
 * The options the product's variants differ in (up to three, values as chips) and the variants they make, one row
 * per choice with its own price, compare-at price, SKU, stock and picture. The rows follow the options: what was typed
 * in a row stays while its choice does.
 */
export function VariantsField({
  axes,
  variants,
  pictures,
  productPrice,
  suggestions,
  errors,
  formId,
  setAxes,
  setVariants,
}: {
  axes: AxisField[];
  variants: VariantField[];
  pictures: PictureField[];
  productPrice: string;
  /** Values the store's attribute of the same name has, offered as an option's values are typed. */
  suggestions: (optionName: string) => string[];
  errors: FieldErrors;
  formId: string;
  setAxes: (axes: AxisField[]) => void;
  setVariants: (variants: VariantField[]) => void;
}) {
  const [everyPrice, setEveryPrice] = useState('');
  const made = variantCount(axes);
  const setRow = (i: number, fields: Partial<VariantField>) =>
    setVariants(variants.map((row, j) => (j === i ? { ...row, ...fields } : row)));
  const cell = (
    i: number,
    key: 'price' | 'compareAtPrice' | 'sku' | 'barcode' | 'stock',
    label: string,
    name: string,
    numeric?: 'decimal' | 'numeric',
  ) => {
    const path = `variants.${i}.${key}`;
    return (
      <td className="px-1 py-1 align-top">
        <input
          {...fieldAttributes(formId, path, errors)}
          aria-label={`${label} of ${name}`}
          inputMode={numeric}
          placeholder={key === 'price' ? productPrice : undefined}
          value={variants[i]![key]}
          onChange={(event) => setRow(i, { [key]: event.target.value })}
          className={cellInput}
        />
        <FieldError formId={formId} path={path} errors={errors} label={label} />
      </td>
    );
  };

  return (
    <section aria-labelledby={`${formId}-variants-heading`} className="grid min-w-0 gap-3">
      <h2 id={`${formId}-variants-heading`} className="text-sm font-semibold text-slate-900">
        Variants
      </h2>
      <p className="text-xs text-slate-500">
        Options such as Size or Colour, up to {MAX_AXES}: each choice of their values is a variant with its own price and stock.
      </p>
      {axes.map((axis, i) => (
        <AxisEditor
          key={axis.key}
          axis={axis}
          place={i}
          suggestions={suggestions(axis.name)}
          errors={errors}
          formId={formId}
          tooMany={(values) => variantCount(axes.map((other) => (other.key === axis.key ? { ...other, values } : other))) > MAX_VARIANTS}
          change={(changed) => setAxes(axes.map((other) => (other.key === axis.key ? changed : other)))}
          remove={() => setAxes(axes.filter((other) => other.key !== axis.key))}
        />
      ))}
      <FieldError formId={formId} path="variantOptions" errors={errors} label="Options" />
      <div>
        <Button
          id={controlId(formId, 'variantOptions')}
          disabled={axes.length >= MAX_AXES}
          onClick={() => setAxes([...axes, { key: newKey('axis'), name: axes.length ? '' : 'Size', values: [] }])}
        >
          Add variant option
        </Button>
      </div>
      {made > MAX_VARIANTS ? (
        <p role="alert" className="text-sm text-red-700">
          These options make {made} variants; a product has at most {MAX_VARIANTS}.
        </p>
      ) : null}
      {variants.length ? (
        <>
          <div className="flex flex-wrap items-end gap-2">
            <div className="grid gap-1">
              <label htmlFor={`${formId}-every-price`} className="text-xs font-medium text-slate-700">
                Price for every variant
              </label>
              <input
                id={`${formId}-every-price`}
                inputMode="decimal"
                value={everyPrice}
                onChange={(event) => setEveryPrice(event.target.value)}
                className={`${inputClass} w-32`}
              />
            </div>
            <Button
              disabled={!everyPrice.trim()}
              onClick={() => setVariants(variants.map((row) => ({ ...row, price: everyPrice.trim() })))}
            >
              Apply to all
            </Button>
          </div>
          <div className="max-w-full overflow-x-auto rounded-md border border-slate-200">
            <table aria-label="Variants" className="w-full min-w-[48rem] text-left text-sm">
              <thead className="bg-slate-50 text-xs text-slate-600">
                <tr>
                  {[
                    axes.map((axis) => axis.name || 'Option').join(' / '),
                    'Price',
                    'Compare-at price',
                    'SKU',
                    'Barcode',
                    'Stock',
                    'Picture',
                  ].map((heading) => (
                    <th key={heading} scope="col" className="px-2 py-1.5">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {variants.map((row, i) => {
                  const name = variantName(row, axes);
                  const valuesPath = `variants.${i}.values`;
                  const picturePath = `variants.${i}.picture`;
                  return (
                    <tr key={row.id ?? name.toLowerCase()} className="border-t border-slate-100">
                      <th scope="row" className="px-2 py-1 align-top font-medium whitespace-nowrap text-slate-800">
                        <span id={controlId(formId, valuesPath)} tabIndex={-1}>
                          {name}
                        </span>
                        <FieldError formId={formId} path={valuesPath} errors={errors} label="" />
                      </th>
                      {cell(i, 'price', 'Price', name, 'decimal')}
                      {cell(i, 'compareAtPrice', 'Compare-at price', name, 'decimal')}
                      {cell(i, 'sku', 'SKU', name)}
                      {cell(i, 'barcode', 'Barcode', name, 'numeric')}
                      {cell(i, 'stock', 'Stock', name, 'numeric')}
                      <td className="px-1 py-1 align-top">
                        <select
                          {...fieldAttributes(formId, picturePath, errors)}
                          aria-label={`Picture of ${name}`}
                          value={row.picture}
                          onChange={(event) => setRow(i, { picture: event.target.value })}
                          className={cellInput}
                        >
                          <option value="">The product’s</option>
                          {pictures.map((picture, n) => (
                            <option key={picture.key} value={picture.file}>
                              {`Picture ${n + 1}${picture.alt ? `: ${picture.alt}` : ''}`}
                            </option>
                          ))}
                        </select>
                        <FieldError formId={formId} path={picturePath} errors={errors} label="Picture" />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="text-xs text-slate-500">A variant’s empty price is the product’s. The product’s stock is its variants’ summed.</p>
        </>
      ) : null}
    </section>
  );
}

/** One option: its name, its values as chips (Enter or a comma adds the value typed), and its removal. */
function AxisEditor({
  axis,
  place,
  suggestions,
  errors,
  formId,
  tooMany,
  change,
  remove,
}: {
  axis: AxisField;
  place: number;
  suggestions: string[];
  errors: FieldErrors;
  formId: string;
  /** Whether these values would make more variants than a product has. */
  tooMany: (values: string[]) => boolean;
  change: (axis: AxisField) => void;
  remove: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const label = `Option ${place + 1}`;
  const shown = axis.name.trim() || label;
  const namePath = `variantOptions.${place}.name`;
  const valuesPath = `variantOptions.${place}.values`;
  const listId = `${controlId(formId, valuesPath)}-suggestions`;
  const add = () => {
    const value = typed.replace(/,/g, ' ').trim();
    if (!value) return;
    if (axis.values.some((other) => other.toLowerCase() === value.toLowerCase())) {
      setRefusal(`${value} is already a value of ${shown}.`);
      return;
    }
    if (tooMany([...axis.values, value])) {
      setRefusal(`With ${value}, these options would make more than ${MAX_VARIANTS} variants, the most a product has.`);
      return;
    }
    change({ ...axis, values: [...axis.values, value] });
    setTyped('');
    setRefusal(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && !typed && axis.values.length) change({ ...axis, values: axis.values.slice(0, -1) });
  };
  const valueError = axis.values.findIndex((_, j) => errors[`${valuesPath}.${j}`]);
  return (
    <fieldset className="grid min-w-0 gap-2 rounded-md border border-slate-200 px-3 pt-1 pb-3">
      <legend className="px-1 text-xs font-semibold text-slate-700">{label}</legend>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <label htmlFor={controlId(formId, namePath)} className="text-xs font-medium text-slate-700">
            {label} name
          </label>
          <input
            {...fieldAttributes(formId, namePath, errors)}
            value={axis.name}
            placeholder="Size, Colour…"
            onChange={(event) => change({ ...axis, name: event.target.value })}
            className={inputClass}
          />
        </div>
        <Button tone="danger" onClick={remove}>
          Remove {shown}
        </Button>
      </div>
      <FieldError formId={formId} path={namePath} errors={errors} label="Name" />
      <ul aria-label={`Values of ${shown}`} className="flex flex-wrap gap-1.5">
        {axis.values.map((value, j) => (
          <li
            key={value.toLowerCase()}
            className={`inline-flex items-center gap-1 rounded-full border py-0.5 pr-0.5 pl-2.5 text-sm ${
              errors[`${valuesPath}.${j}`] ? 'border-red-400 bg-red-50' : 'border-slate-300 bg-slate-50'
            }`}
          >
            {value}
            <button
              type="button"
              {...fieldAttributes(formId, `${valuesPath}.${j}`, errors)}
              aria-label={`Remove ${value} from ${shown}`}
              onClick={() => change({ ...axis, values: axis.values.filter((_, k) => k !== j) })}
              className="grid size-5 place-items-center rounded-full text-slate-500 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {valueError >= 0 ? (
        <FieldError formId={formId} path={`${valuesPath}.${valueError}`} errors={errors} label={axis.values[valueError]!} />
      ) : null}
      <div className="grid gap-1">
        <label htmlFor={controlId(formId, valuesPath)} className="text-xs font-medium text-slate-700">
          Add a value to {shown}
        </label>
        <input
          {...fieldAttributes(formId, valuesPath, errors)}
          list={suggestions.length ? listId : undefined}
          value={typed}
          placeholder="Type a value, then Enter"
          onChange={(event) => {
            setTyped(event.target.value);
            setRefusal(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={add}
          className={inputClass}
        />
        {suggestions.length ? (
          <datalist id={listId}>
            {suggestions.map((value) => (
              <option key={value} value={value} />
            ))}
          </datalist>
        ) : null}
        {refusal ? <p className="text-xs font-medium text-red-700">{refusal}</p> : null}
        <FieldError formId={formId} path={valuesPath} errors={errors} label="Values" />
      </div>
    </fieldset>
  );
}
