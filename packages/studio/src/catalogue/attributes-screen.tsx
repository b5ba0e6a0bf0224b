import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { AttributeDisplayType, StudioAttribute } from '@vitrine/commerce';
import type { CatalogueCalls } from '../state/controller.ts';
import { Button, ButtonLink } from '../ui/button.tsx';
import { DataTable, tableColumns, type TableColumn } from '../ui/data-table.tsx';
import { useCatalogueAnswer } from './catalogue-form.tsx';

/** What each kind of attribute is called, and how shoppers see it. */
export const kindNames: Record<AttributeDisplayType, string> = {
  dropdown: 'Dropdown',
  namelist: 'Name list',
  color: 'Colour swatches',
};

/** An attribute's values as the list shows them: a swatch before each colour, the first few, then how many more. */
function ValuesPreview({ attribute }: { attribute: StudioAttribute }) {
  const shown = attribute.values.slice(0, 5);
  const more = attribute.values.length - shown.length;
  if (!attribute.values.length) return <span className="text-slate-500">No values</span>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      {shown.map((value) => (
        <span key={value.id} className="inline-flex items-center gap-1 whitespace-nowrap">
          {value.color ? (
            <span aria-hidden="true" className="size-3 rounded-full ring-1 ring-slate-300" style={{ backgroundColor: value.color }} />
          ) : null}
          {value.name}
        </span>
      ))}
      {more > 0 ? <span className="text-slate-500">+{more} more</span> : null}
    </span>
  );
}

const column = tableColumns<StudioAttribute>();
const columns: TableColumn<StudioAttribute>[] = [
  column.accessor('name', { header: 'Attribute' }),
  column.accessor('displayType', { header: 'Shown as', enableSorting: false, cell: ({ row }) => kindNames[row.original.displayType] }),
  column.display({ id: 'values', header: 'Values', cell: ({ row }) => <ValuesPreview attribute={row.original} /> }),
  column.accessor('productCount', { header: 'Products', meta: { align: 'end' } }),
];

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The store's attributes, for the list and the form. */
export const loadAttributes = (calls: CatalogueCalls) => calls.getAttributes();

/**
 * The store's attributes (`/editor/attributes`), the facets shoppers filter by and the options variants differ in:
 * name, how shoppers see it, its values (colours with their swatch) and how many products use it; searched by name
 * or value, the search kept in the address. A row opens its attribute at `/editor/attributes/{id}`.
 */
export function AttributesScreen() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [attempt, setAttempt] = useState(0);
  const { value: attributes, error } = useCatalogueAnswer(loadAttributes, attempt);
  const words = fold(q).split(/\s+/).filter(Boolean);
  const rows =
    attributes &&
    attributes.filter((attribute) =>
      words.every((word) => fold(`${attribute.name} ${attribute.values.map((v) => v.name).join(' ')}`).includes(word)),
    );
  const addAttribute = (
    <ButtonLink tone="primary" to="/editor/attributes/new">
      Add attribute
    </ButtonLink>
  );
  return (
    <div className="flex h-full min-h-0 flex-col">
      <DataTable
        label="Attribute list"
        caption="Attributes; the Attribute and Products headings sort the list. Choose an attribute's name to edit it and its values."
        columns={columns}
        rows={rows}
        rowId={(attribute) => String(attribute.id)}
        rowName={(attribute) => attribute.name}
        search={{
          value: q,
          onChange: (value) => setParams(value ? { q: value } : {}, { replace: true }),
          label: 'Search attributes',
          placeholder: 'Attribute or value',
        }}
        toolbar={addAttribute}
        empty={
          q
            ? { title: `No attribute matches “${q}”`, hint: 'Check the spelling, or search for less.' }
            : {
                title: 'No attributes yet',
                hint: 'Add one (Colour, Size, Material) so shoppers can filter by it and variants can differ in it.',
                action: addAttribute,
              }
        }
        error={
          error && !attributes ? (
            <div role="alert" className="flex items-center gap-3 px-5 py-6 text-sm text-red-700">
              Attributes could not be loaded: {error}
              <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
            </div>
          ) : null
        }
        onOpen={(attribute) => void navigate(`/editor/attributes/${attribute.id}`)}
      />
    </div>
  );
}
