import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import {
  createColumnHelper,
  createSortedRowModel,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
  type Row,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';

/** What every back-office table can do: sort by a column and select rows. */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic, datetime: sortFn_datetime, text: sortFn_text },
});
type Features = typeof dataTableFeatures;

/** The columns of a back-office table of `Item`s, typed against the table's features. */
export const tableColumns = <Item extends RowData>() => createColumnHelper<Features, Item>();
// TanStack's own column type: each column's value type is its own, so the list holds them as `any`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TableColumn<Item extends RowData> = ColumnDef<Features, Item, any>;

/** A column's place in the row: text to the start (the default) or numbers to the end. */
export interface TableColumnMeta {
  align?: 'end';
}

/** From this many rows on, only the rows in view are drawn (TanStack Virtual); a page of a paged list is drawn whole. */
export const VIRTUAL_FROM = 100;
/** The height the rows are drawn at, which the virtual scroller places them by. */
const ROW_HEIGHT = 44;

const SEARCH_KEY_IGNORED = 'input, textarea, select, [contenteditable="true"], [role="textbox"]';

/**
 * The back office's table, on TanStack Table: sort by a column's heading, a search box that `/` focuses, rows selected
 * by their boxes with a bar of bulk actions, the keyboard (↑ ↓ move between rows, Enter opens, Escape goes back), an
 * empty state that says what to do and skeleton rows that hold the layout while the first answer loads. Paging is the
 * owner's (`footer`), or, for a long list given whole, only the rows in view are drawn.
 */
