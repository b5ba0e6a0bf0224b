import { once } from 'node:events';
import type { PageRenderResult } from './page-render.tsx';
import { spawnNodeScript } from './processes.ts';
import type { ThemeCompileRow } from './theme-compile.ts';

/** The numbers of the benchmarks that run in a process of their own, without the server. */
export interface CpuBenchResult {
  themes: ThemeCompileRow[];
  page: PageRenderResult;
}

/** Starts the child's line of results. */
export const RESULT_MARKER = 'BENCH_RESULT ';

/**
 * Runs bench/cpu-child.ts (theme compile, long-page server render) in a child process with NODE_ENV=production, so
 * React is its production build as in the server, and reads its one line of results.
 */
export async function benchCpu(timeoutMs = 120_000): Promise<CpuBenchResult> {
  const child = spawnNodeScript('bench/cpu-child.ts', { NODE_ENV: 'production' });
  const timer = setTimeout(() => child.process.kill('SIGKILL'), timeoutMs);
  const [code] = (child.exited() ? [child.process.exitCode] : await once(child.process, 'exit')) as [number | null];
  clearTimeout(timer);
  const line = child
    .output()
    .split('\n')
    .find((text) => text.startsWith(RESULT_MARKER));
  if (code !== 0 || !line) throw new Error(`bench/cpu-child.ts failed (exit ${code}). Its output:\n${child.output()}`);
  return JSON.parse(line.slice(RESULT_MARKER.length)) as CpuBenchResult;
}
