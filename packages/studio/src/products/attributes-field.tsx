import type { StudioAttribute } from '@vitrine/commerce';
import { controlId, type FieldErrors } from './product-form.ts';

/**
 * The product's attribute values, the facets shoppers filter by: a group per attribute of the store, a colour value
 * with its swatch. Values the product has that the list does not show (it could not load) are kept.
 */
export function AttributesField({
  attributes,
  problem,
  chosen,
  errors,
  formId,
  setChosen,
}: {
  attributes: StudioAttribute[] | null;
  problem: string | null;
  chosen: number[];
  errors: FieldErrors;
  formId: string;
  setChosen: (valueIds: number[]) => void;
}) {
  const toggle = (valueId: number, on: boolean) => setChosen(on ? [...chosen, valueId] : chosen.filter((id) => id !== valueId));
  return (
    <section aria-labelledby={`${formId}-attributes-heading`} className="grid min-w-0 gap-3">
      <h2 id={`${formId}-attributes-heading`} className="text-sm font-semibold text-slate-900">
        Attributes
      </h2>
      <p className="text-xs text-slate-500">What shoppers filter the catalogue by. Attributes and their values are kept under Catalogue.</p>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          The store’s attributes could not be loaded: {problem}
        </p>
      ) : attributes === null ? (
        <p role="status" className="text-sm text-slate-500">
          Loading the store’s attributes…
        </p>
      ) : attributes.length === 0 ? (
        <p className="text-sm text-slate-500">The store has no attributes yet.</p>
      ) : (
        attributes.map((attribute) => (
          <fieldset key={attribute.id} className="min-w-0">
            <legend className="text-xs font-semibold text-slate-700">{attribute.name}</legend>
            <div className="mt-1 flex flex-wrap gap-1.5">
              {attribute.values.map((value) => {
                const path = `attributeValueIds.${value.id}`;
                const id = controlId(formId, path);
                return (
                  <label
                    key={value.id}
                    className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-2.5 py-1 text-sm has-checked:border-indigo-500 has-checked:bg-indigo-50 has-focus-visible:outline-2 has-focus-visible:outline-indigo-500"
                  >
                    <input
                      type="checkbox"
                      id={id}
                      checked={chosen.includes(value.id)}
                      aria-invalid={errors[path] ? true : undefined}
                      aria-describedby={errors[path] ? `${id}-error` : undefined}
                      onChange={(event) => toggle(value.id, event.target.checked)}
                      className="size-4 accent-indigo-600"
                    />
                    {value.color ? (
                      <span
                        aria-hidden="true"
                        className="size-3.5 rounded-full border border-slate-300"
                        style={{ background: value.color }}
                      />
                    ) : null}
                    {value.name}
                    {errors[path] ? (
                      <span id={`${id}-error`} className="text-xs font-medium text-red-700">
                        {errors[path]}
                      </span>
                    ) : null}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))
      )}
    </section>
  );
}
