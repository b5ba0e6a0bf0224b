import { createContext, use, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { NavLink, useNavigate, useSearchParams } from 'react-router-dom';
import {
  imageUrl,
  stockMovementsQuery,
  studioInventoryQuery,
  type InventoryItem,
  type StockMovementRow,
  type StudioInventoryAnswer,
} from '@vitrine/commerce';
import { StudioApiError } from '../api/client.ts';
import { useStudio } from '../context.tsx';
import { Time } from '../orders/order-format.tsx';
import { PRODUCT_SEARCH_DELAY } from '../products/products-screen.tsx';
import { problemText } from '../state/controller.ts';
import { Button } from '../ui/button.tsx';
import { DataTable, tableColumns, type TableColumn } from '../ui/data-table.tsx';
import { withoutField } from './catalogue-form.tsx';

/** Stock-keeping units on a page of the inventory. */
export const INVENTORY_PAGE = 50;
/** Ledger rows on a page of the movements. */
export const MOVEMENTS_PAGE = 50;

const inventoryKeys = ['q', 'level', 'sort', 'page'] as const;
type InventoryQuery = ReturnType<typeof readInventoryQuery>;

/** The inventory's query as its address says it; a value the endpoint would refuse is left out. */
function readInventoryQuery(params: URLSearchParams) {
  const read: Record<string, unknown> = {};
  for (const key of inventoryKeys) {
    const given = params.get(key);
    if (given === null || given === '') continue;
    const parsed = studioInventoryQuery.shape[key].safeParse(given);
    if (parsed.success) read[key] = parsed.data;
  }
  return studioInventoryQuery.parse({ ...read, pageSize: INVENTORY_PAGE });
}

/** The query as a query string, defaults left out: `/editor/inventory` is every count by product name. */
function inventoryParams(query: InventoryQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of inventoryKeys) {
    const value = query[key];
    if (value === undefined || value === '' || (key === 'page' && value === 1) || (key === 'sort' && value === 'name')) continue;
    params.set(key, String(value));
  }
  return params;
}

/** A stock-keeping unit's name: its product's, and its variant's values ("Cast-iron pan, 28 cm"). */
const itemName = (item: { productName: string; variantLabel: string | null }) =>
  item.variantLabel ? `${item.productName}, ${item.variantLabel}` : item.productName;
const itemKey = (item: { productId: number; variantId: number | null }) => `${item.productId}/${item.variantId ?? ''}`;

/** Sets one item's count; answers what went wrong, said at its cell, or `null` once saved. */
type SaveStock = (item: InventoryItem, stock: number) => Promise<string | null>;
const StockSaver = createContext<SaveStock>(() => Promise.resolve('The stock cannot be saved here.'));

/**
 * A count edited in place: typed, saved with Enter or on leaving the box, put back with Escape; what went wrong is
 * said under it, and the box stays as typed.
 */
function StockCell({ item }: { item: InventoryItem }) {
  const save = use(StockSaver);
  const [typed, setTyped] = useState(String(item.stock));
  const [read, setRead] = useState(item.stock);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const errorId = useId();
  // A newer count read (saved here, or reloaded after an order moved it) shows in the box.
  if (read !== item.stock) {
    setRead(item.stock);
    setTyped(String(item.stock));
  }
  const commit = async () => {
    const text = typed.trim();
    if (busy.current) return;
    if (text === String(item.stock)) return setError(null);
    if (!/^\d+$/.test(text) || Number(text) > 2 ** 31 - 1) return setError('Stock must be a whole number, 0 or more.');
    busy.current = true;
    setError(await save(item, Number(text)));
    busy.current = false;
  };
  return (
    <span className="inline-grid justify-items-end gap-0.5" onClick={(event) => event.stopPropagation()}>
      <input
        aria-label={`Stock of ${itemName(item)}`}
        inputMode="numeric"
        value={typed}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={() => void commit()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void commit();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            setTyped(String(item.stock));
            setError(null);
          }
        }}
        className="h-8 w-20 rounded-md border border-slate-300 bg-white px-2 text-right text-sm tabular-nums focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/30 aria-invalid:border-red-500"
      />
      {error ? (
        <span id={errorId} className="max-w-56 text-left text-xs font-medium whitespace-normal text-red-700">
          {error}
        </span>
      ) : null}
    </span>
  );
}

