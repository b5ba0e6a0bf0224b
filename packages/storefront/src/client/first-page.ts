/// <reference types="vite/client" />
import { APP_CODE_BASE, loaderDataOf, readServerData } from '../server-data.ts';
import type { Tracker } from '../tracking/tracker.ts';
import { FIRST_TOUCH_EVENTS, appStartOf, holdActions } from './app-start.ts';
import { keepTrackingCode, reloadOnce, rememberViewport } from './app-behaviour.ts';
import { browserStorage } from './kept-state.ts';
import { installRipple } from '../ui/ripple.ts';
import { marketingOf } from '../marketing/configured.ts';
import { connectMarketing } from '../marketing/emitter.ts';
// The app's styles: the server writes the part each page uses into it (page-css.server.ts); the app links the whole.
import '../app.css';
import '../marketing/consent-banner.css';
// A theme's own section styles, after the store's (none unless the build names a theme).
import '@vitrine/sections/theme.css';

/**
 * The shopper app's entry: what a page the server drew runs at load, a few kilobytes. It keeps the visit's cookies
 * (§9: the tracking code, the viewport), starts the visitor tracker, and starts the app (`app.tsx`) when `appStartOf`
 * says: at once, or at the shopper's first touch, holding what they did until it has started.
 */

/** What the server left in the page it drew: its build, theme and store, and its routes' data. */
const serverData = readServerData(document);
const boot = serverData?.boot ?? { buildId: 'unknown', themeId: 0, webId: 0 };
// The studio's preview frame runs the site in builder mode (§3.1 is_builder, §6): it keeps no visitor state and
// tracks nothing.
const builder = window.location.pathname.startsWith('/preview');
/** The address the visit landed on: the tracker starts later, when the app may have moved on (it tells the tracker). */
const landingUrl = window.location.href;

/**
 * Resolves in a task of its own once the browser is idle, or after `timeout` ms at the latest: work the first paint
 * does not need stays out of the page's loading tasks, where a phone counts it as blocking (issue 18, TBT).
 */
const whenIdle = (timeout: number) =>
  new Promise<void>((resolve) =>
    'requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout }) : setTimeout(resolve, 0),
  );

/** Resolves once the page has loaded, its pictures and fonts with it: nothing a store adds competes with those. */
const whenLoaded = () =>
  new Promise<void>((resolve) =>
    document.readyState === 'complete' ? resolve() : window.addEventListener('load', () => resolve(), { once: true }),
  );

if (!builder) {
  keepTrackingCode();
  rememberViewport();
  window.addEventListener('resize', () => rememberViewport(), { passive: true });
}
// §4: a store without marketing scripts, and the studio's preview, inject nothing, and the console says so. A store
// with them gets its marketing runtime once the page has loaded, when the browser is first idle (within a second of
// it), apart from the app: a page only read is reported as one used. Events told before it is there wait for it (marketing/emitter.ts).
const marketing = marketingOf(serverData);
if (!marketing || builder) {
  connectMarketing(false);
  console.info(`Vitrine: no marketing scripts ${marketing ? 'in builder mode' : 'configured for this store'}; nothing injected`);
} else {
  const routeData = Object.values(loaderDataOf(serverData) ?? {});
  Promise.all([import('../marketing/runtime.client.ts'), whenLoaded().then(() => whenIdle(1000))])
    .then(([{ startMarketing }]) => startMarketing({ site: marketing, store: boot.store, routeData }))
    .catch((error: unknown) => {
      console.error('Vitrine: marketing did not start', error);
      connectMarketing(false);
    });
}

// §9's ripple answers a press from the first one, the app or not.
installRipple();
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadOnce(window.location.pathname);
});

/** The signed-in customer, once the app knows; a guest until then (a customer's page starts the app at once). */
let customerId: () => string | number | null = () => null;

// Visitor tracking (§4): its own small chunk, from the first page on, whether or not the app ever starts; started
// when the browser is first idle, within a second. Not in the development server (§9) nor the studio's preview (§6).
// A chunk that fails to load is only logged (§8).
const tracker: Promise<Tracker | null> =
  builder || import.meta.env.DEV
    ? Promise.resolve(null)
    : Promise.all([import('../tracking/tracker.ts'), whenIdle(1000)])
        .then(([{ startTracker }]) => startTracker({ webId: boot.webId, customerId: () => customerId(), landingUrl }))
        .catch((error: unknown) => {
          console.warn('[tracking]', error);
          return null;
        });

