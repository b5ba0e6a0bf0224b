import { afterEach, beforeEach, expect, inject, it, vi } from 'vitest';
import type { WebConfig } from '@vitrine/commerce';
import { maintenanceFlagPath } from './firebase-flag.ts';
import { watchMaintenanceFlag } from './live-flag.ts';
import { realtimeDatabaseAt } from './realtime-database.fixture.ts';

/** The browser's EventSource as far as the flag uses it: the streams a page opens, and what the server sends on them. */
class RecordedStream {
  static opened: RecordedStream[] = [];
  closed = false;
  private readonly listeners: ((event: MessageEvent<string>) => void)[] = [];
  constructor(readonly url: string) {
    RecordedStream.opened.push(this);
  }
  addEventListener(_type: 'isMaintanance', listener: (event: MessageEvent<string>) => void) {
    this.listeners.push(listener);
  }
  close() {
    this.closed = true;
  }
  /** The server telling the flag, as `/api/Web/MaintenanceStream` does. */
  tell(isMaintanance: boolean) {
    for (const listener of this.listeners) listener(new MessageEvent('isMaintanance', { data: JSON.stringify({ isMaintanance }) }));
  }
}

beforeEach(() => {
  RecordedStream.opened = [];
  vi.stubGlobal('EventSource', RecordedStream);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A store configured with the realtime database at `databaseURL` (§3.3). */
const storeWith = (databaseURL: string, webID: number) => ({ webID, realtimeDatabase: realtimeDatabaseAt(databaseURL) }) as WebConfig;

it("follows this server's stream when the store's realtime database does not answer", async () => {
  const seen: boolean[] = [];
  const stop = watchMaintenanceFlag(storeWith('ws://127.0.0.1:9', 9101), (on) => seen.push(on), 'second.localhost', 300);
  try {
    await expect.poll(() => RecordedStream.opened.length, { timeout: 5000 }).toBe(1);
    const [stream] = RecordedStream.opened;
    expect(stream!.url).toBe('/api/Web/MaintenanceStream?store=second.localhost');
    stream!.tell(true);
    stream!.tell(false);
    expect(seen).toEqual([true, false]);
  } finally {
    stop();
  }
  expect(RecordedStream.opened[0]!.closed).toBe(true);
});

it('closes the stream once the realtime database answers, and follows the flag there', async () => {
  // The run's realtime database (the server package's realtime-test-server.ts), under a store id no other test uses.
  const databaseURL = inject('realtimeDatabaseUrl');
  const webId = 9102;
  const write = async (value: boolean) => {
    const response = await fetch(`${databaseURL.replace('ws:', 'http:')}/${maintenanceFlagPath(webId)}.json`, {
      method: 'PUT',
      body: JSON.stringify(value),
    });
    expect(response.status).toBe(200);
  };
  await write(false);
  const seen: boolean[] = [];
  // No wait: the stream stands in from the start, until the database is reached.
  const stop = watchMaintenanceFlag(storeWith(databaseURL, webId), (on) => seen.push(on), null, 0);
  try {
    await expect.poll(() => seen, { timeout: 5000 }).toEqual([false]);
    await expect.poll(() => RecordedStream.opened.map((stream) => stream.closed), { timeout: 5000 }).toEqual([true]);
    await write(true);
    await expect.poll(() => seen, { timeout: 2000 }).toEqual([false, true]);
    expect(RecordedStream.opened).toHaveLength(1);
  } finally {
    stop();
  }
});