const levelNames = { in: 'In stock', low: 'Low stock', out: 'Out of stock' } as const;
const levelTones = { in: 'bg-emerald-50 text-emerald-800', low: 'bg-orange-100 text-orange-800', out: 'bg-red-100 text-red-800' } as const;

const column = tableColumns<InventoryItem>();
const columns: TableColumn<InventoryItem>[] = [
  column.accessor('productName', {
    header: 'Product',
    cell: ({ row }) => (
      <span className="flex items-center gap-3">
        {row.original.picture ? (
          <img
            src={imageUrl(row.original.picture.file, { w: 80, h: 80, fit: 'cover' })}
            alt=""
            width={32}
            height={32}
            loading="lazy"
            className="size-8 shrink-0 rounded border border-slate-200 object-cover"
          />
        ) : (
          <span aria-hidden="true" className="block size-8 shrink-0 rounded border border-slate-200 bg-slate-100" />
        )}
        <span className="max-w-56 truncate">{row.original.productName}</span>
      </span>
    ),
  }),
  column.accessor('variantLabel', { header: 'Variant', enableSorting: false, cell: (info) => info.getValue() ?? '—' }),
  column.accessor('sku', { header: 'SKU', enableSorting: false, cell: (info) => info.getValue() || '—' }),
  column.accessor('level', {
    header: 'Level',
    enableSorting: false,
    cell: ({ row }) =>
      row.original.tracked ? (
        <span
          data-level={row.original.level}
          className={`rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${levelTones[row.original.level]}`}
        >
          {levelNames[row.original.level]}
        </span>
      ) : (
        <span className="text-xs whitespace-nowrap text-slate-500">Not tracked</span>
      ),
  }),
  column.accessor('stock', { header: 'Stock', meta: { align: 'end' }, cell: ({ row }) => <StockCell item={row.original} /> }),
];

/** The inventory's two views, each at its own address: the counts and the ledger. */
function InventoryViews() {
  const tab =
    'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-800';
  return (
    <nav aria-label="Inventory views" className="flex gap-1 border-b border-slate-200 px-3 py-2 sm:px-5">
      <NavLink to="/editor/inventory" end className={tab}>
        Stock
      </NavLink>
      <NavLink to="/editor/inventory/movements" className={tab}>
        Movements
      </NavLink>
    </nav>
  );
}

/** The store's low-stock threshold, saved on its own: the count at or under which stock is marked low. */
function ThresholdSetting({ value, onSaved }: { value: number | null; onSaved: () => void }) {
  const { controller, store } = useStudio();
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const shown = typed ?? (value === null ? '' : String(value));
  const save = async () => {
    if (!/^\d+$/.test(shown.trim())) return setError('must be a whole number, 0 or more');
    setSaving(true);
    setError(null);
    try {
      const saved = await controller.catalogue.saveStockSettings(Number(shown.trim()));
      setTyped(null);
      store.getState().notify(`Stock is low at ${saved.lowStockThreshold} or fewer.`, 'success');
      onSaved();
    } catch (failure) {
      setError(withoutField(failure));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      aria-label="Low-stock threshold"
      className="flex flex-wrap items-center gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        Low at or under
      </label>
      <input
        id={id}
        inputMode="numeric"
        value={shown}
        disabled={value === null}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setTyped(event.target.value)}
        className="h-8 w-16 rounded-md border border-slate-300 bg-white px-2 text-right text-sm focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/30 aria-invalid:border-red-500"
      />
      <Button type="submit" disabled={saving || typed === null}>
        Save threshold
      </Button>
      {error ? (
        <span id={`${id}-error`} className="text-xs font-medium text-red-700">
          Threshold {error}
        </span>
      ) : null}
    </form>
  );
}

