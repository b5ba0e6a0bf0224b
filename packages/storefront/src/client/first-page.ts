import { readServerData } from '../server-data.ts';
import { preloadView } from '../views.ts';

/** What the server left in the page it drew: its build, theme and store, and its routes' data. */
export const serverData = readServerData(document);

/**
 * The code the server's page draws (its page and its sections, named by the route data in the page), fetched now.
 * The entry imports this module first, so the fetch starts before the rest of the app's modules run, rather than a
 * round trip after them; the entry hydrates once it is here.
 */
export const firstPageCode: Promise<void> = Promise.all(
  Object.entries((serverData?.hydration.loaderData ?? {}) as Record<string, unknown>).map(([routeId, value]) =>
    preloadView(routeId.split(':')[0]!, value),
  ),
).then(
  () => undefined,
  (error: unknown) => console.warn('Could not fetch part of the page ahead of hydrating', error),
);
