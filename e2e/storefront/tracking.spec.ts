import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { test as base, expect, type Browser, type BrowserContext, type Page, type Route } from '@playwright/test';
import { chromiumFlags } from '../../playwright.config.ts';
import { startStore, type RunningStore } from '../fixtures/server.ts';

/**
 * Visitor tracking in Chromium (issue 17). Playwright's Chromium says `navigator.webdriver` is true, and the tracker
 * leaves webdriver clients out; a test that wants to see tracking work makes the browser look like a person's —
 * `navigator.webdriver` false, set before any script runs — so the production exclusion is untouched. The browser is
 * started with a person's user-agent too: a headless one is a bot to isbot, and a beacon sent while a page unloads
 * leaves with the browser's own user-agent, not a context's override.
 */
const PERSON_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const test = base.extend<object, { tracked: RunningStore & { stop(): Promise<void> } }>({
  tracked: [
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-tracking-'));
      const store = await startStore({ DATA_DIR: dataDir });
      await use(store);
      await store.stop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
});
test.describe.configure({ mode: 'serial' });
test.use({
  launchOptions: {
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [...chromiumFlags, `--user-agent=${PERSON_UA}`],
  },
});

interface SentBeacon {
  beacon: string;
  body: Record<string, unknown>;
  contentType: string;
}

/**
 * Every beacon the page sends: its name from the request event, and its body where Playwright routes the request (a
 * beacon's Blob body is not on the request event), passed on to the server unchanged. A beacon sent while its page
 * unloads is not reliably shown to Playwright, so `pause` leaves such a page unrouted and the test checks what it
 * sent in the database instead.
 */
async function watchBeacons(page: Page) {
  const sent: SentBeacon[] = [];
  const requested: string[] = [];
  const pattern = /\/api\/track\//;
  const beaconOf = (url: string) => new URL(url).pathname.replace('/api/track/', '');
  page.on('request', (request) => {
    if (pattern.test(request.url())) requested.push(beaconOf(request.url()));
  });
  const handler = async (route: Route) => {
    const request = route.request();
    const buffer = request.postDataBuffer();
    sent.push({
      beacon: beaconOf(request.url()),
      body: (buffer ? JSON.parse(buffer.toString('utf8')) : null) as Record<string, unknown>,
      contentType: (await request.allHeaders())['content-type'] ?? '',
    });
    await route.continue();
  };
  await page.route(pattern, handler);
  return {
    sent,
    requested,
    pause: () => page.unroute(pattern, handler),
    resume: () => page.route(pattern, handler),
  };
}

/** Resolves once the tracker's own chunk has loaded (whether it then tracks or not). */
const trackerLoaded = (page: Page) => page.waitForResponse((response) => /\/assets\/tracker-[^/]+\.js$/.test(response.url()));

async function personContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
  return context;
}

/** What the browser test sent, to be found in the database: ids seen in bodies, and page views sent unrouted. */
const beaconIds = { sessions: new Set<string>(), events: new Set<string>(), leftPage: '', unseenEvents: 0 };

test('a browser driven by webdriver, as it comes, sends nothing', async ({ page, tracked }) => {
  const { requested } = await watchBeacons(page);
  const loaded = trackerLoaded(page);
  await page.goto(tracked.url('localhost', '/'));
  await loaded;
  await page.goto(tracked.url('localhost', '/kitchen'), { waitUntil: 'networkidle' });
  expect(requested).toEqual([]);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('vt_sid');
});