export function DataTable<Item extends RowData>({
  label,
  caption,
  columns,
  rows,
  rowId,
  rowName,
  loading = false,
  search,
  toolbar,
  empty,
  error,
  onOpen,
  currentId = null,
  onBack,
  bulkActions,
  footer,
  sorting,
}: {
  /** The table's name: its region and its caption say it. */
  label: string;
  caption: string;
  columns: readonly TableColumn<Item>[];
  /** `null` until the first answer: skeleton rows. */
  rows: readonly Item[] | null;
  rowId: (item: Item) => string;
  /** What the row's open button says (its first column): an order's code, a product's name. */
  rowName: (item: Item) => string;
  /** A newer answer is on its way: the rows shown stay, dimmed. */
  loading?: boolean;
  search: { value: string; onChange: (value: string) => void; onSubmit?: () => void; label: string; placeholder: string };
  /** Filters beside the search box. */
  toolbar?: ReactNode;
  /** What the empty table says, and what it offers to do (an "Add product" link). */
  empty: { title: string; hint: string; action?: ReactNode };
  /** Set when the rows could not be loaded: shown instead of them, with its own way to try again. */
  error?: ReactNode;
  onOpen: (item: Item) => void;
  /** The row open beside the table, marked current. */
  currentId?: string | null;
  /** Escape inside the table (going back from an open row). */
  onBack?: () => void;
  /** What can be done to the selected rows; given them and a way to clear the selection. */
  bulkActions?: (selected: Item[], clear: () => void) => ReactNode;
  footer?: ReactNode;
  /**
   * The server sorts: the headings show and change this order (one column at a time) instead of sorting the page shown.
   */
  sorting?: { value: SortingState; onChange: (sorting: SortingState) => void };
}) {
  const data = rows ?? noRows;
  const table = useTable({
    features: dataTableFeatures,
    columns: columns as TableColumn<Item>[],
    data: data as Item[],
    getRowId: (item) => rowId(item),
    enableRowRangeSelection: true,
    ...(sorting && {
      manualSorting: true,
      enableMultiSort: false,
      state: { sorting: sorting.value },
      onSortingChange: (next) => sorting.onChange(typeof next === 'function' ? next(sorting.value) : next),
    }),
  });
  const searchBox = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const body = useRef<HTMLTableSectionElement>(null);
  const scroller = useRef<HTMLDivElement>(null);

  // A new page or search is a new set of rows: what was selected on the last is let go.
  // Before anything can be pressed in the new rows: a passive effect could run after a box was ticked in them.
  const shownData = useRef(data);
  useLayoutEffect(() => {
    if (shownData.current === data) return;
    shownData.current = data;
    if (table.getSelectedRowIds().length) table.resetRowSelection(true);
  });

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target as Element | null;
      if (target?.closest?.(SEARCH_KEY_IGNORED)) return;
      event.preventDefault();
      searchBox.current?.focus();
      searchBox.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const sortedRows = table.getRowModel().rows;
  const virtual = sortedRows.length >= VIRTUAL_FROM;
  // The virtualizer's functions are called fresh each render, and nothing memoized keeps them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? sortedRows.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => sortedRows[index]?.id ?? index,
    overscan: 8,
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const shown = virtual
    ? items.map((item) => ({ row: sortedRows[item.index]!, index: item.index }))
    : sortedRows.map((row, index) => ({ row, index }));
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtual ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;

  /**
   * ↑ ↓ Home End move between the rows' open buttons (in a long list the row is scrolled into view first); Enter opens
   * the row.
   */
  const moveRow = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End', 'Enter'];
    if (!keys.includes(event.key)) return;
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-row-index]');
    if (!from || (event.target as HTMLElement).matches('input')) return;
    event.preventDefault();
    const at = Number(from.dataset['rowIndex']);
    if (event.key === 'Enter') {
      const row = sortedRows[at];
      if (row) onOpen(row.original);
      return;
    }
    const last = sortedRows.length - 1;
    const to = { ArrowDown: Math.min(last, at + 1), ArrowUp: Math.max(0, at - 1), Home: 0, End: last }[event.key]!;
    const focus = () => body.current?.querySelector<HTMLElement>(`[data-row-index="${to}"] [data-open-row]`)?.focus();
    if (virtual) {
      virtualizer.scrollToIndex(to);
      requestAnimationFrame(focus);
    }
    focus();
  };

  const selected = table.getSelectedRowModel().rows.map((row) => row.original);
  const headerGroup = table.getHeaderGroups()[0]!;
  const columnCount = headerGroup.headers.length + (bulkActions ? 1 : 0);
  const filtered = search.value.trim() !== '';

  return (
    <section aria-label={label} className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-3 py-3 sm:px-5">
        {toolbar}
        <form
          role="search"
          className="w-full sm:ml-auto sm:w-auto"
          onSubmit={(event) => {
            event.preventDefault();
            search.onSubmit?.();
          }}
        >
          <label htmlFor={searchId} className="sr-only">
            {search.label}
          </label>
          <span className="relative block">
            <input
              ref={searchBox}
              id={searchId}
              type="search"
              value={search.value}
              onChange={(event) => search.onChange(event.target.value)}
              placeholder={search.placeholder}
              aria-keyshortcuts="/"
              maxLength={100}
              className="h-8 w-full rounded-md border border-slate-300 bg-white pr-7 pl-2 text-sm focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/30 sm:w-64"
            />
            <kbd
              aria-hidden="true"
              className="pointer-events-none absolute top-1.5 right-1.5 rounded border border-slate-300 px-1 text-xs text-slate-500"
            >
              /
            </kbd>
          </span>
        </form>
      </div>
      {bulkActions && selected.length > 0 ? (
        <div
          role="region"
          aria-label="Selected rows"
          className="flex flex-wrap items-center gap-2 border-b border-indigo-200 bg-indigo-50 px-3 py-2 text-sm sm:px-5"
        >
          <span className="mr-auto font-medium text-indigo-900" aria-live="polite">
            {selected.length} selected
          </span>
          {bulkActions(selected, () => table.resetRowSelection(true))}
          <button
            type="button"
            onClick={() => table.resetRowSelection(true)}
            className="rounded px-2 py-1 text-sm text-indigo-800 underline hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            Clear selection
          </button>
        </div>
      ) : null}
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-auto"
        aria-busy={loading || rows === null}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !onBack) return;
          event.preventDefault();
          onBack();
        }}
      >
        {error ? (
          error
        ) : rows !== null && sortedRows.length === 0 ? (
          <div className="px-5 py-10 text-center" role="status">
            <p className="text-sm font-medium text-slate-800">{empty.title}</p>
            <p className="mt-1 text-sm text-slate-500">{empty.hint}</p>
            {empty.action ? <div className="mt-3">{empty.action}</div> : null}
            {filtered ? (
              <button
                type="button"
                onClick={() => {
                  search.onChange('');
                  searchBox.current?.focus();
                }}
                className="mt-3 rounded px-2 py-1 text-sm font-medium text-indigo-700 underline hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
              >
                Clear the search
              </button>
            ) : null}
          </div>
        ) : (
          <table className={`w-full text-left text-sm ${loading ? 'opacity-60' : ''}`}>
            <caption className="sr-only">{caption}</caption>
            <thead className="sticky top-0 z-10 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                {bulkActions ? (
                  <th scope="col" className="w-10 py-2 pl-5">
                    <input
                      type="checkbox"
                      aria-label="Select all rows shown"
                      disabled={rows === null}
                      checked={sortedRows.length > 0 && table.getIsAllRowsSelected()}
                      ref={(box) => {
                        if (box) box.indeterminate = table.getIsSomeRowsSelected() && !table.getIsAllRowsSelected();
                      }}
                      onChange={() => table.toggleAllRowsSelected()}
                      className="size-4 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500"
                    />
                  </th>
                ) : null}
                {headerGroup.headers.map((header, index) => {
                  const sorted = header.column.getIsSorted();
                  const end = (header.column.columnDef.meta as TableColumnMeta | undefined)?.align === 'end';
                  const place = `${index === 0 && !bulkActions ? 'pl-5' : 'pl-2'} ${index === headerGroup.headers.length - 1 ? 'pr-5' : 'pr-2'}`;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      className={`py-2 ${place} ${end ? 'text-right' : ''}`}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className={`inline-flex items-center gap-1 rounded uppercase hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 ${end ? 'flex-row-reverse' : ''}`}
                        >
                          <table.FlexRender header={header} />
                          <span aria-hidden="true" className="w-3 text-slate-400">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                          </span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody ref={body} onKeyDown={moveRow} className="divide-y divide-slate-100">
              {rows === null ? (
                <SkeletonRows columns={columnCount} />
              ) : (
                <>
                  {padTop > 0 ? <tr aria-hidden="true" style={{ height: padTop }} /> : null}
                  {shown.map(({ row, index }) => (
                    <TableRow
                      key={row.id}
                      row={row}
                      index={index}
                      table={table}
                      selectable={Boolean(bulkActions)}
                      current={row.id === currentId}
                      name={rowName(row.original)}
                      onOpen={() => onOpen(row.original)}
                    />
                  ))}
                  {padBottom > 0 ? <tr aria-hidden="true" style={{ height: padBottom }} /> : null}
                </>
              )}
            </tbody>
          </table>
        )}
      </div>
      {rows === null && !error ? (
        <p role="status" className="sr-only">
          Loading…
        </p>
      ) : null}
      {footer}
    </section>
  );
}