/**
 * Every count in the store (`/editor/inventory`): a row per variant, or per product without variants, its count
 * edited in place and saved at once with the count it was read at (a count an order moved since is refused, said at
 * its cell, and shown as it is now). Searched, filtered to low or none left, sorted and paged in the address; the
 * store's low-stock threshold beside them. A row's product opens in its editor.
 */
export function InventoryScreen() {
  const { controller } = useStudio();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readInventoryQuery(params), [params]);
  const [typed, setTyped] = useState(query.q);
  const [shownQ, setShownQ] = useState(query.q);
  if (shownQ !== query.q) {
    setShownQ(query.q);
    setTyped(query.q);
  }
  const [attempt, setAttempt] = useState(0);
  const [said, setSaid] = useState('');
  const [answer, setAnswer] = useState<{ request: string; list: StudioInventoryAnswer['data'] | null; error: string | null }>({
    request: '',
    list: null,
    error: null,
  });
  const change = (next: Partial<InventoryQuery>) => setParams(inventoryParams({ ...query, page: 1, ...next }));

  useEffect(() => {
    if (typed.trim() === query.q) return;
    const timer = setTimeout(() => setParams(inventoryParams({ ...query, q: typed.trim(), page: 1 })), PRODUCT_SEARCH_DELAY);
    return () => clearTimeout(timer);
  }, [typed, query, setParams]);

  const request = JSON.stringify([query, attempt]);
  useEffect(() => {
    let live = true;
    controller.catalogue.getInventory({ ...query, q: query.q || undefined }).then(
      (found) => live && setAnswer({ request, list: found, error: null }),
      (failure: unknown) => live && setAnswer((last) => ({ request, list: last.list, error: problemText(failure) })),
    );
    return () => {
      live = false;
    };
  }, [controller, query, request]);
  const { list, error } = answer;
  const loading = answer.request !== request;

  const saveStock: SaveStock = async (item, stock) => {
    try {
      const [after] = await controller.catalogue.setStock({
        items: [{ productId: item.productId, variantId: item.variantId, stock, expected: item.stock }],
      });
      setAnswer((last) =>
        last.list && after
          ? { ...last, list: { ...last.list, items: last.list.items.map((row) => (itemKey(row) === itemKey(after) ? after : row)) } }
          : last,
      );
      setSaid(`Stock of ${itemName(item)} saved: ${stock}.`);
      return null;
    } catch (failure) {
      if (failure instanceof StudioApiError && failure.code === 'STOCK_CHANGED') {
        // An order moved it since: the page is read again, so the count shown is the one there is now.
        setAttempt((n) => n + 1);
        return `${withoutField(failure)} The box shows the count there is now.`;
      }
      return `Not saved: ${withoutField(failure)}`;
    }
  };

  const rows = list?.items ?? null;
  const threshold = list?.lowStockThreshold ?? null;
  const first = ((list?.page ?? 1) - 1) * INVENTORY_PAGE + 1;
  const total = list?.total ?? 0;
  const sortId = query.sort.startsWith('stock') ? 'stock' : 'productName';
  return (
    <div className="flex h-full min-h-0 flex-col">
      <InventoryViews />
      <StockSaver value={saveStock}>
        <DataTable
          label="Stock list"
          caption="Stock of every variant and of every product without variants. Type a count in its box and press Enter to save it, or Escape to put it back."
          columns={columns}
          rows={rows}
          rowId={itemKey}
          rowName={(item) => item.productName}
          loading={loading}
          search={{
            value: typed,
            onChange: setTyped,
            onSubmit: () => change({ q: typed.trim() }),
            label: 'Search stock',
            placeholder: 'Product name or SKU',
          }}
          sorting={{
            value: [{ id: sortId, desc: query.sort.endsWith('-desc') }],
            onChange: (sorting) => {
              const by = sorting[0];
              const sort = by ? `${by.id === 'stock' ? 'stock' : 'name'}${by.desc ? '-desc' : ''}` : 'name';
              change({ sort: sort as InventoryQuery['sort'] });
            },
          }}
          toolbar={
            <>
              <label className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
                Show
                <select
                  value={query.level ?? ''}
                  onChange={(event) => change({ level: (event.target.value || undefined) as InventoryQuery['level'] })}
                  className="h-8 rounded-md border border-slate-300 bg-white px-1.5 text-sm text-slate-800 focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/30"
                >
                  <option value="">All stock</option>
                  <option value="low">Low stock{threshold === null ? '' : ` (${threshold} or fewer)`}</option>
                  <option value="out">Out of stock</option>
                </select>
              </label>
              <ThresholdSetting value={threshold} onSaved={() => setAttempt((n) => n + 1)} />
            </>
          }
          empty={
            query.q
              ? { title: `No stock matches “${query.q}”`, hint: 'Check the spelling, or search for less.' }
              : query.level
                ? {
                    title: query.level === 'low' ? 'Nothing is low on stock' : 'Nothing is out of stock',
                    hint: 'Every counted item has more than the threshold.',
                    action: <Button onClick={() => change({ level: undefined })}>Show all stock</Button>,
                  }
                : { title: 'No products yet', hint: 'Add a product, and its stock is counted here.' }
          }
          error={
            error && !list ? (
              <div role="alert" className="flex items-center gap-3 px-5 py-6 text-sm text-red-700">
                Stock could not be loaded: {error}
                <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
              </div>
            ) : null
          }
          onOpen={(item) => void navigate(`/editor/products/${item.productId}`)}
          footer={
            <Pages
              label="Pages of stock"
              shown={
                rows && rows.length > 0
                  ? `${first}–${first + rows.length - 1} of ${total.toLocaleString('en-US')}${list?.more ? '+' : ''}`
                  : ''
              }
              previous={query.page > 1 && !loading ? () => change({ page: query.page - 1 }) : null}
              next={!loading && list && (list.more || query.page * INVENTORY_PAGE < total) ? () => change({ page: query.page + 1 }) : null}
            />
          }
        />
      </StockSaver>
      <p role="status" aria-live="polite" className="sr-only">
        {said}
      </p>
    </div>
  );
}