test('a visit: session and page view, a route change’s duration and page view, a reload keeps the session, utm starts another', async ({
  browser,
  tracked,
}) => {
  const context = await personContext(browser);
  const page = await context.newPage();
  const watch = await watchBeacons(page);
  const sent = watch.sent;
  const named = (beacon: string) => sent.filter((b) => b.beacon === beacon);

  await page.goto(tracked.url('localhost', '/'));
  await expect.poll(() => named('event').length).toBe(1);
  const [session] = named('add-session');
  const [view] = named('event');
  expect(session!.contentType).toBe('application/json');
  expect(Object.keys(session!.body).sort()).toEqual([
    'CustomerID',
    'LandingUrl',
    'Referrer',
    'SessionID',
    'Timestamp',
    'VisitorID',
    'WebID',
  ]);
  expect(session!.body).toMatchObject({ LandingUrl: tracked.url('localhost', '/'), CustomerID: null, Referrer: '' });
  expect(view!.body).toMatchObject({ SessionID: session!.body['SessionID'], EventType: 'page_view', Url: tracked.url('localhost', '/') });
  expect(Object.keys(view!.body).sort()).toEqual(['EventID', 'EventType', 'SessionID', 'Timestamp', 'Url', 'WebID']);

  // The cookies of §9, as the browser keeps them.
  const cookies = await context.cookies();
  const cookie = (name: string) => cookies.find((c) => c.name === name);
  const now = Date.now() / 1000;
  expect(cookie('vt_sid')).toMatchObject({ value: session!.body['SessionID'], sameSite: 'Lax', path: '/' });
  expect(cookie('vt_sid')!.expires - now).toBeGreaterThan(150);
  expect(cookie('vt_sid')!.expires - now).toBeLessThanOrEqual(181);
  expect(cookie('vt_vid')).toMatchObject({ value: session!.body['VisitorID'], sameSite: 'Lax' });
  expect(cookie('vt_vid')!.expires - now).toBeGreaterThan(364 * 86_400);
  // The server keeps the visitor's address an hour, out of the page's reach.
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'vt_ip')?.httpOnly).toBe(true);
  const ip = (await context.cookies()).find((c) => c.name === 'vt_ip')!;
  expect(ip.expires - now).toBeGreaterThan(3500);
  expect(ip.expires - now).toBeLessThanOrEqual(3601);

  // A client-side route change: the first page's duration, then the new page's view.
  await page.locator('a[href="/kitchen"]').first().click();
  await expect(page).toHaveURL(tracked.url('localhost', '/kitchen'));
  await expect.poll(() => named('event').length).toBe(2);
  const [duration] = named('update-duration');
  expect(duration!.body).toMatchObject({ SessionID: session!.body['SessionID'], EventID: view!.body['EventID'] });
  expect(Object.keys(duration!.body).sort()).toEqual(['Duration', 'EventID', 'SessionID', 'WebID']);
  expect(duration!.body['Duration']).toMatch(/^\d+$/);
  expect(named('event')[1]!.body).toMatchObject({ Url: tracked.url('localhost', '/kitchen'), SessionID: session!.body['SessionID'] });

  // A reload within 180 s keeps the session (a page view, no session beacon); leaving the page sent its duration,
  // read back from the database below.
  const sessionCookie = (await context.cookies()).find((c) => c.name === 'vt_sid')!.value;
  const requestedBefore = watch.requested.length;
  await watch.pause();
  await page.reload();
  await expect.poll(() => watch.requested.slice(requestedBefore).filter((b) => b === 'event').length).toBe(1);
  expect(watch.requested.slice(requestedBefore).filter((b) => b === 'add-session')).toEqual([]);
  expect((await context.cookies()).find((c) => c.name === 'vt_sid')!.value).toBe(sessionCookie);
  beaconIds.leftPage = String(named('event')[1]!.body['EventID']);
  beaconIds.unseenEvents += 1;
  await watch.resume();

  // utm parameters start a new session, which carries them.
  await page.goto(tracked.url('localhost', '/?utm_source=newsletter&utm_campaign=winter'));
  await expect.poll(() => named('add-session').length).toBe(2);
  const campaign = named('add-session')[1]!;
  expect(campaign.body['utm']).toEqual({ utm_source: 'newsletter', utm_campaign: 'winter' });
  expect(campaign.body['SessionID']).not.toBe(session!.body['SessionID']);
  expect(campaign.body['VisitorID']).toBe(session!.body['VisitorID']);
  await expect.poll(() => named('event').length).toBe(3);

  // An untracked route sends nothing at all.
  const before = watch.requested.length;
  const loaded = trackerLoaded(page);
  await page.goto(tracked.url('localhost', '/forgotpassword'));
  await loaded;
  await page.waitForLoadState('networkidle');
  // Leaving the utm page sent its duration; the untracked page itself sent nothing.
  expect(watch.requested.slice(before).filter((b) => b !== 'update-duration')).toEqual([]);

  for (const b of named('add-session')) beaconIds.sessions.add(String(b.body['SessionID']));
  for (const b of named('event')) beaconIds.events.add(String(b.body['EventID']));
  await context.close();
});

test('what was acknowledged is in the database after the server stops', async ({ tracked }) => {
  expect(beaconIds.events.size).toBe(3);
  await tracked.stop();
  const db = await PGlite.create({ dataDir: join(tracked.dataDir, 'db') });
  try {
    const sessions = await db.query<{ session_id: string; utm: unknown; device: string; browser: string }>(
      'SELECT session_id, utm, device, browser FROM tracking_sessions',
    );
    const events = await db.query<{ event_id: string; url: string; duration_ms: number }>(
      'SELECT event_id, url, duration_ms FROM tracking_events',
    );
    expect(new Set(sessions.rows.map((r) => r.session_id))).toEqual(beaconIds.sessions);
    expect(events.rows).toHaveLength(beaconIds.events.size + beaconIds.unseenEvents);
    for (const id of beaconIds.events) expect(events.rows.map((r) => r.event_id)).toContain(id);
    expect(sessions.rows.find((r) => r.utm)?.utm).toEqual({ utm_source: 'newsletter', utm_campaign: 'winter' });
    expect(sessions.rows[0]).toMatchObject({ device: 'Desktop', browser: 'Chrome' });
    expect(events.rows.find((r) => r.event_id === beaconIds.leftPage)!.duration_ms).toBeGreaterThan(0);
    expect(events.rows.map((r) => r.url).sort()).toEqual(
      ['/', '/kitchen', '/kitchen', '/?utm_source=newsletter&utm_campaign=winter'].sort(),
    );
  } finally {
    await db.close();
  }
});