let started: Promise<void> | null = null;
function startApp(held?: ReturnType<typeof holdActions>) {
  // Marks for the browser's performance timeline: how long the app took to load and to take the page over.
  if (!started) performance.mark('vitrine:app-start');
  started ??= import('../app.tsx')
    .then(({ startApp }) => {
      performance.mark('vitrine:app-loaded');
      return startApp({ serverData, builder, tracker, answering: () => held?.replayClick() });
    })
    .then(
      (app) => {
        performance.mark('vitrine:app-ready');
        customerId = app.customerId;
        held?.release({ replay: true });
        // Marks the page as answered by the app, with what the shopper did meanwhile handed to it.
        document.documentElement.dataset['vtApp'] = 'started';
      },
      (error: unknown) => {
        console.error('Vitrine: the page’s app did not start; links and the page still work', error);
        held?.release({ replay: false });
      },
    );
  return started;
}

/** Adds a `<link>` to the page's head, and resolves once what it names has loaded (or failed). */
const linked = (rel: string, href: string) =>
  new Promise<void>((resolve) => {
    const link = Object.assign(document.createElement('link'), { rel, href });
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => resolve());
    document.head.append(link);
  });

/**
 * Fetches the files the app needs to take this page over, named by the server (`boot.appCode`), and its whole
 * stylesheets: the first tap then starts the app rather than waits for it (issue 33). The files download together;
 * each is then compiled (off the main thread: they carry V8's compile hint, scripts/page-code.ts), and then run (its
 * modules' own code: building their schemas, defining components; the app itself starts at the first touch), in a
 * task of its own when the browser is idle, so no long task holds a shopper's input meanwhile. The server lists each
 * file after those it imports, so running one runs only its own code.
 */
async function fetchAppCode(name: string) {
  // The whole stylesheets the app links as it starts, fetched into the cache, not applied.
  for (const href of [...(boot.stylesheets ?? []), ...(boot.themeStylesheet ? [boot.themeStylesheet] : [])]) {
    void linked('prefetch', href);
  }
  const answer = await fetch(`${APP_CODE_BASE}${boot.buildId}/${name}`);
  if (!answer.ok) return;
  const code = (await answer.json()) as string[];
  const files = code.filter((href) => !document.querySelector(`link[href="${CSS.escape(href)}"], script[src="${CSS.escape(href)}"]`));
  await Promise.all(files.map((href) => linked('prefetch', href)));
  for (const href of files) {
    if (started) return;
    await whenIdle(1000);
    await linked('modulepreload', href);
  }
  for (const href of code) {
    if (started) return;
    await whenIdle(1000);
    await import(/* @vite-ignore */ href);
  }
}

const start = appStartOf(window.location.pathname, serverData, browserStorage());
if (start.at === 'once') void startApp();
else {
  // Once the page and its pictures have loaded and the browser is idle: the app's code never competes with them.
  const appCode = serverData?.boot.appCode;
  if (appCode) {
    void whenLoaded()
      .then(() => whenIdle(2000))
      .then(() => (started ? undefined : fetchAppCode(appCode)))
      .catch((error: unknown) => console.warn('Vitrine: could not fetch the app’s code ahead', error));
  }
  const held = holdActions();
  const onFirstTouch = () => {
    for (const type of FIRST_TOUCH_EVENTS) window.removeEventListener(type, onFirstTouch, true);
    void startApp(held);
  };
  for (const type of FIRST_TOUCH_EVENTS) window.addEventListener(type, onFirstTouch, { capture: true, passive: true });
  // What draws only once the app runs (a product's reviews) starts it when it comes into view.
  const waiting = document.querySelectorAll('[data-vt-starts-app]');
  if (waiting.length > 0 && 'IntersectionObserver' in window) {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      onFirstTouch();
    });
    waiting.forEach((element) => observer.observe(element));
  }
}
