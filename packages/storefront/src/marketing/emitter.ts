import type { PixelCustomData, PixelEventName } from '@vitrine/commerce';

/**
 * The store's events as the pages tell them (§7 browser pixel events): pages call `marketingEvent` and know nothing of
 * pixels. The marketing runtime, loaded only for a store with scripts configured, connects here and reports them; for
 * a store without, events are dropped at once. Kept tiny: every page bundles it.
 */

/** What a page knows of an event. `amount` is in the store's base minor units; the runtime reports it in the shopper's currency. */
export type MarketingFacts = Omit<PixelCustomData, 'event_id' | 'value' | 'currency'> & {
  amount?: number;
  /** An amount already in a currency of its own (an order's), as a number of that currency. */
  value?: number;
  currency?: string;
};

export type MarketingSink = (name: PixelEventName, facts: MarketingFacts, eventId: string) => void;

let sink: MarketingSink | false | null = null;
let waiting: Parameters<MarketingSink>[] = [];

/** A fresh event id, as Meta deduplicates the pixel's and the Conversions API's copies by it. */
export function newEventId(name: PixelEventName): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `${name.toLowerCase()}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Reports an event (only logged if reporting fails, §8). Events before the runtime is there wait for it, a few at most. */
export function marketingEvent(name: PixelEventName, facts: MarketingFacts = {}, eventId = newEventId(name)): void {
  if (sink === false) return;
  if (!sink) {
    if (waiting.length < 20) waiting.push([name, facts, eventId]);
    return;
  }
  try {
    sink(name, facts, eventId);
  } catch (error) {
    console.error('Vitrine: a marketing event was not reported', error);
  }
}

/** Connects the runtime (events waiting are reported now), or `false` for a page that reports to no pixel. */
export function connectMarketing(next: MarketingSink | false): void {
  sink = next;
  const pending = waiting;
  waiting = [];
  if (next) for (const args of pending) marketingEvent(...args);
}
