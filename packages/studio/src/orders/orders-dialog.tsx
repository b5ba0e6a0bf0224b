import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { orderStatuses, STUDIO_ORDERS_PAGE, type OrderSummary } from '@vitrine/commerce';
import type { StudioOrderRow } from '../api/client.ts';
import { useStudio } from '../context.tsx';
import { problemText } from '../state/controller.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { roveKey } from '../ui/roving.ts';
import { OrderDetail } from './order-detail.tsx';
import { orderAmount, StatusChip, Time } from './order-format.tsx';

/** How long the search waits after the last key before it asks the server. */
export const ORDER_SEARCH_DELAY = 300;

const filters = ['All', ...orderStatuses] as const;
/** The list's columns and where each sits: the first and last against the edges, numbers to the right. */
const columns = [
  ['Order', 'px-5'],
  ['Placed', 'px-2'],
  ['Customer', 'px-2'],
  ['Items', 'px-2 text-right'],
  ['Total', 'px-2 text-right'],
  ['Status', 'px-2'],
  ['Payment', 'pr-5 pl-2'],
] as const;
type OrderList = { orders: StudioOrderRow[]; total: number; page: number };
type Filter = (typeof filters)[number];

/**
 * The store's orders over the editor (which stays as it was underneath): the list, filtered by status and searched,
 * a page at a time; the chosen order beside it, with the moves its status allows.
 */
export function OrdersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Orders" size="screen">
      {open ? <OrdersScreen /> : null}
    </Dialog>
  );
}

function OrdersScreen() {
  const { controller } = useStudio();
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
  const [selected, setSelected] = useState<string | null>(null);
  const table = useRef<HTMLTableSectionElement>(null);

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

  // ↑ and ↓ move between the rows' buttons, so the list reads like a list without a Tab stop per row in the way.
  const moveRow = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...(table.current?.querySelectorAll<HTMLButtonElement>('button[data-order-code]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    event.preventDefault();
    buttons[Math.min(buttons.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)))]?.focus();
  };

  const rows = list?.orders ?? [];
  const total = list?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / STUDIO_ORDERS_PAGE));
  // The range of the page shown, which is still the last one until the next arrives.
  const first = ((list?.page ?? 1) - 1) * STUDIO_ORDERS_PAGE + 1;
  return (
    // On a phone the list is above the chosen order, each scrolling in its half; the table scrolls sideways.
    <div className="grid h-full min-h-0 grid-rows-[minmax(0,3fr)_minmax(0,2fr)] md:grid-cols-[minmax(0,1fr)_25rem] md:grid-rows-1">
      <section aria-label="Order list" className="flex min-h-0 flex-col border-slate-200 max-md:border-b md:border-r">
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-3 py-3 sm:px-5">
          <StatusFilter
            value={filter}
            onChange={(next) => {
              setFilter(next);
              setPage(1);
            }}
          />
          <form
            role="search"
            className="w-full sm:ml-auto sm:w-auto"
            onSubmit={(event) => {
              event.preventDefault();
              setQ(typed.trim());
              setPage(1);
            }}
          >
            <label htmlFor="orders-search" className="sr-only">
              Search orders
            </label>
            <input
              id="orders-search"
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              placeholder="Code, email, phone or name"
              maxLength={100}
              className="h-8 w-full rounded-md sm:w-64 border border-slate-300 bg-white px-2 text-sm focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/30"
            />
          </form>
        </div>
        <div className="min-h-0 flex-1 overflow-auto" aria-busy={loading}>
          {error ? (
            <div role="alert" className="flex items-center gap-3 px-5 py-6 text-sm text-red-700">
              Orders could not be loaded: {error}
              <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
            </div>
          ) : !list ? (
            <p className="px-5 py-6 text-sm text-slate-500" role="status">
              Loading orders…
            </p>
          ) : rows.length === 0 ? (
            <div className="px-5 py-10 text-center" role="status">
              <p className="text-sm font-medium text-slate-800">{q || filter !== 'All' ? 'No orders match' : 'No orders yet'}</p>
              <p className="mt-1 text-sm text-slate-500">
                {q || filter !== 'All' ? 'Try another status, or search for less.' : 'Orders appear here as shoppers place them.'}
              </p>
            </div>
          ) : (
            <table className={`w-full text-left text-sm ${loading ? 'opacity-60' : ''}`}>
              <caption className="sr-only">Orders, newest first. Choose an order's code to see it.</caption>
              <thead className="sticky top-0 z-10 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  {columns.map(([name, place]) => (
                    <th key={name} scope="col" className={`py-2 ${place}`}>
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody ref={table} onKeyDown={moveRow} className="divide-y divide-slate-100">
                {rows.map((row) => {
                  const current = row.orderCode === selected;
                  return (
                    <tr
                      key={row.orderCode}
                      aria-current={current || undefined}
                      onClick={() => setSelected(row.orderCode)}
                      className="cursor-pointer hover:bg-slate-50 aria-[current]:bg-indigo-50"
                    >
                      <td className="px-5 py-2">
                        <button
                          type="button"
                          data-order-code={row.orderCode}
                          onClick={(event) => {
                            event.stopPropagation();
                            setSelected(row.orderCode);
                          }}
                          className="rounded font-mono text-xs font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
                        >
                          {row.orderCode}
                        </button>
                      </td>
                      <td className="px-2 py-2 whitespace-nowrap text-slate-600">
                        <Time at={row.createdAt} />
                      </td>
                      <td className="max-w-48 px-2 py-2">
                        <span className="block truncate font-medium">{row.customerName || '—'}</span>
                        <span className="block truncate text-xs text-slate-600">{row.email ?? row.phone ?? ''}</span>
                      </td>
                      <td className="px-2 py-2 text-right tabular-nums">{row.items}</td>
                      <td className="px-2 py-2 text-right tabular-nums">{orderAmount(row, row.totalUnits)}</td>
                      <td className="px-2 py-2">
                        <StatusChip status={row.status} />
                      </td>
                      <td className="py-2 pr-5 pl-2">
                        <StatusChip status={row.paymentStatus} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </div>
        <nav
          aria-label="Pages of orders"
          className="flex flex-wrap items-center gap-2 border-t border-slate-200 px-3 py-2 text-sm text-slate-600 sm:px-5"
        >
          <span className="mr-auto" aria-live="polite">
            {total === 1 ? '1 order' : total > 0 ? `${first}–${first + rows.length - 1} of ${total} orders` : ''}
          </span>
          <Button disabled={page <= 1 || loading} onClick={() => setPage((n) => n - 1)}>
            Previous page
          </Button>
          <Button disabled={page >= pages || loading} onClick={() => setPage((n) => n + 1)}>
            Next page
          </Button>
        </nav>
      </section>
      <section aria-label="Order details" className="min-h-0 overflow-y-auto bg-slate-50/60">
        {selected ? (
          <OrderDetail key={selected} orderCode={selected} onChanged={changed} />
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
