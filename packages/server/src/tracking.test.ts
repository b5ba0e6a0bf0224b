import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { GeoipLocator, UNKNOWN_IP, continentOfCountry, deviceOf, geoLocationOf } from './infra/geo.ts';
import type { TrackingIntake } from './shop/tracking.ts';
import { backends, startOnBackend, type BackendServer } from './test-support.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** An address geoip-lite's installed data places in England (the town moves between database releases). */
const BRITISH_IP = '81.2.69.142';
/**
 * §7's reverse-geocode result for it from the installed data: England's ISO 3166-2 code but no name for it, and no
 * locality finer than the city, are null.
 */
const britishPlace = {
  city: expect.stringMatching(/\S/),
  principalSubdivision: null,
  principalSubdivisionCode: 'GB-ENG',
  countryName: 'United Kingdom',
  countryCode: 'GB',
  continent: 'Europe',
  latitude: expect.any(Number),
  longitude: expect.any(Number),
  locality: null,
};
/** Beacons one client may send per 10 s in these tests. */
const PER_CLIENT = 40;

let counter = 0;
/** A fresh id for a session, visitor or event, as a browser makes them. */
const id = (kind: string) => `${kind}-${(counter += 1).toString().padStart(6, '0')}-${Math.random().toString(36).slice(2, 8)}`;

