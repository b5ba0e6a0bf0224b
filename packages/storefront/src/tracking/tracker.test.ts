// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTracker, type Tracker } from './tracker.ts';

/** What the tracker sent, in order: the beacon's name and its JSON body. */
let sent: { beacon: string; body: Record<string, unknown>; type: string }[] = [];
/** Every cookie string the tracker wrote, attributes and all. */
let written: string[] = [];
let visibility: DocumentVisibilityState = 'visible';
let tracker: Tracker | null = null;

const cookieJar = new Map<string, string>();

beforeEach(() => {
  pending.splice(0);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
  sent = [];
  written = [];
  visibility = 'visible';
  cookieJar.clear();
  // The cookie jar is the page's, with the attributes of each write kept to be read back.
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => [...cookieJar].map(([name, value]) => `${name}=${value}`).join('; '),
    set: (text: string) => {
      written.push(text);
      const [pair] = text.split('; ');
      const [name, value] = pair!.split('=') as [string, string];
      if (/Max-Age=0\b/.test(text)) cookieJar.delete(name);
      else cookieJar.set(name, value);
    },
  });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  Object.defineProperty(document, 'referrer', { configurable: true, value: '' });
  Object.defineProperty(navigator, 'webdriver', { configurable: true, value: false });
  // The beacons go as keepalive POSTs: what each was given is kept, answered 204 as the server does.
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    pending.push({ url, init });
    return Promise.resolve(new Response(null, { status: 204 }));
  });
  history.replaceState(null, '', '/');
});
afterEach(() => {
  tracker?.stop();
  tracker = null;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const pending: { url: string; init: RequestInit }[] = [];
/** What the beacons sent so far, in order; each must be a keepalive POST of JSON, which outlives the page. */
async function beacons() {
  for (const { url, init } of pending.splice(0)) {
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    const type = (init.headers as Record<string, string>)['content-type']!;
    sent.push({ beacon: url.replace('/api/track/', ''), body: JSON.parse(init.body as string) as Record<string, unknown>, type });
  }
  return sent;
}

const start = (path = '/', referrer = '') => {
  history.replaceState(null, '', path);
  Object.defineProperty(document, 'referrer', { configurable: true, value: referrer });
  tracker = startTracker({ webId: 7, customerId: () => null });
  return tracker;
};
const names = async () => (await beacons()).map((b) => b.beacon);
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('the tracker’s sessions', () => {
  it('starts a session when there is no session cookie, with a session beacon and a page view of §3.13’s shape', async () => {
    start('/kitchen');
    const [session, view] = await beacons();
    expect(session).toMatchObject({ beacon: 'add-session', type: 'application/json' });
    expect(Object.keys(session!.body).sort()).toEqual(
      ['SessionID', 'VisitorID', 'WebID', 'CustomerID', 'LandingUrl', 'Referrer', 'Timestamp'].sort(),
    );
    expect(session!.body).toMatchObject({ WebID: 7, CustomerID: null, LandingUrl: 'http://localhost:3000/kitchen', Referrer: '' });
    expect(view).toMatchObject({
      beacon: 'event',
      body: { SessionID: session!.body['SessionID'], EventType: 'page_view', Url: 'http://localhost:3000/kitchen', WebID: 7 },
    });
    expect(cookieJar.get('vt_sid')).toBe(session!.body['SessionID']);
    expect(cookieJar.get('vt_vid')).toBe(session!.body['VisitorID']);
  });

  it('keeps the session while its cookie lives, and starts another for a new external referrer or utm parameters', async () => {
    start('/');
    tracker!.stop();
    const first = (await beacons())[0]!.body['SessionID'];
    // A reload within 180 s: same session, a page view only.
    start('/');
    tracker!.stop();
    expect((await beacons()).slice(2).map((b) => b.beacon)).toEqual(['event']);
    expect(sent[2]!.body['SessionID']).toBe(first);
    // Arriving from another site starts a session; the same site again (its host kept 7 days) does not.
    start('/', 'https://news.example.org/story');
    tracker!.stop();
    start('/', 'https://news.example.org/other');
    tracker!.stop();
    // Nor does a link within the store.
    start('/', 'http://localhost:3000/kitchen');
    tracker!.stop();
    start('/?utm_source=mail&utm_campaign=winter&size=2');
    const all = await beacons();
    const sessions = all.filter((b) => b.beacon === 'add-session');
    expect(sessions).toHaveLength(3);
    expect(sessions[1]!.body).toMatchObject({ Referrer: 'https://news.example.org/story' });
    expect(sessions[2]!.body['utm']).toEqual({ utm_source: 'mail', utm_campaign: 'winter' });
    expect(new Set(sessions.map((s) => s.body['SessionID'])).size).toBe(3);
    // One visitor throughout.
    expect(new Set(sessions.map((s) => s.body['VisitorID'])).size).toBe(1);
  });

  it('reads the page’s cookies once to start a session, and a failed beacon is only logged', async () => {
    // Reading them just after a write waits on the browser; the session's start reads them before its writes.
    let reads = 0;
    const jar = Object.getOwnPropertyDescriptor(document, 'cookie')!;
    Object.defineProperty(document, 'cookie', { configurable: true, set: jar.set, get: () => (reads++, jar.get!.call(document)) });
    start('/', 'https://news.example.org/story');
    expect(await names()).toEqual(['add-session', 'event']);
    expect(reads).toBe(1);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    tracker!.routeChanged('/kitchen');
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('[tracking]', 'update-duration', expect.any(TypeError)));
    warn.mockRestore();
  });

  it('attaches the signed-in customer’s id', async () => {
    history.replaceState(null, '', '/');
    tracker = startTracker({ webId: 7, customerId: () => '42' });
    expect((await beacons())[0]!.body['CustomerID']).toBe(42);
  });

  it('writes its cookies with §9’s lifetimes, Path=/ and SameSite=Lax', async () => {
    start('/', 'https://news.example.org/');
    const attributes = (name: string) =>
      written
        .filter((text) => text.startsWith(`${name}=`))
        .at(-1)!
        .replace(/^[^;]+; /, '');
    expect(attributes('vt_sid')).toBe('Max-Age=180; Path=/; SameSite=Lax');
    expect(attributes('vt_vid')).toBe('Max-Age=31536000; Path=/; SameSite=Lax');
    expect(attributes('vt_ref')).toBe('Max-Age=604800; Path=/; SameSite=Lax');
  });

  it('counts the page the visit landed on when the app had moved on before the tracker started', async () => {
    // Landed on /?utm_source=mail, and followed a link in the app before the browser was first idle.
    history.replaceState(null, '', '/kitchen');
    tracker = startTracker({ webId: 7, customerId: () => null, landingUrl: 'http://localhost:3000/?utm_source=mail' });
    // The app tells the tracker where it is now, as it starts.
    tracker!.routeChanged('/kitchen');
    const all = await beacons();
    expect(all.map((b) => b.beacon)).toEqual(['add-session', 'event', 'update-duration', 'event']);
    expect(all[0]!.body).toMatchObject({ LandingUrl: 'http://localhost:3000/?utm_source=mail', utm: { utm_source: 'mail' } });
    expect(all[1]!.body['Url']).toBe('http://localhost:3000/?utm_source=mail');
    expect(all[3]!.body['Url']).toBe('http://localhost:3000/kitchen');
  });

  it('sends nothing for a webdriver client, and nothing on the untracked routes', async () => {
    Object.defineProperty(navigator, 'webdriver', { configurable: true, value: true });
    expect(start('/kitchen')).toBeNull();
    expect(await beacons()).toEqual([]);
    Object.defineProperty(navigator, 'webdriver', { configurable: true, value: false });
    start('/account');
    tracker!.routeChanged('/wishlist');
    tracker!.routeChanged('/orderdetail/5');
    expect(await beacons()).toEqual([]);
    expect(cookieJar.has('vt_sid')).toBe(false);
    // The first tracked page starts the visit.
    tracker!.routeChanged('/kitchen');
    expect(await names()).toEqual(['add-session', 'event']);
  });
});

describe('the tracker’s durations', () => {
  it('counts only visible time, and reports it when the tab is hidden and when the page is left', async () => {
    start('/kitchen');
    vi.advanceTimersByTime(4_000);
    setVisibility('hidden');
    vi.advanceTimersByTime(60_000); // hidden: not counted
    setVisibility('visible');
    vi.advanceTimersByTime(2_500);
    window.dispatchEvent(new Event('pagehide'));
    const durations = (await beacons()).filter((b) => b.beacon === 'update-duration');
    expect(durations.map((d) => d.body['Duration'])).toEqual(['4000', '6500']);
    expect(Object.keys(durations[0]!.body).sort()).toEqual(['Duration', 'EventID', 'SessionID', 'WebID']);
    expect(durations[0]!.body['EventID']).toBe(sent[1]!.body['EventID']);
  });

  it('on a route change sends the page’s duration, then a new page view; the same address again is not a new view', async () => {
    start('/kitchen');
    vi.advanceTimersByTime(3_000);
    tracker!.routeChanged('/kitchen/cookware');
    tracker!.routeChanged('/kitchen/cookware');
    vi.advanceTimersByTime(1_000);
    tracker!.routeChanged('/cast-iron-skillet');
    const all = await beacons();
    expect(all.map((b) => b.beacon)).toEqual(['add-session', 'event', 'update-duration', 'event', 'update-duration', 'event']);
    expect(all[2]!.body).toMatchObject({ EventID: all[1]!.body['EventID'], Duration: '3000' });
    expect(all[3]!.body['Url']).toBe('http://localhost:3000/kitchen/cookware');
    expect(all[4]!.body).toMatchObject({ EventID: all[3]!.body['EventID'], Duration: '1000' });
  });

  it('starts a new session when the tab comes back after the session cookie lapsed', async () => {
    start('/kitchen');
    setVisibility('hidden');
    cookieJar.delete('vt_sid'); // 180 s passed
    setVisibility('visible');
    const all = await beacons();
    expect(all.map((b) => b.beacon)).toEqual(['add-session', 'event', 'update-duration', 'add-session', 'event']);
    expect(all[3]!.body['SessionID']).not.toBe(all[0]!.body['SessionID']);
  });
});