/** The Previous and Next of a paged list, and which rows are shown. */
function Pages({
  label,
  shown,
  previous,
  next,
}: {
  label: string;
  shown: ReactNode;
  previous: (() => void) | null;
  next: (() => void) | null;
}) {
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center gap-2 border-t border-slate-200 px-3 py-2 text-sm text-slate-600 sm:px-5"
    >
      <span className="mr-auto" aria-live="polite">
        {shown}
      </span>
      <Button disabled={!previous} onClick={() => previous?.()}>
        Previous page
      </Button>
      <Button disabled={!next} onClick={() => next?.()}>
        Next page
      </Button>
    </nav>
  );
}

const reasonNames = { order: 'Order placed', cancel: 'Order cancelled', correction: 'Correction', import: 'Import' } as const;

const movementColumn = tableColumns<StockMovementRow>();
const movementColumns: TableColumn<StockMovementRow>[] = [
  movementColumn.accessor('productName', { header: 'Product', enableSorting: false, cell: ({ row }) => itemName(row.original) }),
  movementColumn.accessor('at', { header: 'When', enableSorting: false, cell: (info) => <Time at={info.getValue()} /> }),
  movementColumn.accessor('change', {
    header: 'Change',
    enableSorting: false,
    meta: { align: 'end' },
    cell: (info) => (info.getValue() > 0 ? `+${info.getValue()}` : info.getValue() < 0 ? `−${-info.getValue()}` : '0'),
  }),
  movementColumn.accessor('stockAfter', { header: 'Stock after', enableSorting: false, meta: { align: 'end' } }),
  movementColumn.accessor('reason', {
    header: 'Why',
    enableSorting: false,
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {reasonNames[row.original.reason]}
        {row.original.orderCode ? <span className="ml-1 font-mono text-xs text-slate-600">{row.original.orderCode}</span> : null}
      </span>
    ),
  }),
  movementColumn.accessor('actor', { header: 'Who', enableSorting: false }),
];

