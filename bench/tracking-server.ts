// The server side of the tracking bench, in a child process of its own (the load generator has the other core): a
// test server on a fresh database of the backend named in argv[2], its per-client beacon limit lifted (all the load
// comes from one address). It prints one JSON line with its port once it listens; a line "stop" on stdin closes the
// app (the intake writes what is waiting) and it prints the rows it finds, then exits.
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { backends, startTestServer } from '../packages/server/src/test-support.ts';

const backend = backends.find((b) => b.name === process.argv[2]);
if (!backend) throw new Error(`No backend ${process.argv[2]} (PostgreSQL needs DATABASE_URL)`);
const database = await backend.create();
const server = await startTestServer(database.url, {
  app: {
    tracking: {
      perClientPer10s: Number.MAX_SAFE_INTEGER,
      sessionsPerStorePerMinute: Number.MAX_SAFE_INTEGER,
      sessionsPerToken: Number.MAX_SAFE_INTEGER,
    },
  },
});
const webId = (await server.db.selectFrom('site_domains').select('web_id').where('domain', '=', 'localhost').executeTakeFirstOrThrow())
  .web_id;
const rssBefore = process.memoryUsage().rss;
console.log(JSON.stringify({ port: server.port, webId, rssBefore }));

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === 'rss') {
    console.log(JSON.stringify({ rss: process.memoryUsage().rss }));
    continue;
  }
  if (line.trim() !== 'stop') continue;
  const started = performance.now();
  await server.app.close();
  const closeMs = performance.now() - started;
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(server.db)).rows[0]!.n;
  console.log(
    JSON.stringify({
      closeMs,
      sessions: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM tracking_sessions`),
      events: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM tracking_events`),
      timed: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM tracking_events WHERE duration_ms > 0`),
    }),
  );
  await server.close();
  await database.drop();
  process.exit(0);
}