describe.each(backends)('visitor tracking on $name', ({ create }) => {
  let started: BackendServer;
  let intake: TrackingIntake;
  let nextIp = 1;
  /** Each test calls from addresses of its own, so the per-client limit of one never reaches another. */
  const freshIp = () => `10.77.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

  /** The tracking token a page of `host` hands out (issue 33), as its cookie: a session beacon without one is dropped. */
  const pageTokens = new Map<string, Promise<string>>();
  const pageToken = (host: string) => {
    let token = pageTokens.get(host);
    if (!token) {
      token = started.server.call('/', { host }).then((page) => {
        const cookie = page.headers.getSetCookie().find((c) => c.startsWith('vt_tt='));
        if (!cookie) throw new Error(`no tracking token from ${host}`);
        return cookie.split(';')[0]!;
      });
      pageTokens.set(host, token);
    }
    return token;
  };
  const beacon = async (
    path: string,
    body: unknown,
    init: { host?: string; ua?: string; ip?: string; rawBody?: string; type?: string; cookie?: string } = {},
  ) =>
    started.server.call(`/api/track/${path}`, {
      method: 'POST',
      host: init.host ?? 'localhost',
      ip: init.ip ?? freshIp(),
      ...(init.rawBody !== undefined ? { rawBody: init.rawBody } : { body }),
      headers: {
        'user-agent': init.ua ?? CHROME,
        origin: `http://${init.host ?? 'localhost'}`,
        ...(init.type ? { 'content-type': init.type } : {}),
        cookie: [await pageToken(init.host ?? 'localhost'), ...(init.cookie ? [init.cookie] : [])].join('; '),
      },
    });
  const session = (overrides: Record<string, unknown> = {}) => ({
    SessionID: id('s'),
    VisitorID: id('v'),
    WebID: started.harborId,
    CustomerID: null,
    LandingUrl: 'http://localhost/kitchen?utm_source=news',
    Referrer: 'https://www.example.org/some/post',
    Timestamp: new Date().toISOString(),
    utm: { utm_source: 'news' },
    ...overrides,
  });
  const event = (sessionId: string, overrides: Record<string, unknown> = {}) => ({
    SessionID: sessionId,
    EventID: id('e'),
    EventType: 'page_view',
    Url: 'http://localhost/kitchen',
    WebID: started.harborId,
    Timestamp: Date.now(),
    ...overrides,
  });
  const sessionsOf = (sessionId: string) =>
    started.server.db.selectFrom('tracking_sessions').selectAll().where('session_id', '=', sessionId).orderBy('web_id').execute();
  const eventsOf = (eventId: string) =>
    started.server.db.selectFrom('tracking_events').selectAll().where('event_id', '=', eventId).orderBy('web_id').execute();

  beforeAll(async () => {
    started = await startOnBackend(create, {
      // Nothing is written until a test flushes (or the server closes): what a test reads is what it flushed.
      app: {
        tracking: { intake: { flushEveryMs: 3_600_000, batchSize: 100_000 }, perClientPer10s: PER_CLIENT, onIntake: (i) => (intake = i) },
      },
    });
  });
  afterAll(() => started?.stop());

  it('accepts the three beacons at once (202) and writes the §3.13 records with what the server resolved', async () => {
    const visit = session();
    const view = event(visit.SessionID);
    const ip = BRITISH_IP;
    const added = await beacon('add-session', visit, { ip });
    expect(added.status).toBe(202);
    expect(await added.json()).toEqual({ data: { accepted: true } });
    // The address and place are kept an hour in cookies the page cannot read (§9).
    const cookies = added.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('vt_ip='))).toMatch(/^vt_ip=81\.2\.69\.142; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(cookies.find((c) => c.startsWith('vt_geo='))).toMatch(/Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/);
    // vt_geo holds §7's reverse-geocode result under its names, with what the local data does not know as null.
    const place = JSON.parse(
      decodeURIComponent(
        cookies
          .find((c) => c.startsWith('vt_geo='))!
          .split(';')[0]!
          .slice('vt_geo='.length),
      ),
    );
    expect(place).toEqual(britishPlace);
    expect((await beacon('event', view, { ip })).status).toBe(202);
    expect((await beacon('update-duration', { ...view, Duration: '4250' }, { ip })).status).toBe(202);
    // Accepted is not yet written: the rows come with the batch.
    expect(await sessionsOf(visit.SessionID)).toEqual([]);
    await intake.flush();

    const [row] = await sessionsOf(visit.SessionID);
    expect(row).toMatchObject({
      web_id: started.harborId,
      visitor_id: visit.VisitorID,
      customer_id: null,
      landing_url: '/kitchen?utm_source=news',
      referrer: 'https://www.example.org/some/post',
      referrer_host: 'www.example.org',
      ip_address: BRITISH_IP,
      country: 'GB',
      browser: 'Chrome',
      os: 'Windows',
      device: 'Desktop',
      utm: { utm_source: 'news' },
    });
    expect(row!.geo).toEqual({
      CountryCode: 'GB',
      Country: 'United Kingdom',
      Continent: 'Europe',
      City: place.city,
      State: 'GB-ENG',
      Latitude: place.latitude,
      Longitude: place.longitude,
      // A locality the data does not know is left empty, not filled with the city.
      Locality: '',
    });
    expect(await eventsOf(view.EventID)).toEqual([
      expect.objectContaining({
        web_id: started.harborId,
        session_id: visit.SessionID,
        event_type: 'page_view',
        url: '/kitchen',
        duration_ms: 4250,
      }),
    ]);
  });

  it('credits a session to no customer on the browser’s word, and refuses another store’s customer (404)', async () => {
    const harbor = await started.server.db
      .selectFrom('customers')
      .select('customer_id')
      .where('web_id', '=', started.harborId)
      .executeTakeFirstOrThrow();
    const nord = await started.server.db
      .selectFrom('customers')
      .select('customer_id')
      .where('web_id', '=', started.atelierId)
      .executeTakeFirstOrThrow();
    const claimed = session({ CustomerID: harbor.customer_id });
    expect((await beacon('add-session', claimed)).status).toBe(202);
    const stranger = await beacon('add-session', session({ CustomerID: nord.customer_id }));
    expect(stranger.status).toBe(404);
    expect(((await stranger.json()) as { error: { field: string } }).error.field).toBe('CustomerID');
    await intake.flush();
    // Signed-in customers are credited from their session cookie: see tracking-sessions.test.ts.
    expect((await sessionsOf(claimed.SessionID))[0]).toMatchObject({ customer_id: null });
  });

  it('refuses a malformed beacon with 400 naming the field, and a text/plain one with 415', async () => {
    const visit = session();
    const view = event(visit.SessionID);
    const duration = { SessionID: visit.SessionID, EventID: view.EventID, WebID: started.harborId, Duration: '100' };
    const cases: [string, Record<string, unknown>, string][] = [
      ...['SessionID', 'VisitorID', 'WebID', 'LandingUrl', 'Timestamp'].map(
        (field) => ['add-session', { ...visit, [field]: undefined }, field] as [string, Record<string, unknown>, string],
      ),
      ['add-session', { ...visit, SessionID: 'x' }, 'SessionID'],
      ['add-session', { ...visit, SessionID: 'has spaces in it' }, 'SessionID'],
      ['add-session', { ...visit, Timestamp: 'yesterday' }, 'Timestamp'],
      ['add-session', { ...visit, utm: { source: 'news' } }, 'utm.source'],
      ['add-session', { ...visit, CustomerID: -1 }, 'CustomerID'],
      ...['SessionID', 'EventID', 'EventType', 'Url', 'WebID', 'Timestamp'].map(
        (field) => ['event', { ...view, [field]: undefined }, field] as [string, Record<string, unknown>, string],
      ),
      ['event', { ...view, EventType: 'click' }, 'EventType'],
      ...['SessionID', 'EventID', 'WebID', 'Duration'].map(
        (field) => ['update-duration', { ...duration, [field]: undefined }, field] as [string, Record<string, unknown>, string],
      ),
      ['update-duration', { ...duration, Duration: '-5' }, 'Duration'],
      ['update-duration', { ...duration, Duration: 'soon' }, 'Duration'],
      ['update-duration', { ...duration, Duration: 120 }, 'Duration'],
    ];
    for (const [path, body, field] of cases) {
      const answer = await beacon(path, JSON.parse(JSON.stringify(body)));
      expect(answer.status, `${path} without a good ${field}`).toBe(400);
      expect(((await answer.json()) as { error: { field: string } }).error.field, `${path}: ${JSON.stringify(body)}`).toBe(field);
    }
    // sendBeacon with a string sends text/plain; the tracker sends a Blob of type application/json.
    const plain = await beacon('event', undefined, { rawBody: JSON.stringify(view), type: 'text/plain;charset=UTF-8' });
    expect(plain.status).toBe(415);
    await intake.flush();
    expect(await sessionsOf(visit.SessionID)).toEqual([]);
  });

  it('keeps bots and the untracked routes out, answering them the same 202', async () => {
    const bot = session();
    expect((await beacon('add-session', bot, { ua: GOOGLEBOT })).status).toBe(202);
    const botView = event(bot.SessionID);
    expect((await beacon('event', botView, { ua: GOOGLEBOT })).status).toBe(202);
    // The user-agent is read up to 500 characters (§9): a bot named past them is not seen.
    const long = session();
    expect((await beacon('add-session', long, { ua: `${CHROME} ${'x'.repeat(500)} Googlebot/2.1` })).status).toBe(202);
    const people = session();
    await beacon('add-session', people);
    const excluded = [
      '/editor',
      '/editor/pages',
      '/account',
      '/changepassword',
      '/orderlist',
      '/wishlist',
      '/orderdetail/12',
      '/forgotpassword',
    ];
    const views = excluded.map((path) => event(people.SessionID, { Url: `http://localhost${path}` }));
    for (const view of views) expect((await beacon('event', view)).status).toBe(202);
    const landedOnAccount = session({ LandingUrl: 'http://localhost/account?x=1' });
    await beacon('add-session', landedOnAccount);
    // A page whose name only begins like an untracked one is tracked.
    const kept = event(people.SessionID, { Url: '/accountants-desk' });
    await beacon('event', kept);
    await intake.flush();
    expect(await sessionsOf(bot.SessionID)).toEqual([]);
    expect(await eventsOf(botView.EventID)).toEqual([]);
    expect(await sessionsOf(long.SessionID)).toHaveLength(1);
    expect(await sessionsOf(landedOnAccount.SessionID)).toEqual([]);
    for (const view of views) expect(await eventsOf(view.EventID), view.Url).toEqual([]);
    expect(await eventsOf(kept.EventID)).toHaveLength(1);
  });

  it('keeps a page’s longest reported duration, never negative, at most a day, before and after the page view is written', async () => {
    const visit = session();
    const view = event(visit.SessionID);
    const ip = freshIp();
    await beacon('add-session', visit, { ip });
    await beacon('event', view, { ip });
    const report = (ms: string) =>
      beacon('update-duration', { SessionID: visit.SessionID, EventID: view.EventID, WebID: started.harborId, Duration: ms }, { ip });
    await report('3000');
    await report('1200'); // a late beacon of an earlier moment
    await intake.flush();
    expect((await eventsOf(view.EventID))[0]!.duration_ms).toBe(3000);
    await report('9000');
    await report('5000');
    await intake.flush();
    expect((await eventsOf(view.EventID))[0]!.duration_ms).toBe(9000);
    await report('900000000000');
    await intake.flush();
    expect((await eventsOf(view.EventID))[0]!.duration_ms).toBe(24 * 60 * 60 * 1000);
    // A duration naming the event with another session changes nothing.
    await beacon('update-duration', { SessionID: id('s'), EventID: view.EventID, WebID: started.harborId, Duration: '99999999' }, { ip });
    await intake.flush();
    expect((await eventsOf(view.EventID))[0]!.duration_ms).toBe(24 * 60 * 60 * 1000);
  });

  it('keeps each store to its own rows: another store cannot write into or update a session or event of this one', async () => {
    const visit = session();
    const view = event(visit.SessionID);
    await beacon('add-session', visit);
    await beacon('event', view);
    await beacon('update-duration', { ...view, Duration: '2000' });
    await intake.flush();
    // Atelier Nord's page sends the same ids, and names Harbor's store in the body: the request's Host decides.
    const nord = 'second.localhost';
    expect((await beacon('add-session', { ...visit, VisitorID: id('v'), LandingUrl: '/nord' }, { host: nord })).status).toBe(202);
    expect((await beacon('event', { ...view, Url: '/nord' }, { host: nord })).status).toBe(202);
    expect((await beacon('update-duration', { ...view, Duration: '777777' }, { host: nord })).status).toBe(202);
    await intake.flush();
    const sessions = await sessionsOf(visit.SessionID);
    expect(sessions.map((s) => [s.web_id, s.landing_url, s.visitor_id])).toEqual(
      [
        [started.harborId, '/kitchen?utm_source=news', visit.VisitorID],
        [started.atelierId, '/nord', sessions.find((s) => s.web_id === started.atelierId)?.visitor_id],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const events = await eventsOf(view.EventID);
    expect(events.map((e) => [e.web_id, e.url, e.duration_ms]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      [
        [started.harborId, '/kitchen', 2000],
        [started.atelierId, '/nord', 777777],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    // A duration for an event only Harbor has, sent to Atelier Nord, reaches nothing.
    const harborOnly = event(visit.SessionID);
    await beacon('event', harborOnly);
    await intake.flush();
    await beacon('update-duration', { ...harborOnly, Duration: '5555' }, { host: nord });
    await intake.flush();
    expect((await eventsOf(harborOnly.EventID)).map((e) => [e.web_id, e.duration_ms])).toEqual([[started.harborId, 0]]);
  });

  it('does not let one client flood the queue (429 past its limit), while other clients go on', async () => {
    const ip = freshIp();
    const visit = session();
    const statuses: number[] = [];
    for (let i = 0; i <= PER_CLIENT; i += 1) statuses.push((await beacon('event', event(visit.SessionID), { ip })).status);
    expect(statuses.slice(0, PER_CLIENT).every((status) => status === 202)).toBe(true);
    expect(statuses[PER_CLIENT]).toBe(429);
    expect((await beacon('event', event(visit.SessionID))).status).toBe(202);
  });

  // Last: it closes the server's app.
  it('writes in batches, and loses nothing it acknowledged when the server closes', async () => {
    const before = await started.server.db
      .selectFrom('tracking_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const visit = session();
    await beacon('add-session', visit);
    const views = Array.from({ length: 30 }, () => event(visit.SessionID));
    let ip = freshIp();
    for (const [i, view] of views.entries()) {
      if (i % 10 === 0) ip = freshIp();
      expect((await beacon('event', view, { ip })).status).toBe(202);
      if (i % 3 === 0) await beacon('update-duration', { ...view, Duration: String(1000 + i) }, { ip });
    }
    // All acknowledged, none written yet.
    const waiting = await started.server.db
      .selectFrom('tracking_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(waiting.n).toBe(before.n);
    await started.server.app.close();
    const after = await started.server.db
      .selectFrom('tracking_events')
      .select(['event_id', 'duration_ms'])
      .where('session_id', '=', visit.SessionID)
      .execute();
    expect(after).toHaveLength(30);
    expect(after.filter((row) => row.duration_ms > 0)).toHaveLength(10);
    expect(await sessionsOf(visit.SessionID)).toHaveLength(1);
  });
});

describe('where a visitor is and what they browse with', () => {
  it('places an address with the installed database under §7’s names, null where the data does not know, empty when it cannot', async () => {
    const locator = new GeoipLocator();
    const british = await locator.locate(BRITISH_IP);
    expect(british).toEqual({
      ip: BRITISH_IP,
      place: britishPlace,
    });
    // An address placed in a country alone: no city, and not the country's middle passed off as where it is.
    expect(await locator.locate('8.8.8.8')).toEqual({
      ip: '8.8.8.8',
      place: {
        city: null,
        principalSubdivision: null,
        principalSubdivisionCode: null,
        countryName: 'United States',
        countryCode: 'US',
        continent: 'North America',
        latitude: null,
        longitude: null,
        locality: null,
      },
    });
    // A private address has no place; no address at all is "Unknown" (§8).
    expect(await locator.locate('10.1.2.3')).toEqual({ ip: '10.1.2.3', place: null });
    expect(await locator.locate(undefined)).toEqual({ ip: UNKNOWN_IP, place: null });
    // A database that cannot be read is a warning, not a failure.
    const broken = new GeoipLocator(() => {
      throw new Error('no data');
    });
    expect(await broken.locate(BRITISH_IP)).toEqual({ ip: BRITISH_IP, place: null });
    expect(continentOfCountry('br')).toBe('South America');
    expect(continentOfCountry('ZZ')).toBe('');
  });

  it('records §3.13’s GeoLocation from the place: empty text where it says null, the subdivision’s code without its name', () => {
    const place = {
      city: 'Plymouth',
      principalSubdivision: null,
      principalSubdivisionCode: 'GB-ENG',
      countryName: 'United Kingdom',
      countryCode: 'GB',
      continent: 'Europe',
      latitude: 50.36,
      longitude: -4.14,
      locality: null,
    };
    expect(geoLocationOf(place)).toEqual({
      City: 'Plymouth',
      State: 'GB-ENG',
      Country: 'United Kingdom',
      CountryCode: 'GB',
      Continent: 'Europe',
      Latitude: 50.36,
      Longitude: -4.14,
      Locality: '',
    });
    expect(geoLocationOf({ ...place, principalSubdivision: 'England', continent: null })).toMatchObject({
      State: 'England',
      Continent: '',
    });
  });

  it('tells browser, OS and device from the user-agent', () => {
    expect(deviceOf(CHROME)).toEqual({ Browser: 'Chrome', OS: 'Windows', Device: 'Desktop' });
    expect(deviceOf(IPHONE)).toEqual({ Browser: 'Mobile Safari', OS: 'iOS', Device: 'Mobile' });
    expect(deviceOf('')).toEqual({ Browser: '', OS: '', Device: 'Desktop' });
  });
});
