import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import http from 'node:http';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { startStore } from '../fixtures/server.ts';

/**
 * WORKERS (issue 18): several server processes on one PostgreSQL, started as `WORKERS=2 DATABASE_URL=… npm run serve`.
 * Needs a PostgreSQL to create a database on: CI's (scripts/with-postgres.sh sets DATABASE_URL).
 */
const admin = process.env['DATABASE_URL'];
test.skip(!admin, 'needs DATABASE_URL (run under scripts/with-postgres.sh, as CI does)');

/** One GET on a connection of its own, so the operating system hands each to whichever process it picks. */
const pageTitle = (port: number, host: string) =>
  new Promise<string>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent: false, headers: { host } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve((/<title>([^<]*)<\/title>/.exec(body)?.[1] ?? `(status ${response.statusCode})`).replaceAll('&#38;', '&')),
        );
      })
      .on('error', reject);
  });

/** The processes `pid` started (from /proc: each process's stat names its parent). */
const childrenOf = (pid: number) =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // "pid (command) state ppid …": the command may hold spaces, so read after its closing parenthesis.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // ended while listed
      }
    })
    .map(Number);

test('two server processes share the port and one PostgreSQL: a change any of them writes shows on every page at once, and a process that dies is replaced', async () => {
  test.setTimeout(180_000);
  const name = `vitrine_processes_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  const url = new URL(admin!);
  url.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: url.toString() });
  const store = await startStore({ DATABASE_URL: url.toString(), WORKERS: '2' });
  try {
    await db.connect();
    // The first process says so once every process listens (the first to listen already answers).
    // A cold start (a fresh clone compiles every module on first load) may take the second process a while.
    await expect.poll(() => store.output(), { timeout: 60_000 }).toContain('Vitrine is serving on PostgreSQL in 2 processes');
    // Each process hears the database's word of store changes on a connection of its own.
    const listeners = async () =>
      Number(
        (
          await db.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'vitrine store changes'`,
            [name],
          )
        ).rows[0]!.n,
      );
    await expect.poll(listeners, { timeout: 30_000 }).toBe(2);
    const workers = childrenOf(store.pid);
    expect(workers).toHaveLength(2);

    // Both processes have the home page's data in memory (and their guests' page cache)…
    const titles = async () => Promise.all(Array.from({ length: 12 }, () => pageTitle(store.port, 'localhost')));
    expect(new Set(await titles())).toEqual(new Set(['Home | Harbor & Pine']));
    // …then the store's name changes in the database, as any process's write would change it.
    await db.query(
      `UPDATE sites SET title = 'Harbor & Pine Outlet' WHERE web_id = (SELECT web_id FROM site_domains WHERE domain = 'localhost')`,
    );
    await expect.poll(async () => [...new Set(await titles())], { timeout: 5_000 }).toEqual(['Home | Harbor & Pine Outlet']);

    // A process killed is started again, and the new one hears changes too. It leaves the data as it is: an upload
    // another process is writing stays.
    const upload = join(store.dataDir, 'media', 'being-written.png.part');
    writeFileSync(upload, 'half a picture');
    process.kill(workers[0]!, 'SIGKILL');
    await expect
      .poll(() => store.output(), { timeout: 30_000 })
      .toMatch(new RegExp(`server process ${workers[0]} ended \\(SIGKILL\\); starting another`));
    await expect.poll(() => childrenOf(store.pid).length, { timeout: 60_000 }).toBe(2);
    await expect.poll(listeners, { timeout: 60_000 }).toBe(2);
    expect(existsSync(upload)).toBe(true);
    await db.query(`UPDATE sites SET title = 'Harbor & Pine' WHERE web_id = (SELECT web_id FROM site_domains WHERE domain = 'localhost')`);
    await expect.poll(async () => [...new Set(await titles())], { timeout: 5_000 }).toEqual(['Home | Harbor & Pine']);
  } finally {
    const running = childrenOf(store.pid);
    await store.stop();
    // Stopping the first process stops every one it started.
    expect(running.filter((pid) => existsSync(`/proc/${pid}`))).toEqual([]);
    await db.end().catch(() => {});
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  }
});