const noRows: readonly never[] = [];

function TableRow<Item extends RowData>({
  row,
  index: rowIndex,
  table,
  selectable,
  current,
  name,
  onOpen,
}: {
  row: Row<Features, Item>;
  /** Its place in the sorted rows, which the arrow keys move by. */
  index: number;
  table: ReturnType<typeof useTable<Features, Item>>;
  selectable: boolean;
  current: boolean;
  name: string;
  onOpen: () => void;
}) {
  const cells = row.getAllCells();
  return (
    <tr
      data-row-index={rowIndex}
      aria-current={current || undefined}
      // Marked for the eye; its box says it to a screen reader (aria-selected belongs to a grid's rows, not a table's).
      data-selected={row.getIsSelected() || undefined}
      onClick={onOpen}
      className="h-11 cursor-pointer hover:bg-slate-50 aria-[current]:bg-indigo-50 data-[selected]:bg-indigo-50/60"
    >
      {selectable ? (
        <td className="w-10 py-2 pl-5" onClick={(event) => event.stopPropagation()}>
          <input
            type="checkbox"
            aria-label={`Select ${name}`}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
            className="size-4 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500"
          />
        </td>
      ) : null}
      {cells.map((cell, index) => {
        const end = (cell.column.columnDef.meta as TableColumnMeta | undefined)?.align === 'end';
        const place = `${index === 0 && !selectable ? 'pl-5' : 'pl-2'} ${index === cells.length - 1 ? 'pr-5' : 'pr-2'}`;
        return (
          <td key={cell.id} className={`py-2 ${place} ${end ? 'text-right tabular-nums' : ''}`}>
            {index === 0 ? (
              <button
                type="button"
                data-open-row
                aria-current={current || undefined}
                onClick={(event) => {
                  event.stopPropagation();
                  onOpen();
                }}
                className="rounded text-left font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
              >
                <table.FlexRender cell={cell} />
              </button>
            ) : (
              <table.FlexRender cell={cell} />
            )}
          </td>
        );
      })}
    </tr>
  );
}

/** Rows of grey bars in the table's own columns, so the table's place and height do not move when the rows come. */
function SkeletonRows({ columns }: { columns: number }) {
  return Array.from({ length: 8 }, (_, row) => (
    <tr key={row} aria-hidden="true" data-skeleton className="h-11">
      {Array.from({ length: columns }, (_, cell) => (
        <td key={cell} className={`py-2 ${cell === 0 ? 'pl-5' : 'pl-2'} pr-2`}>
          <span className="block h-3 w-full max-w-24 animate-pulse rounded bg-slate-200" />
        </td>
      ))}
    </tr>
  ));
}
