import { useEffect, useMemo, useState } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { nextStatuses, orderStatuses, STUDIO_ORDERS_PAGE, type OrderSummary } from '@vitrine/commerce';
import type { StudioOrderRow } from '../api/client.ts';
import { useStudio } from '../context.tsx';
import { problemText } from '../state/controller.ts';
import { Button } from '../ui/button.tsx';
import { DataTable, tableColumns, type TableColumn } from '../ui/data-table.tsx';
import { LeaveQuestion, useLeaveGuard } from '../ui/leave-guard.tsx';
import { roveKey } from '../ui/roving.ts';
import { OrderDetail } from './order-detail.tsx';
import { orderAmount, StatusChip, Time } from './order-format.tsx';

/** How long the search waits after the last key before it asks the server. */
export const ORDER_SEARCH_DELAY = 300;

const filters = ['All', ...orderStatuses] as const;
const column = tableColumns<StudioOrderRow>();
/** The list's columns; each sorts the page shown by its heading. */
const columns: TableColumn<StudioOrderRow>[] = [
  column.accessor('orderCode', {
    header: 'Order',
    sortFn: 'alphanumeric',
    cell: (info) => <span className="font-mono text-xs">{info.getValue()}</span>,
  }),
  column.accessor('createdAt', {
    header: 'Placed',
    sortFn: 'datetime',
    cell: (info) => (
      <span className="whitespace-nowrap text-slate-600">
        <Time at={info.getValue()} />
      </span>
    ),
  }),
  column.accessor((row) => row.customerName, {
    id: 'customer',
    header: 'Customer',
    sortFn: 'text',
    cell: ({ row }) => (
      <span className="block max-w-48">
        <span className="block truncate font-medium">{row.original.customerName || '—'}</span>
        <span className="block truncate text-xs text-slate-600">{row.original.email ?? row.original.phone ?? ''}</span>
      </span>
    ),
  }),
  column.accessor('items', { header: 'Items', sortFn: 'basic', meta: { align: 'end' } }),
  column.accessor('totalUnits', {
    header: 'Total',
    sortFn: 'basic',
    meta: { align: 'end' },
    cell: ({ row }) => orderAmount(row.original, row.original.totalUnits),
  }),
  column.accessor('status', { header: 'Status', sortFn: 'text', cell: (info) => <StatusChip status={info.getValue()} /> }),
  column.accessor('paymentStatus', { header: 'Payment', sortFn: 'text', cell: (info) => <StatusChip status={info.getValue()} /> }),
];
/** Whether an order's status lets it be confirmed (a pending one). */
const confirmable = (row: StudioOrderRow) =>
  (nextStatuses as Record<string, readonly string[]>)[row.status]?.includes('Confirmed') ?? false;
type OrderList = { orders: StudioOrderRow[]; total: number; page: number };
type Filter = (typeof filters)[number];

/**
 * The store's orders (`/editor/orders`): the list, filtered by status and searched, a page at a time; the order at
 * `/editor/orders/{code}` beside it, with the moves its status allows. Escape in the list closes the order.
 */
