import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { marketingEvent } from './emitter.ts';
import { pageEventsOf, pageEventsSeen } from './page-events.ts';

/**
 * The events of each page the shopper goes to in the app (§7): a PageView for each new address, a ViewContent for
 * each product shown, a Search for each search. The page the app started on was reported by the marketing runtime as
 * it loaded (`runtime.client.ts`, started by the page's entry with the tags and the consent banner); on a store
 * without marketing the events are dropped at once.
 */
export function MarketingPageEvents() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const seen = useRef<ReturnType<typeof pageEventsSeen>>(null);
  useEffect(() => {
    const events = pageEventsOf(
      pathname,
      matches.map((match) => match.data),
    );
    // The page the app started on went out with the runtime: it is only remembered.
    const startPage = seen.current === null;
    seen.current ??= pageEventsSeen();
    const fresh = seen.current(events);
    if (!startPage) for (const event of fresh) marketingEvent(event.name, event.facts);
  }, [pathname, matches]);
  return null;
}
