// `npm run bench`: builds if needed, starts the production server once, runs each benchmark against it and prints
// the results. A new benchmark is a module exporting `benchX(server)` that returns numbers, plus a print step here.
import { cleanup, cleanupOnSignals } from './cleanup.ts';
import { loadProblems } from './load.ts';
import { ensureBuilt, startProductionServer } from './processes.ts';
import { loadTable, machineLine, settingsLine } from './report.ts';
import { benchSsr } from './ssr.ts';

async function main(): Promise<number> {
  await ensureBuilt();
  console.log('bench: starting the production server (fresh embedded database, seeding the demo stores)…');
  const server = await startProductionServer();
  console.log(`bench: server ready on ${server.origin}`);

  console.log('bench: GET / (SSR home page) and its static twin…');
  const ssr = await benchSsr(server);

  console.log('');
  console.log(machineLine());
  console.log(settingsLine(ssr.settings));
  console.log('');
  console.log(`GET / with Host localhost: the seeded "Harbor & Pine" home page, ${ssr.bodyBytes.toLocaleString('en-US')} body bytes, ${ssr.contentType}`);
  console.log(
    loadTable([
      { scenario: 'SSR (production server)', result: ssr.ssr },
      { scenario: 'static (node:http, same bytes)', result: ssr.static },
    ]),
  );
  console.log('');
  console.log(`SSR / static req/s: ${ssr.ratio.toFixed(3)}  (static serves ${(1 / ssr.ratio).toFixed(1)}x as many requests per second)`);
  console.log('Static baseline: a bare node:http process answering every request with the captured SSR body and content-type.');

  const problems = [...loadProblems('SSR', ssr.ssr), ...loadProblems('static', ssr.static)];
  if (problems.length > 0) {
    console.error(`\nbench FAILED, the numbers above do not measure the page:\n  ${problems.join('\n  ')}`);
    return 1;
  }
  return 0;
}

cleanupOnSignals();
let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error('\nbench FAILED:', error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  await cleanup();
}
process.exit(exitCode);
