import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  imageUrl,
  productStatuses,
  stockLevels,
  studioProductsQuery,
  type CatalogueChoices,
  type ProductStatus,
  type StockLevel,
  type StudioProductRow,
} from '@vitrine/commerce';
import { useStudio } from '../context.tsx';
import { baseAmount } from '../orders/order-format.tsx';
import { problemText } from '../state/controller.ts';
import { downloadProductsCsv } from './owner-call.ts';
import { Button, ButtonLink } from '../ui/button.tsx';
import { ConfirmStep } from '../ui/confirm-step.tsx';
import { DataTable, tableColumns, type TableColumn } from '../ui/data-table.tsx';

/** How long the search waits after the last key before it changes the address and asks the server. */
export const PRODUCT_SEARCH_DELAY = 300;
/** Products on a page of the list. */
export const PRODUCT_PAGE = 25;

/** The list's query as its address says it; a value the endpoint would refuse is left out. */
export type ProductListQuery = ReturnType<typeof readListQuery>;
const listKeys = ['q', 'status', 'category', 'brand', 'stock', 'sort', 'page'] as const;

/** Reads the list's query from the address's query string, dropping what the endpoint's schema refuses. */
export function readListQuery(params: URLSearchParams) {
  const read: Record<string, unknown> = {};
  for (const key of listKeys) {
    const given = params.get(key);
    if (given === null || given === '') continue;
    const parsed = studioProductsQuery.shape[key].safeParse(given);
    if (parsed.success) read[key] = parsed.data;
  }
  return studioProductsQuery.parse({ ...read, pageSize: PRODUCT_PAGE });
}

/** The list's query as a query string, defaults left out (so `/editor/products` is the whole list, newest first). */
function listParams(query: ProductListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of listKeys) {
    const value = query[key];
    if (value === undefined || value === '' || (key === 'page' && value === 1)) continue;
    params.set(key, String(value));
  }
  return params;
}

/** The headings that sort, each to the endpoint's sort of the same name (`name`, `name-desc`, …). */
const sortableColumns = ['name', 'price', 'stock'] as const;
type SortableColumn = (typeof sortableColumns)[number];
const sortingOf = (sort: string | undefined) => {
  const id = sort?.replace(/-desc$/, '');
  return id && (sortableColumns as readonly string[]).includes(id) ? [{ id, desc: sort!.endsWith('-desc') }] : [];
};
const sortOf = (sorting: { id: string; desc: boolean }[]) => {
  const first = sorting[0];
  return first ? (`${first.id as SortableColumn}${first.desc ? '-desc' : ''}` as const) : undefined;
};

const statusNames: Record<ProductStatus, string> = { draft: 'Draft', active: 'Active', archived: 'Archived' };
const statusTones: Record<ProductStatus, string> = {
  draft: 'bg-slate-100 text-slate-700 ring-slate-200',
  active: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  archived: 'bg-amber-100 text-amber-800 ring-amber-200',
};
const stockNames: Record<StockLevel, string> = { in: 'In stock', low: 'Low stock', out: 'Out of stock' };

