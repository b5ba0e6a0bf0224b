import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import {
  MAX_ANALYTICS_DAYS,
  utcDayNumber,
  utcDayText,
  type AnalyticsQuery,
  type AnalyticsReport,
  type AnalyticsRow,
  type AnalyticsTotals,
} from '@vitrine/commerce';
import { useStudio } from '../context.tsx';
import { orderPrice } from '../orders/order-format.tsx';
import { problemText } from '../state/controller.ts';
import { Button } from '../ui/button.tsx';
import { DaysChart, type ChartSeries } from './analytics-chart.tsx';

/** The periods offered at a click; any other is typed as from–to. */
const PRESETS = [7, 30, 90] as const;
type Period = { days: (typeof PRESETS)[number] } | { from: string; to: string };

const count = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dayLabel = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));

/** A duration as people say it: "1 min 05 s", "42 s". */
function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

const todayUtc = () => Math.floor(Date.now() / 86_400_000);

function queryOf(period: Period): AnalyticsQuery {
  if ('from' in period) return { From: period.from, To: period.to };
  const today = todayUtc();
  return { From: utcDayText(today - period.days + 1), To: utcDayText(today) };
}

/**
 * The owner's analytics (`/editor/analytics`): a period (7, 30, 90 days or any from–to), its headline figures beside
 * the period before, daily charts, and what the visits were made of. Loaded in a chunk of its own with the chart library.
 */
export function AnalyticsScreen() {
  const { controller } = useStudio();
  const [period, setPeriod] = useState<Period>({ days: 30 });
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ request: string; report: AnalyticsReport | null; error: string | null }>({
    request: '',
    report: null,
    error: null,
  });
  const query = useMemo(() => queryOf(period), [period]);
  const request = JSON.stringify([query, attempt]);
  useEffect(() => {
    let live = true;
    controller.analytics(query).then(
      (report) => live && setAnswer({ request, report, error: null }),
      (failure: unknown) => live && setAnswer((last) => ({ request, report: last.report, error: problemText(failure) })),
    );
    return () => {
      live = false;
    };
  }, [controller, query, request]);
  const loading = answer.request !== request;
  const { report, error } = answer;

  return (
    <div className="absolute inset-0 overflow-y-auto bg-slate-50">
      <div className="mx-auto max-w-7xl space-y-6 p-4 sm:p-6" aria-busy={loading}>
        <PeriodPicker period={period} onChange={setPeriod} />
        {error && !loading ? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          >
            <span>The figures could not be loaded: {error}</span>
            <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
          </div>
        ) : null}
        <p role="status" className={loading ? 'text-sm text-slate-600' : 'sr-only'}>
          {loading ? 'Loading the figures…' : report ? `Showing ${dayLabel(report.from)} to ${dayLabel(report.to)}` : ''}
        </p>
        {report ? <Report report={report} stale={loading} /> : null}
      </div>
    </div>
  );
}