/**
 * The stock ledger (`/editor/inventory/movements`), newest first: each movement's product, when, by how much, the
 * count after it, why (an order placed or cancelled, with its code; a correction; an import) and who; paged in the
 * address, and of one product with `?product={id}`. The search narrows the page shown.
 */
export function StockMovementsScreen() {
  const { controller } = useStudio();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = stockMovementsQuery.shape.page.safeParse(params.get('page') ?? undefined).data ?? 1;
  const productId = stockMovementsQuery.shape.productId.safeParse(params.get('product') ?? undefined).data;
  const [filter, setFilter] = useState('');
  const [attempt, setAttempt] = useState(0);
  const request = JSON.stringify([page, productId, attempt]);
  const [answer, setAnswer] = useState<{
    request: string;
    movements: StockMovementRow[] | null;
    hasMore: boolean;
    error: string | null;
  }>({ request: '', movements: null, hasMore: false, error: null });
  useEffect(() => {
    let live = true;
    controller.catalogue.getStockMovements({ page, pageSize: MOVEMENTS_PAGE, ...(productId !== undefined && { productId }) }).then(
      (found) => live && setAnswer({ request, movements: found.movements, hasMore: found.hasMore, error: null }),
      (failure: unknown) => live && setAnswer((last) => ({ ...last, request, error: problemText(failure) })),
    );
    return () => {
      live = false;
    };
  }, [controller, page, productId, request]);
  const loading = answer.request !== request;
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const rows =
    answer.movements?.filter((m) =>
      words.every((word) => `${itemName(m)} ${m.actor} ${m.orderCode ?? ''} ${reasonNames[m.reason]}`.toLowerCase().includes(word)),
    ) ?? null;
  const go = (next: { page?: number; product?: number | undefined }) => {
    const to = new URLSearchParams();
    const product = 'product' in next ? next.product : productId;
    if (product !== undefined) to.set('product', String(product));
    if (next.page && next.page > 1) to.set('page', String(next.page));
    setParams(to);
  };
  return (
    <div className="flex h-full min-h-0 flex-col">
      <InventoryViews />
      <DataTable
        label="Stock movements"
        caption="Stock movements, newest first: what moved, when, by how much, why and who moved it. Choose a product to open it."
        columns={movementColumns}
        rows={rows}
        rowId={(m) => String(m.id)}
        rowName={(m) => itemName(m)}
        loading={loading}
        search={{ value: filter, onChange: setFilter, label: 'Filter these movements', placeholder: 'Product, order or who' }}
        toolbar={
          productId !== undefined ? (
            <span className="flex items-center gap-2 text-sm text-slate-600">
              One product’s movements
              <Button onClick={() => go({ product: undefined, page: 1 })}>Show all products</Button>
            </span>
          ) : null
        }
        empty={
          filter
            ? { title: `No movement on this page matches “${filter}”`, hint: 'Search for less, or look on another page.' }
            : { title: 'No stock has moved yet', hint: 'Orders, cancellations, corrections and imports are listed here as they happen.' }
        }
        error={
          answer.error && !answer.movements ? (
            <div role="alert" className="flex items-center gap-3 px-5 py-6 text-sm text-red-700">
              Stock movements could not be loaded: {answer.error}
              <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
            </div>
          ) : null
        }
        onOpen={(m) => void navigate(`/editor/products/${m.productId}`)}
        footer={
          <Pages
            label="Pages of stock movements"
            shown={answer.movements?.length ? `Page ${page}` : ''}
            previous={page > 1 && !loading ? () => go({ page: page - 1 }) : null}
            next={answer.hasMore && !loading ? () => go({ page: page + 1 }) : null}
          />
        }
      />
    </div>
  );
}