export function OrdersScreen() {
  const { controller, store } = useStudio();
  const navigate = useNavigate();
  const selected = useMatch('/editor/orders/:code')?.params.code ?? null;
  const [filter, setFilter] = useState<Filter>('All');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  // What was asked last and its answer; the list shown stays until the next one arrives.
  const [answer, setAnswer] = useState<{ request: string; list: OrderList | null; error: string | null }>({
    request: '',
    list: null,
    error: null,
  });
  const [confirming, setConfirming] = useState(false);
  // A note typed for the open order and not yet sent with a move: leaving the order asks first.
  const [noteTyped, setNoteTyped] = useState(false);
  const leaving = useLeaveGuard(noteTyped);

  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => {
      setQ(typed.trim());
      setPage(1);
    }, ORDER_SEARCH_DELAY);
    return () => clearTimeout(timer);
  }, [typed, q]);

  const request = JSON.stringify([filter, q, page, attempt]);
  useEffect(() => {
    let live = true;
    controller.orders({ status: filter === 'All' ? undefined : filter, q, page }).then(
      (found) => live && setAnswer({ request, list: { ...found, page }, error: null }),
      (failure: unknown) => live && setAnswer((last) => ({ request, list: last.list, error: problemText(failure) })),
    );
    return () => {
      live = false;
    };
  }, [controller, filter, q, page, request]);
  const { list, error } = answer;
  const loading = answer.request !== request;

  const changed = (order: OrderSummary) =>
    setAnswer((last) => ({
      ...last,
      list: last.list && {
        ...last.list,
        orders: last.list.orders.map((row) =>
          row.orderCode === order.orderCode ? { ...row, status: order.status, paymentStatus: order.paymentStatus } : row,
        ),
      },
    }));

  /** Confirms the selected pending orders one after another; an order another tab moved on is said, not hidden. */
  const confirmOrders = async (rows: StudioOrderRow[], clear: () => void) => {
    const pending = rows.filter((row) => confirmable(row));
    setConfirming(true);
    let done = 0;
    const refused: string[] = [];
    for (const row of pending) {
      try {
        changed(await controller.changeOrder(row.orderCode, { status: 'Confirmed', note: '' }));
        done += 1;
      } catch (failure) {
        refused.push(`${row.orderCode}: ${problemText(failure)}`);
      }
    }
    setConfirming(false);
    clear();
    if (done) store.getState().notify(done === 1 ? '1 order confirmed.' : `${done} orders confirmed.`, 'success');
    if (refused.length) store.getState().notify(`Not confirmed: ${refused.join('; ')}`, 'error');
  };

  const openOrder = (row: StudioOrderRow) => void navigate(`/editor/orders/${encodeURIComponent(row.orderCode)}`);
  /** Back to the list alone, the keyboard on the row that was open. */
  const closeOrder = () => {
    if (!selected) return;
    const code = selected;
    void navigate('/editor/orders');
    requestAnimationFrame(
      () =>
        document.querySelector<HTMLElement>(`[aria-label="Order list"] [data-open-row][aria-current]`)?.focus() ??
        [...document.querySelectorAll<HTMLElement>('[aria-label="Order list"] [data-open-row]')]
          .find((button) => button.textContent === code)
          ?.focus(),
    );
  };

  const rows = list?.orders ?? null;
  const total = list?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / STUDIO_ORDERS_PAGE));
  // The range of the page shown, which is still the last one until the next arrives.
  const first = ((list?.page ?? 1) - 1) * STUDIO_ORDERS_PAGE + 1;
  const narrowed = q !== '' || filter !== 'All';
  const empty = useMemo(
    () =>
      narrowed
        ? { title: 'No orders match', hint: 'Try another status, or search for less.' }
        : { title: 'No orders yet', hint: 'Orders appear here as shoppers place them. Share your store’s address to get the first.' },
    [narrowed],
  );
  return (
    // On a phone the list is above the chosen order, each scrolling in its half; the table scrolls sideways.
    <div className="grid h-full min-h-0 grid-rows-[minmax(0,3fr)_minmax(0,2fr)] md:grid-cols-[minmax(0,1fr)_25rem] md:grid-rows-1">
      <div className="flex min-h-0 flex-col border-slate-200 max-md:border-b md:border-r">
        <DataTable
          label="Order list"
          caption="Orders, newest first; a column's heading sorts the page shown. Choose an order's code to see it."
          columns={columns}
          rows={rows}
          rowId={(row) => row.orderCode}
          rowName={(row) => `order ${row.orderCode}`}
          loading={loading}
          search={{
            value: typed,
            onChange: setTyped,
            onSubmit: () => {
              setQ(typed.trim());
              setPage(1);
            },
            label: 'Search orders',
            placeholder: 'Code, email, phone or name',
          }}
          toolbar={
            <StatusFilter
              value={filter}
              onChange={(next) => {
                setFilter(next);
                setPage(1);
              }}
            />
          }
          empty={empty}
          error={
            error ? (
              <div role="alert" className="flex items-center gap-3 px-5 py-6 text-sm text-red-700">
                Orders could not be loaded: {error}
                <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
              </div>
            ) : null
          }
          onOpen={openOrder}
          currentId={selected}
          onBack={closeOrder}
          bulkActions={(chosen, clear) => (
            <Button
              tone="primary"
              disabled={confirming || !chosen.some((row) => confirmable(row))}
              onClick={() => void confirmOrders(chosen, clear)}
            >
              {confirming ? 'Confirming…' : 'Confirm pending orders'}
            </Button>
          )}
          footer={
            <nav
              aria-label="Pages of orders"
              className="flex flex-wrap items-center gap-2 border-t border-slate-200 px-3 py-2 text-sm text-slate-600 sm:px-5"
            >
              <span className="mr-auto" aria-live="polite">
                {total === 1 ? '1 order' : total > 0 ? `${first}–${first + (rows?.length ?? 0) - 1} of ${total} orders` : ''}
              </span>
              <Button disabled={page <= 1 || loading} onClick={() => setPage((n) => n - 1)}>
                Previous page
              </Button>
              <Button disabled={page >= pages || loading} onClick={() => setPage((n) => n + 1)}>
                Next page
              </Button>
            </nav>
          }
        />
      </div>
      <section
        aria-label="Order details"
        className="min-h-0 overflow-y-auto bg-slate-50/60"
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || (event.target as HTMLElement).matches('input, textarea, select')) return;
          event.preventDefault();
          closeOrder();
        }}
      >
        {selected ? (
          <>
            <div className="flex justify-end px-3 pt-2">
              <Button tone="ghost" onClick={closeOrder}>
                Close order
              </Button>
            </div>
            {leaving ? (
              <div className="px-5 pt-2">
                <LeaveQuestion onStay={leaving.stay} onLeave={leaving.leave} />
              </div>
            ) : null}
            <OrderDetail key={selected} orderCode={selected} onChanged={changed} onDirty={setNoteTyped} />
          </>
        ) : (
          <p className="px-5 py-10 text-center text-sm text-slate-500">Choose an order to see it here.</p>
        )}
      </section>
    </div>
  );
}

function StatusFilter({ value, onChange }: { value: Filter; onChange: (filter: Filter) => void }) {
  return (
    // One Tab stop; the arrows choose a status, as in any radio group.
    <div
      role="radiogroup"
      aria-label="Status"
      className="flex rounded-md border border-slate-300 bg-white p-0.5"
      onKeyDown={(event) => roveKey(event, filters.indexOf(value), (index) => onChange(filters[index]!))}
    >
      {filters.map((name) => (
        <button
          key={name}
          type="button"
          role="radio"
          aria-checked={value === name}
          tabIndex={value === name ? 0 : -1}
          onClick={() => onChange(name)}
          className="rounded px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-checked:bg-indigo-600 aria-checked:text-white"
        >
          {name}
        </button>
      ))}
    </div>
  );
}