/** A product's status as a badge: Draft, Active or Archived. */
export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${statusTones[status]}`}
    >
      {statusNames[status]}
    </span>
  );
}

/** A product's first picture through the image route, small and square; a grey box when it has none. */
function Thumbnail({ file }: { file: string | null }) {
  return file ? (
    <img
      src={imageUrl(file, { w: 80, h: 80, fit: 'cover' })}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      className="size-10 shrink-0 rounded border border-slate-200 bg-slate-100 object-cover"
    />
  ) : (
    <span aria-hidden="true" className="block size-10 shrink-0 rounded border border-slate-200 bg-slate-100" />
  );
}

const column = tableColumns<StudioProductRow>();
const columns: TableColumn<StudioProductRow>[] = [
  column.accessor('name', {
    header: 'Product',
    cell: ({ row }) => (
      <span className="flex items-center gap-3">
        <Thumbnail file={row.original.picture?.file ?? null} />
        <span className="max-w-64 truncate">{row.original.name}</span>
      </span>
    ),
  }),
  column.accessor('status', { header: 'Status', enableSorting: false, cell: (info) => <ProductStatusBadge status={info.getValue()} /> }),
  column.accessor('stock', {
    header: 'Stock',
    meta: { align: 'end' },
    cell: ({ row }) => {
      const { stock, stockTracked, stockLevel } = row.original;
      if (!stockTracked) return <span className="text-slate-500">Not tracked</span>;
      return (
        <span className="inline-flex items-center gap-2 whitespace-nowrap">
          {stockLevel === 'in' ? null : (
            <span
              data-stock={stockLevel}
              className={`rounded px-1.5 py-0.5 text-xs font-medium ${stockLevel === 'out' ? 'bg-red-100 text-red-800' : 'bg-orange-100 text-orange-800'}`}
            >
              {stockNames[stockLevel]}
            </span>
          )}
          {stock}
        </span>
      );
    },
  }),
  column.accessor('price', { header: 'Price', meta: { align: 'end' }, cell: (info) => baseAmount(info.getValue()) }),
  column.accessor('categoryName', { header: 'Category', enableSorting: false, cell: (info) => info.getValue() ?? '—' }),
  column.accessor('brandName', { header: 'Brand', enableSorting: false, cell: (info) => info.getValue() ?? '—' }),
  column.accessor('variantCount', { header: 'Variants', enableSorting: false, meta: { align: 'end' } }),
];

/** Categories by their place in the tree ("Kitchen › Cookware › Pans"), for a choice of one. */
export function categoryPaths(choices: CatalogueChoices | null): { id: number; path: string }[] {
  if (!choices) return [];
  const byId = new Map(choices.categories.map((c) => [c.id, c]));
  const path = (id: number, seen = new Set<number>()): string => {
    const category = byId.get(id)!;
    if (category.parentId === null || seen.has(category.parentId) || !byId.has(category.parentId)) return category.name;
    seen.add(id);
    return `${path(category.parentId, seen)} › ${category.name}`;
  };
  return choices.categories.map((c) => ({ id: c.id, path: path(c.id) })).sort((a, b) => a.path.localeCompare(b.path));
}

/** The store's categories and brands for the choices of a filter or a field; `null` until they come (or if they cannot). */
export function useCatalogueChoices(): CatalogueChoices | null {
  const { controller } = useStudio();
  const [choices, setChoices] = useState<CatalogueChoices | null>(null);
  useEffect(() => {
    let live = true;
    controller.catalogueChoices().then(
      (found) => live && setChoices(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [controller]);
  return choices;
}

type ProductList = { products: StudioProductRow[]; total: number; more: boolean; page: number };
type BulkAction = 'publish' | 'draft' | 'archive' | 'move' | 'delete';
const bulkDone: Record<BulkAction, string> = {
  publish: 'published',
  draft: 'set to draft',
  archive: 'archived',
  move: 'moved',
  delete: 'deleted',
};
const products = (count: number) => (count === 1 ? '1 product' : `${count.toLocaleString('en-US')} products`);

/**
 * The store's products (`/editor/products`): searched (the store's typo-tolerant search), filtered by status,
 * category, brand and stock, sorted by a heading and paged on the server, all kept in the address so a reload, a
 * shared link and back/forward show the same list; selected rows are published, drafted, archived, moved or deleted
 * together. A row opens its product at `/editor/products/{id}`.
 */
export function ProductsScreen() {
  const { controller, store } = useStudio();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readListQuery(params), [params]);
  const [typed, setTyped] = useState(query.q);
  // The address's search changed by back, forward or a link: the box shows it.
  const [shownQ, setShownQ] = useState(query.q);
  if (shownQ !== query.q) {
    setShownQ(query.q);
    setTyped(query.q);
  }
  const [attempt, setAttempt] = useState(0);
  const choices = useCatalogueChoices();
  const [answer, setAnswer] = useState<{ request: string; list: ProductList | null; error: string | null }>({
    request: '',
    list: null,
    error: null,
  });

  /** A new query in the address (a new entry of its history); anything but a new page starts again at page 1. */
  const change = (next: Partial<ProductListQuery>) => setParams(listParams({ ...query, page: 1, ...next }));

  useEffect(() => {
    if (typed.trim() === query.q) return;
    const timer = setTimeout(() => setParams(listParams({ ...query, q: typed.trim(), page: 1 })), PRODUCT_SEARCH_DELAY);
    return () => clearTimeout(timer);
  }, [typed, query, setParams]);

  const request = JSON.stringify([query, attempt]);
  useEffect(() => {
    let live = true;
    controller.products({ ...query, q: query.q || undefined }).then(
      (found) => live && setAnswer({ request, list: found, error: null }),
      (failure: unknown) => live && setAnswer((last) => ({ request, list: last.list, error: problemText(failure) })),
    );
    return () => {
      live = false;
    };
  }, [controller, query, request]);
  const { list, error } = answer;
  const loading = answer.request !== request;

  const [busy, setBusy] = useState(false);
  const [moveTo, setMoveTo] = useState('');
  const [deleting, setDeleting] = useState(false);
  const bulk = async (rows: StudioProductRow[], action: BulkAction, clear: () => void) => {
    setBusy(true);
    try {
      const categoryId = action === 'move' ? (moveTo === 'none' ? null : Number(moveTo)) : undefined;
      const changed = await controller.bulkProducts({
        productIds: rows.map((row) => row.id),
        action,
        ...(categoryId !== undefined && { categoryId }),
      });
      const where =
        action === 'move'
          ? categoryId === null
            ? ' out of their category'
            : ` to ${categoryPaths(choices).find((c) => c.id === categoryId)?.path ?? 'the category'}`
          : '';
      store.getState().notify(`${products(changed)} ${bulkDone[action]}${where}.`, 'success');
      clear();
      setDeleting(false);
      setMoveTo('');
      setAttempt((n) => n + 1);
    } catch (failure) {
      store.getState().notify(`Nothing was changed: ${problemText(failure)}`, 'error');
    } finally {
      setBusy(false);
    }
  };

  const [exporting, setExporting] = useState(false);
  /** The catalogue, or the products chosen, saved as Shopify's product CSV. */
  const exportCsv = async (chosen?: readonly StudioProductRow[]) => {
    setExporting(true);
    try {
      const day = new Date().toISOString().slice(0, 10);
      await downloadProductsCsv(
        store.getState().session?.sessionToken ?? null,
        `products-${window.location.hostname}-${day}.csv`,
        chosen?.map((row) => row.id),
      );
    } catch (failure) {
      store.getState().notify(`The products could not be exported: ${problemText(failure)}`, 'error');
    } finally {
      setExporting(false);
    }
  };

  const categories = categoryPaths(choices);
  const rows = list?.products ?? null;
  const first = ((list?.page ?? 1) - 1) * PRODUCT_PAGE + 1;
  const total = list?.total ?? 0;
  const filtered = query.status !== undefined || query.category !== undefined || query.brand !== undefined || query.stock !== undefined;
  const addProduct = (
    <ButtonLink tone="primary" to="/editor/products/new">
      Add product
    </ButtonLink>
  );
  const empty = query.q
    ? { title: `No product matches “${query.q}”`, hint: 'Check the spelling, or search for less.' }
    : filtered
      ? {
          title: 'No products match these filters',
          hint: 'Choose other filters to see more.',
          action: <Button onClick={() => setParams(listParams({ q: '', page: 1, pageSize: PRODUCT_PAGE }))}>Clear the filters</Button>,
        }
      : {
          title: 'No products yet',
          hint: 'Add a product to start selling it, or import your catalogue from a CSV file.',
          action: addProduct,
        };

  const filter = (
    name: string,
    value: string | number | undefined,
    options: { value: string; label: string }[],
    set: (value: string) => void,
  ) => (
    <label className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
      {name}
      <select
        value={value === undefined ? '' : String(value)}
        onChange={(event) => set(event.target.value)}
        className="h-8 rounded-md border border-slate-300 bg-white px-1.5 text-sm text-slate-800 focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/30"
      >
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="flex h-full min-h-0 flex-col">
      <DataTable
        label="Product list"
        caption="Products; the Product, Stock and Price headings sort the whole list. Choose a product's name to edit it."
        columns={columns}
        rows={rows}
        rowId={(row) => String(row.id)}
        rowName={(row) => row.name}
        loading={loading}
        search={{
          value: typed,
          onChange: setTyped,
          onSubmit: () => change({ q: typed.trim() }),
          label: 'Search products',
          placeholder: 'Name or SKU',
        }}
        sorting={{ value: sortingOf(query.sort), onChange: (sorting) => change({ sort: sortOf(sorting) }) }}
        toolbar={
          <>
            {addProduct}
            <ButtonLink to="/editor/products/import">Import</ButtonLink>
            <Button disabled={exporting} onClick={() => void exportCsv()}>
              {exporting ? 'Exporting…' : 'Export all'}
            </Button>
            {filter(
              'Status',
              query.status,
              productStatuses.map((status) => ({ value: status, label: statusNames[status] })),
              (value) => change({ status: (value || undefined) as ProductStatus | undefined }),
            )}
            {filter(
              'Category',
              query.category,
              categories.map((c) => ({ value: String(c.id), label: c.path })),
              (value) => change({ category: value ? Number(value) : undefined }),
            )}
            {filter(
              'Brand',
              query.brand,
              (choices?.brands ?? []).map((b) => ({ value: String(b.id), label: b.name })),
              (value) => change({ brand: value ? Number(value) : undefined }),
            )}
            {filter(
              'Stock',
              query.stock,
              stockLevels.map((level) => ({ value: level, label: stockNames[level] })),
              (value) => change({ stock: (value || undefined) as StockLevel | undefined }),
            )}
          </>
        }
        empty={empty}
        error={
          error ? (
            <div role="alert" className="flex items-center gap-3 px-5 py-6 text-sm text-red-700">
              Products could not be loaded: {error}
              <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
            </div>
          ) : null
        }
        onOpen={(row) => void navigate(`/editor/products/${row.id}`, { state: { list: params.toString() } })}
        bulkActions={(chosen, clear) => (
          <>
            <Button disabled={busy} onClick={() => void bulk(chosen, 'publish', clear)}>
              Publish
            </Button>
            <Button disabled={busy} onClick={() => void bulk(chosen, 'draft', clear)}>
              Set to draft
            </Button>
            <Button disabled={busy} onClick={() => void bulk(chosen, 'archive', clear)}>
              Archive
            </Button>
            <span className="flex items-center gap-1.5">
              <label className="sr-only" htmlFor="move-products-to">
                Move to category
              </label>
              <select
                id="move-products-to"
                value={moveTo}
                onChange={(event) => setMoveTo(event.target.value)}
                className="h-8 rounded-md border border-slate-300 bg-white px-1.5 text-sm"
              >
                <option value="">Move to category…</option>
                <option value="none">No category</option>
                {categories.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.path}
                  </option>
                ))}
              </select>
              <Button disabled={busy || moveTo === ''} onClick={() => void bulk(chosen, 'move', clear)}>
                Move
              </Button>
            </span>
            <Button disabled={busy || exporting} onClick={() => void exportCsv(chosen)}>
              Export
            </Button>
            <ConfirmStep
              label="Delete…"
              question={`Delete ${products(chosen.length)}? This cannot be undone.`}
              confirm="Delete"
              tone="danger"
              open={deleting}
              busy={busy}
              onOpenChange={setDeleting}
              onConfirm={() => void bulk(chosen, 'delete', clear)}
            />
          </>
        )}
        footer={
          <nav
            aria-label="Pages of products"
            className="flex flex-wrap items-center gap-2 border-t border-slate-200 px-3 py-2 text-sm text-slate-600 sm:px-5"
          >
            <span className="mr-auto" aria-live="polite">
              {rows && rows.length > 0
                ? `${first.toLocaleString('en-US')}–${(first + rows.length - 1).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}${list?.more ? '+' : ''}`
                : ''}
            </span>
            <Button disabled={query.page <= 1 || loading} onClick={() => change({ page: query.page - 1 })}>
              Previous page
            </Button>
            <Button
              disabled={loading || !list || (!list.more && query.page * PRODUCT_PAGE >= total)}
              onClick={() => change({ page: query.page + 1 })}
            >
              Next page
            </Button>
          </nav>
        }
      />
    </div>
  );
}
