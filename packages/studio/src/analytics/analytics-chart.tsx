import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One line (or bars) of a chart, with as many values as the chart has days. */
export interface ChartSeries {
  label: string;
  values: readonly number[];
  colour: string;
  /** Drawn dashed: the previous period, laid over the current one day by day. */
  dashed?: boolean;
  bars?: boolean;
  /** Which axis it is read on: the left (default) or the right one. */
  axis?: 'left' | 'right';
}

const HEIGHT = 240;
/** Steps between ticks: whole numbers only, so a count's axis never has a line at 0.5 of a visit. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];

/**
 * A chart of a period's days with uPlot (canvas; a few KB for thousands of points). The days are UTC days, so their
 * ticks are read in UTC too, whatever the owner's time zone. Drawn for the eye only: the dialog has the same figures
 * as a table for screen readers and keyboards.
 */
export function DaysChart({ days, series, formatLeft, formatRight }: ChartProps) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let plot: uPlot | null = null;
    let resized: ResizeObserver | null = null;
    let gone = false;
    // Fetched when a chart is first drawn, not when the dialog's code loads: it measures the screen as it loads.
    void import('uplot')
      .then(({ default: UPlot }) => {
        if (gone) return;
        plot = drawChart(UPlot, element, { days, series, formatLeft, formatRight });
        const drawn = plot;
        resized = new ResizeObserver(() => drawn.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
        resized.observe(element);
      })
      .catch((error: unknown) => {
        // Without a chart (its code could not load, or no canvas) the figures stay readable in the tables below it.
        console.warn('The chart could not be drawn', error);
      });
    return () => {
      gone = true;
      resized?.disconnect();
      plot?.destroy();
    };
  }, [days, series, formatLeft, formatRight]);
  return <div ref={holder} aria-hidden="true" className="analytics-chart w-full" />;
}

interface ChartProps {
  /** The period's days, YYYY-MM-DD. */
  days: readonly string[];
  series: readonly ChartSeries[];
  formatLeft: (value: number) => string;
  formatRight?: ((value: number) => string) | undefined;
}

/** Draws a chart into `element` with uPlot (`UPlot`, loaded by then). */
function drawChart(UPlot: typeof uPlot, element: HTMLElement, { days, series, formatLeft, formatRight }: ChartProps): uPlot {
  const x = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
  const bars = UPlot.paths.bars?.({ size: [0.6, 24] });
  const options: uPlot.Options = {
    width: Math.max(element.clientWidth, 200),
    height: HEIGHT,
    tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    cursor: { drag: { x: false, y: false } },
    legend: { live: true },
    scales: {
      x: { time: true },
      left: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] },
      right: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] },
    },
    axes: [
      { stroke: '#475569', grid: { stroke: '#e2e8f0' }, ticks: { stroke: '#cbd5e1' } },
      {
        scale: 'left',
        stroke: '#475569',
        grid: { stroke: '#e2e8f0' },
        ticks: { stroke: '#cbd5e1' },
        size: 56,
        incrs: WHOLE_STEPS,
        values: (_u, ticks) => ticks.map(formatLeft),
      },
      ...(formatRight
        ? [
            {
              scale: 'right',
              side: 1 as const,
              stroke: '#475569',
              grid: { show: false },
              ticks: { stroke: '#cbd5e1' },
              size: 64,
              values: (_u: uPlot, ticks: number[]) => ticks.map(formatRight),
            },
          ]
        : []),
    ],
    series: [
      { label: 'Day', value: (_u, seconds) => (seconds == null ? '—' : new Date(seconds * 1000).toISOString().slice(0, 10)) },
      ...series.map((s): uPlot.Series => ({
        label: s.label,
        scale: s.axis ?? 'left',
        stroke: s.colour,
        width: s.dashed ? 1.5 : 2,
        ...(s.dashed ? { dash: [6, 4] } : {}),
        ...(s.bars && bars ? { paths: bars, fill: `${s.colour}55`, points: { show: false } } : {}),
        value: (_u, value) => (value == null ? '—' : (s.axis === 'right' && formatRight ? formatRight : formatLeft)(value)),
      })),
    ],
  };
  return new UPlot(options, [x, ...series.map((s) => [...s.values])], element);
}
