import { MAX_PAGE_DURATION_MS, TRACKING_COOKIES, isUntrackedPath } from '@vitrine/commerce/tracking-rules';

/**
 * The visitor tracker (§3.13, §4, §9): first-party, its own small chunk, started when the browser is first idle. It
 * reports sessions, page views and the time spent on each page to the store's own server by beacon: a `keepalive`
 * POST, which outlives the page as `sendBeacon` does and holds the page's main thread less (2 ms here, against 3–9 ms
 * for each `sendBeacon`). Nothing it does may break the page: every failure is only logged (§8).
 *
 * Rules: a session starts when there is no session cookie, when a new external referrer appears, or when the address
 * carries utm parameters; the session cookie slides 180 s on activity. Only the time a page is visible counts; leaving
 * the page (hidden, closed) or a route change sends the page's duration so far, so the last page of a visit gets its
 * real duration. Webdriver clients and the untracked routes (§9) send nothing; the development server and the
 * studio's preview never load the tracker.
 */

export interface TrackerOptions {
  webId: number;
  /** The signed-in customer's id, or null for a guest (§6). */
  customerId: () => string | number | null;
  /**
   * The address the visit landed on, read as the page loaded: the tracker starts when the browser is first idle, and
   * the app may have moved to another address by then (it tells that page as a route change).
   */
  landingUrl?: string;
  /** The page's window (a test's jsdom). */
  win?: Window & typeof globalThis;
}

export interface Tracker {
  /** The page's path changed without a reload (the app's router). */
  routeChanged(path: string): void;
  stop(): void;
}

type Beacon = 'add-session' | 'event' | 'update-duration';

/** Activity renews the session cookie at most this often. */
const RENEW_EVERY_MS = 15_000;

/** Starts tracking this page, or does nothing (null) for a webdriver client. */
export function startTracker({ webId, customerId, landingUrl, win = window }: TrackerOptions): Tracker | null {
  const { document: doc, location, navigator: nav } = win;
  const landed = new URL(landingUrl ?? location.href);
  if (nav.webdriver) return null;
  const cookies = TRACKING_COOKIES;
  const now = () => Date.now();

  /**
   * The page's cookies as they are now: read once where several are needed, since reading them just after writing one
   * can wait on the browser (up to 6.5 ms here).
   */
  const readCookies = (): ((name: string) => string | null) => {
    const parts = doc.cookie.split('; ');
    return (name) => {
      const found = parts.find((part) => part.startsWith(`${name}=`));
      return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
    };
  };
  const readCookie = (name: string): string | null => readCookies()(name);
  const writeCookie = ({ name, maxAge }: { name: string; maxAge: number }, value: string) => {
    doc.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  };
  const newId = () => {
    const bytes = win.crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  };
  // As JSON: the API refuses anything else (415). Like sendBeacon, it is not told the server's answer.
  const send = (beacon: Beacon, body: Record<string, unknown>) =>
    win
      .fetch(`/api/track/${beacon}`, {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      .catch((error: unknown) => console.warn('[tracking]', beacon, error));
  const timestamp = () => new Date().toISOString();

  let sessionId = '';
  let currentPath = `${landed.pathname}${landed.search}`;
  let lastRenewal = 0;
  /** The page being viewed ('' for none or an untracked one): its event, and its visible time counted so far. */
  let eventId = '';
  let counted = 0;
  /** When the page last became visible; null while hidden. */
  let visibleSince: number | null = null;

  const renewSession = () => {
    writeCookie(cookies.session, sessionId);
    lastRenewal = now();
  };

  /**
   * Starts a session (add-session) unless the cookie's one goes on; `landing`, the address a visit landed on, decides
   * from it and the referrer (null: a session that lapsed, with neither).
   */
  const beginSession = (landing: URL | null) => {
    const cookie = readCookies();
    const visitorId = cookie(cookies.visitor.name) ?? newId();
    writeCookie(cookies.visitor, visitorId);
    let referrerHost = '';
    try {
      referrerHost = landing && doc.referrer ? new URL(doc.referrer).hostname : '';
    } catch {
      // An unreadable referrer is no referrer.
    }
    if (referrerHost === location.hostname) referrerHost = '';
    const utm: Record<string, string> = {};
    landing?.searchParams.forEach((value, key) => key.startsWith('utm_') && (utm[key] = value));
    const current = cookie(cookies.session.name);
    const newReferrer = referrerHost !== '' && referrerHost !== cookie(cookies.referrerHost.name);
    const hasUtm = Object.keys(utm).length > 0;
    if (referrerHost) writeCookie(cookies.referrerHost, referrerHost);
    if (current && !newReferrer && !hasUtm) {
      sessionId = current;
    } else {
      sessionId = newId();
      const customer = Number(customerId() ?? 0) || null;
      send('add-session', {
        SessionID: sessionId,
        VisitorID: visitorId,
        WebID: webId,
        CustomerID: customer,
        LandingUrl: (landing ?? location).href,
        Referrer: landing ? doc.referrer : '',
        Timestamp: timestamp(),
        ...(hasUtm ? { utm } : {}),
      });
    }
    renewSession();
  };

  /** Sends the current page's visible time so far; the server keeps the largest. */
  const reportDuration = () => {
    if (!eventId) return;
    const ms = Math.min(counted + (visibleSince === null ? 0 : now() - visibleSince), MAX_PAGE_DURATION_MS);
    send('update-duration', { SessionID: sessionId, EventID: eventId, WebID: webId, Duration: String(ms) });
  };

  const viewPage = (path: string) => {
    eventId = newId();
    counted = 0;
    visibleSince = doc.visibilityState === 'visible' ? now() : null;
    send('event', {
      SessionID: sessionId,
      EventID: eventId,
      EventType: 'page_view',
      Url: new URL(path, location.href).href,
      WebID: webId,
      Timestamp: timestamp(),
    });
  };

  /** A session that lapsed while the tab sat unused starts again, without the landing page's referrer or utm. */
  const ensureSession = () => {
    if (readCookie(cookies.session.name) !== sessionId) beginSession(null);
    else renewSession();
  };

  const onVisibility = () => {
    if (!eventId) return;
    if (doc.visibilityState === 'hidden') {
      if (visibleSince !== null) counted += now() - visibleSince;
      visibleSince = null;
      reportDuration();
    } else if (visibleSince === null) {
      visibleSince = now();
      if (readCookie(cookies.session.name) !== sessionId) {
        beginSession(null);
        viewPage(currentPath);
      } else renewSession();
    }
  };
  const onPageHide = () => reportDuration();
  const onActivity = () => {
    if (sessionId && now() - lastRenewal >= RENEW_EVERY_MS) ensureSession();
  };

  // A visit that lands on an untracked page starts its session at the first tracked one.
  if (!isUntrackedPath(currentPath)) {
    beginSession(landed);
    viewPage(currentPath);
  }
  doc.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('pagehide', onPageHide);
  for (const type of ['pointerdown', 'keydown', 'scroll']) win.addEventListener(type, onActivity, { passive: true });

  const routeChanged = (next: string) => {
    if (next === currentPath) return;
    currentPath = next;
    reportDuration();
    if (isUntrackedPath(next)) {
      eventId = '';
      return;
    }
    if (sessionId) ensureSession();
    else beginSession(new URL(next, location.href));
    viewPage(next);
  };

  return {
    routeChanged,
    stop() {
      doc.removeEventListener('visibilitychange', onVisibility);
      win.removeEventListener('pagehide', onPageHide);
      for (const type of ['pointerdown', 'keydown', 'scroll']) win.removeEventListener(type, onActivity);
    },
  };
}
