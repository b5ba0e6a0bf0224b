import { arch, cpus, loadavg, platform } from 'node:os';
import type { LoadResult, LoadSettings } from './load.ts';

/** The 1-minute load average, read before the run starts: well above 0 means something else was using the CPUs. */
const loadBeforeRun = loadavg()[0] ?? 0;

/** One line about the machine: numbers from a 2-core box and a 16-core one are not comparable, nor from a busy one. */
export function machineLine(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? 'unknown CPU';
  return `Machine: ${cores.length} CPU cores (${model}), Node ${process.version}, ${platform()} ${arch()}, 1-min load average before the run ${loadBeforeRun.toFixed(2)}`;
}

/** How every scenario was driven. */
export function settingsLine(settings: LoadSettings): string {
  return `Load: autocannon on loopback in the bench process, ${settings.connections} connections, pipelining ${settings.pipelining}, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s measured per scenario`;
}

/** A named row of the results table. */
export interface Row {
  scenario: string;
  result: LoadResult;
}

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A fixed-width table: scenario, req/s, p50 ms, p99 ms, bytes per response. */
export function loadTable(rows: Row[]): string {
  return textTable(
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'bytes/response'],
    rows.map(({ scenario, result }) => [
      scenario,
      oneDecimal.format(result.requestsPerSecond),
      number.format(result.p50Ms),
      number.format(result.p99Ms),
      number.format(result.bytesPerResponse),
    ]),
  );
}

/** A fixed-width table of text cells: the first column left-aligned, the others (numbers) right-aligned. */
export function textTable(header: string[], cells: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column]!.length)));
  // Scenario names read left-aligned, numbers right-aligned so their digits line up.
  const line = (row: string[]) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(line)].join('\n');
}

/** A number with a fixed count of decimals and thousands separators. */
export function decimals(value: number, digits: number): string {
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}