function PeriodPicker({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const custom = 'from' in period;
  const [editing, setEditing] = useState(custom);
  const today = utcDayText(todayUtc());
  const [from, setFrom] = useState(custom ? period.from : utcDayText(todayUtc() - 29));
  const [to, setTo] = useState(custom ? period.to : today);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const length = utcDayNumber(to) - utcDayNumber(from) + 1;
    if (Number.isNaN(length)) setProblem('Choose both days.');
    else if (length < 1) setProblem('The first day must not be after the last.');
    else if (length > MAX_ANALYTICS_DAYS) setProblem(`A period is at most ${MAX_ANALYTICS_DAYS} days.`);
    else {
      setProblem(null);
      onChange({ from, to });
    }
  };
  const choice = (selected: boolean) =>
    `h-8 rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ${
      selected ? 'bg-indigo-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-100'
    }`;
  return (
    <section aria-labelledby={`${id}-period`} className="flex flex-wrap items-end gap-x-4 gap-y-3">
      <h2 id={`${id}-period`} className="sr-only">
        Period
      </h2>
      <div role="group" aria-label="Period" className="flex flex-wrap gap-2">
        {PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            aria-pressed={!editing && 'days' in period && period.days === days}
            className={choice(!editing && 'days' in period && period.days === days)}
            onClick={() => {
              setEditing(false);
              onChange({ days });
            }}
          >
            Last {days} days
          </button>
        ))}
        <button type="button" aria-pressed={editing} aria-expanded={editing} className={choice(editing)} onClick={() => setEditing(true)}>
          Custom…
        </button>
      </div>
      {editing ? (
        <form onSubmit={apply} className="flex flex-wrap items-end gap-2" noValidate>
          <label className="flex flex-col text-xs font-medium text-slate-700">
            From
            <input
              type="date"
              value={from}
              max={today}
              onChange={(event) => setFrom(event.target.value)}
              className="mt-1 h-8 rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-indigo-500"
            />
          </label>
          <label className="flex flex-col text-xs font-medium text-slate-700">
            To
            <input
              type="date"
              value={to}
              max={today}
              onChange={(event) => setTo(event.target.value)}
              className="mt-1 h-8 rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-indigo-500"
            />
          </label>
          <Button type="submit" tone="primary">
            Show
          </Button>
          {problem ? (
            <p role="alert" className="w-full text-sm text-red-700">
              {problem}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}

/** One headline figure: how to read it, how to show it, and whether a rise is good news. */
interface Figure {
  key: keyof AnalyticsTotals;
  label: string;
  format: (value: number, report: AnalyticsReport) => string;
  /** A rate changes by percentage points; a count by a share of what it was. */
  rate?: boolean;
  lowerIsBetter?: boolean;
}

const figures: readonly Figure[] = [
  { key: 'visitors', label: 'Visitors', format: (v) => count.format(v) },
  { key: 'sessions', label: 'Sessions', format: (v) => count.format(v) },
  { key: 'pageViews', label: 'Page views', format: (v) => count.format(v) },
  { key: 'avgDurationMs', label: 'Avg. visit duration', format: (v) => duration(v) },
  { key: 'bounceRate', label: 'Bounce rate', format: (v) => percent.format(v), rate: true, lowerIsBetter: true },
  { key: 'orders', label: 'Orders', format: (v) => count.format(v) },
  { key: 'revenue', label: 'Revenue', format: (v, r) => orderPrice({ ...r, currencyRate: 1 }, v) },
  { key: 'conversionRate', label: 'Conversion rate', format: (v) => percent.format(v), rate: true },
];

function change(figure: Figure, now: number, before: number): { text: string; tone: 'up' | 'down' | 'flat' } {
  if (figure.rate) {
    const points = (now - before) * 100;
    if (Math.abs(points) < 0.05) return { text: 'no change', tone: 'flat' };
    return { text: `${points > 0 ? '+' : '−'}${Math.abs(points).toFixed(1)} pts`, tone: points > 0 ? 'up' : 'down' };
  }
  if (before === 0) return now === 0 ? { text: 'no change', tone: 'flat' } : { text: 'new', tone: 'up' };
  const share = (now - before) / before;
  if (Math.abs(share) < 0.0005) return { text: 'no change', tone: 'flat' };
  return { text: `${share > 0 ? '+' : '−'}${percent.format(Math.abs(share))}`, tone: share > 0 ? 'up' : 'down' };
}

function Report({ report, stale }: { report: AnalyticsReport; stale: boolean }) {
  const id = useId();
  const days = useMemo(() => report.days.map((day) => day.day), [report]);
  const traffic = useMemo<ChartSeries[]>(
    () => [
      { label: 'Visitors', values: report.days.map((d) => d.visitors), colour: '#4f46e5' },
      { label: 'Page views', values: report.days.map((d) => d.pageViews), colour: '#0d9488' },
      { label: 'Visitors, previous period', values: report.previousDays.map((d) => d.visitors), colour: '#818cf8', dashed: true },
      { label: 'Page views, previous period', values: report.previousDays.map((d) => d.pageViews), colour: '#5eead4', dashed: true },
    ],
    [report],
  );
  const money = useMemo(() => (value: number) => orderPrice({ ...report, currencyRate: 1 }, value), [report]);
  const sales = useMemo<ChartSeries[]>(
    () => [
      { label: 'Orders', values: report.days.map((d) => d.orders), colour: '#f59e0b', bars: true },
      { label: 'Revenue', values: report.days.map((d) => d.revenue), colour: '#16a34a', axis: 'right' },
      {
        label: 'Revenue, previous period',
        values: report.previousDays.map((d) => d.revenue),
        colour: '#86efac',
        axis: 'right',
        dashed: true,
      },
    ],
    [report],
  );
  const whole = (value: number) => (Number.isInteger(value) ? count.format(value) : '');
  return (
    <div className={`space-y-6 transition-opacity ${stale ? 'opacity-60' : ''}`}>
      <section aria-labelledby={`${id}-totals`}>
        <h2 id={`${id}-totals`} className="text-sm font-semibold text-slate-900">
          {dayLabel(report.from)} – {dayLabel(report.to)}{' '}
          <span className="font-normal text-slate-600">
            compared with {dayLabel(report.previousFrom)} – {dayLabel(report.previousTo)}
          </span>
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
          {figures.map((figure) => {
            const now = report.totals[figure.key];
            const before = report.previousTotals[figure.key];
            const delta = change(figure, now, before);
            const good = delta.tone === 'flat' ? null : (delta.tone === 'up') !== Boolean(figure.lowerIsBetter);
            return (
              <div key={figure.key} className="rounded-lg border border-slate-200 bg-white p-3 shadow-xs" data-figure={figure.key}>
                <dt className="text-xs font-medium text-slate-600">{figure.label}</dt>
                <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{figure.format(now, report)}</dd>
                <dd
                  className={`mt-0.5 text-xs tabular-nums ${good === null ? 'text-slate-500' : good ? 'text-emerald-700' : 'text-red-700'}`}
                >
                  <span aria-hidden="true">{delta.tone === 'up' ? '▲ ' : delta.tone === 'down' ? '▼ ' : ''}</span>
                  {delta.text}
                  <span className="sr-only">, previous period {figure.format(before, report)}</span>
                </dd>
              </div>
            );
          })}
        </dl>
      </section>

      <div className="grid gap-4 xl:grid-cols-2">
        <section aria-labelledby={`${id}-traffic`} className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
          <h2 id={`${id}-traffic`} className="mb-2 text-sm font-semibold">
            Visitors and page views <span className="font-normal text-slate-600">(previous period dashed)</span>
          </h2>
          <DaysChart days={days} series={traffic} formatLeft={whole} />
        </section>
        <section aria-labelledby={`${id}-sales`} className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
          <h2 id={`${id}-sales`} className="mb-2 text-sm font-semibold">
            Orders and revenue <span className="font-normal text-slate-600">(previous period dashed)</span>
          </h2>
          <DaysChart days={days} series={sales} formatLeft={whole} formatRight={money} />
        </section>
      </div>

      <details className="rounded-lg border border-slate-200 bg-white">
        <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500">
          Figures by day
        </summary>
        <div className="overflow-x-auto px-3 pb-3">
          <table className="w-full text-sm tabular-nums">
            <caption className="sr-only">Figures by day</caption>
            <thead>
              <tr className="text-left text-xs text-slate-600">
                <th scope="col" className="py-1 pr-2 font-medium">
                  Day
                </th>
                {['Visitors', 'Sessions', 'Page views', 'Orders', 'Revenue'].map((name) => (
                  <th key={name} scope="col" className="px-2 py-1 text-right font-medium">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.days.map((day) => (
                <tr key={day.day} className="border-t border-slate-100">
                  <th scope="row" className="py-1 pr-2 text-left font-normal whitespace-nowrap">
                    {dayLabel(day.day)}
                  </th>
                  <td className="px-2 py-1 text-right">{count.format(day.visitors)}</td>
                  <td className="px-2 py-1 text-right">{count.format(day.sessions)}</td>
                  <td className="px-2 py-1 text-right">{count.format(day.pageViews)}</td>
                  <td className="px-2 py-1 text-right">{count.format(day.orders)}</td>
                  <td className="px-2 py-1 text-right">{money(day.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>

      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Breakdown title="Top pages" unit="Page views" rows={report.topPages} />
        <Breakdown title="Referrers" unit="Sessions" rows={report.referrers} />
        <Breakdown title="Campaigns" unit="Sessions" rows={report.campaigns} empty="No visits came with a utm_campaign." />
        <Breakdown title="Devices" unit="Sessions" rows={report.devices} />
        <Breakdown title="Browsers" unit="Sessions" rows={report.browsers} />
        <Breakdown title="Countries" unit="Sessions" rows={report.countries} />
      </div>
    </div>
  );
}

/** A breakdown as a table: its top names, their counts, and a bar of each one's share of the first. */
function Breakdown({
  title,
  unit,
  rows,
  empty = 'No visits in this period.',
}: {
  title: string;
  unit: string;
  rows: readonly AnalyticsRow[];
  empty?: string;
}) {
  const id = useId();
  const most = rows[0]?.count ?? 0;
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
      <h2 id={id} className="mb-2 text-sm font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <table className="w-full table-fixed text-sm" aria-labelledby={id}>
          <thead className="sr-only">
            <tr>
              <th scope="col">{title.replace(/^Top /, '').replace(/^./, (c) => c.toUpperCase())}</th>
              <th scope="col">{unit}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <th scope="row" className="relative py-1 pr-2 text-left font-normal">
                  <span
                    aria-hidden="true"
                    className="absolute inset-y-0.5 left-0 rounded bg-indigo-50"
                    style={{ width: `${most ? Math.max(2, (row.count / most) * 100) : 0}%` }}
                  />
                  <span className="relative block truncate px-1.5" title={row.name}>
                    {row.name}
                  </span>
                </th>
                <td className="w-20 py-1 text-right tabular-nums">{count.format(row.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
