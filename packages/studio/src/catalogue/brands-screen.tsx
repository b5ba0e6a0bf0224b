import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { imageUrl, type StudioBrand } from '@vitrine/commerce';
import type { CatalogueCalls } from '../state/controller.ts';
import { Button, ButtonLink } from '../ui/button.tsx';
import { DataTable, tableColumns, type TableColumn } from '../ui/data-table.tsx';
import { useCatalogueAnswer } from './catalogue-form.tsx';

const column = tableColumns<StudioBrand>();
const columns: TableColumn<StudioBrand>[] = [
  column.accessor('name', {
    header: 'Brand',
    cell: ({ row }) => (
      <span className="flex items-center gap-3">
        {row.original.logo ? (
          <img
            src={imageUrl(row.original.logo, { w: 80, h: 80, fit: 'contain' })}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="size-10 shrink-0 rounded border border-slate-200 bg-white object-contain"
          />
        ) : (
          <span aria-hidden="true" className="block size-10 shrink-0 rounded border border-slate-200 bg-slate-100" />
        )}
        <span className="max-w-64 truncate">{row.original.name}</span>
      </span>
    ),
  }),
  column.accessor('slug', { header: 'Address', enableSorting: false, cell: (info) => `/brand/${info.getValue()}` }),
  column.accessor('productCount', { header: 'Products', meta: { align: 'end' } }),
];

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The store's brands, for the list and the form. */
export const loadBrands = (calls: CatalogueCalls) => calls.getBrands();

/**
 * The store's brands (`/editor/brands`): logo, name, address and product count, sorted by a heading and searched by
 * name (the search kept in the address); a row opens its brand at `/editor/brands/{id}`.
 */
export function BrandsScreen() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [attempt, setAttempt] = useState(0);
  const { value: brands, error } = useCatalogueAnswer(loadBrands, attempt);
  const words = fold(q).split(/\s+/).filter(Boolean);
  const rows = brands && brands.filter((brand) => words.every((word) => fold(`${brand.name} ${brand.slug}`).includes(word)));
  const addBrand = (
    <ButtonLink tone="primary" to="/editor/brands/new">
      Add brand
    </ButtonLink>
  );
  return (
    <div className="flex h-full min-h-0 flex-col">
      <DataTable
        label="Brand list"
        caption="Brands; the Brand and Products headings sort the list. Choose a brand's name to edit it."
        columns={columns}
        rows={rows}
        rowId={(brand) => String(brand.id)}
        rowName={(brand) => brand.name}
        search={{
          value: q,
          onChange: (value) => setParams(value ? { q: value } : {}, { replace: true }),
          label: 'Search brands',
          placeholder: 'Brand name',
        }}
        toolbar={addBrand}
        empty={
          q
            ? { title: `No brand matches “${q}”`, hint: 'Check the spelling, or search for less.' }
            : { title: 'No brands yet', hint: 'Add a brand so shoppers can find its products together.', action: addBrand }
        }
        error={
          error && !brands ? (
            <div role="alert" className="flex items-center gap-3 px-5 py-6 text-sm text-red-700">
              Brands could not be loaded: {error}
              <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
            </div>
          ) : null
        }
        onOpen={(brand) => void navigate(`/editor/brands/${brand.id}`)}
      />
    </div>
  );
}
