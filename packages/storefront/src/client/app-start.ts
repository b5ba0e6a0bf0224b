import type { CartItem } from '@vitrine/commerce';
import { CONSENT_SETTINGS } from '../marketing/marks.ts';
import { keptState } from './kept-state.ts';
import { APP_ROOT_ID, drawnCartOf, loaderDataOf, routeNotDrawn, type ServerData } from '../server-data.ts';

/**
 * When the shopper app takes over a page the server drew (issue 18). The server's HTML is the whole page: its links
 * are links, its text and images are there. The app (React, the router, the calls' schemas) is what the shopper's
 * phone would otherwise run before the page answers them, so on the pages a shopper lands on it starts at their first
 * touch, not at load. It starts at once where the page must show what only the browser knows, or runs something the
 * moment it opens.
 */
export type AppStart = { at: 'once'; because: string } | { at: 'first-touch' };

/** The codes of the browser's cart lines, joined, as the server is told them (`CART_COOKIE`). */
const codesOf = (lines: unknown): string =>
  Array.isArray(lines)
    ? lines
        .map((line) => {
          const code = (line as { cartCode?: unknown } | null)?.cartCode;
          // A line that does not read as one is never the server's: the app reads the cart.
          return typeof code === 'string' ? code : '?';
        })
        .join('|')
    : '';

/**
 * What this browser keeps that the page draws and the server did not (§4): a cart other than the one the server drew,
 * a wishlist, compared products, a customer, a currency.
 */
function keptInBrowser(storage: Pick<Storage, 'getItem'>, drawnCart: readonly string[]): string | null {
  const read = (key: string) => keptState(key, storage);
  const some = (value: unknown) => Array.isArray(value) && value.length > 0;
  const session = read('vt.session');
  if (session['user']) return 'a signed-in customer';
  if (session['currency']) return 'a chosen currency';
  if (codesOf(read('vt.cart')['lines']) !== drawnCart.join('|')) return 'a cart';
  if (some(read('vt.wishlist')['guestIds'])) return 'a wishlist';
  if (some(read('vt.site')['compare'])) return 'products to compare';
  return null;
}

/**
 * Whether the cart the server drew has another price than the browser last saw for a line, or the browser still
 * notes one that changed before: the shopper is told, and only the app can say what they saw (§4).
 */
function pricesChanged(drawn: readonly CartItem[] | undefined, kept: Record<string, unknown>): boolean {
  if (!drawn) return false;
  const noted = kept['wasPrices'];
  if (noted && typeof noted === 'object' && Object.keys(noted).length > 0) return true;
  const seen = Array.isArray(kept['items']) ? (kept['items'] as { cartItemCode?: unknown; price?: unknown }[]) : [];
  return drawn.some((item) => Number(seen.find((s) => s?.cartItemCode === item.cartItemCode)?.price) !== Number(item.price));
}

/** Decides when the app starts on this page; `storage` is the browser's local storage. */
export function appStartOf(path: string, serverData: ServerData | null, storage: Pick<Storage, 'getItem'>): AppStart {
  if (path.startsWith('/preview')) return { at: 'once', because: 'the studio’s preview' };
  const loaderData = loaderDataOf(serverData);
  if (!loaderData) return { at: 'once', because: 'a page without its data' };
  const route = routeNotDrawn(loaderData);
  if (route) return { at: 'once', because: `the ${route.split(':')[0]} page` };
  if ((serverData?.hydration as { errors?: unknown } | undefined)?.errors) return { at: 'once', because: 'an error page' };
  const kept = keptInBrowser(storage, (loaderData['root'] as { cartCodes?: string[] } | undefined)?.cartCodes ?? []);
  if (kept) return { at: 'once', because: kept };
  if (pricesChanged(drawnCartOf(loaderData), keptState('vt.cart', storage))) {
    return { at: 'once', because: 'a price changed since it was added' };
  }
  return { at: 'first-touch' };
}

/**
 * The events that mean a shopper is using the page: the app starts on the first. A click or a form sent counts too:
 * a screen reader's click moves no pointer.
 */
export const FIRST_TOUCH_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'scroll',
  'input',
  'change',
  'click',
  'submit',
] as const;

/** What a tap or a key pressed before the app started asked for, done again once it has. */
type HeldAction = { kind: 'click'; target: HTMLElement } | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };

/** Where an element stands in `root`: the index of each ancestor among its parent's children, from the top. */
function placeOf(element: Element, root: Element): number[] | null {
  const place: number[] = [];
  for (let at: Element = element; at !== root; at = at.parentElement!) {
    if (!at.parentElement) return null;
    place.unshift([...at.parentElement.children].indexOf(at));
  }
  return place;
}

/**
 * The element a held tap was on, in the page the app drew. Hydration keeps the server's elements; a page it could not
 * hydrate is drawn anew, and then the same control is found where it stood: the same kind, with the same name.
 */
function stillThere(target: HTMLElement, place: number[] | null, root: Element | null): HTMLElement | null {
  if (target.isConnected) return target;
  if (!place || !root) return null;
  let found: Element | undefined = root;
  for (const index of place) found = found?.children[index];
  if (!(found instanceof HTMLElement)) return null;
  const same =
    found.tagName === target.tagName &&
    found.getAttribute('aria-label') === target.getAttribute('aria-label') &&
    found.textContent === target.textContent;
  return same ? found : null;
}

const ACTIONABLE = 'a[href], button, input, select, textarea, label, summary, [role="button"], [tabindex]';
/**
 * Set on the control whose tap is held, until the app has done it: the page answers the tap at once, pressed and
 * busy (app.css), where it would otherwise show nothing until the app has started.
 */
export const PENDING_ATTRIBUTE = 'data-vt-pending';
/** A box or a choice toggles as the browser toggles it; the app is told once it runs (`handOver`). */
const TOGGLES = 'input[type="checkbox"], input[type="radio"]';

/**
 * Holds what the shopper does before the app has started: a click (or a tap on a button not yet enabled) or a form
 * sent is stopped and kept, and done again once the app has started; what they typed or chose is handed to the app's
 * controls. A link opened in a new tab, or with a modifier, goes its own way. `release` ends the holding: with the app
 * started (`replay`), or without it (the held click then does what the browser alone would).
 */
export function holdActions(doc: Document = document) {
  let held: HeldAction | null = null;
  /** Where the held tap's control stood in the app's root, to find it if the app draws the page anew. */
  let heldPlace: number[] | null = null;
  /** The control drawn pending for the held action. */
  let pending: HTMLElement | null = null;
  const hold = (action: HeldAction) => {
    held = action;
    const root = doc.getElementById(APP_ROOT_ID);
    heldPlace = action.kind === 'click' && root ? placeOf(action.target, root) : null;
    pending?.removeAttribute(PENDING_ATTRIBUTE);
    pending?.removeAttribute('aria-busy');
    pending = action.kind === 'click' ? action.target : (action.submitter ?? action.form);
    pending.setAttribute(PENDING_ATTRIBUTE, '');
    pending.setAttribute('aria-busy', 'true');
  };
  /** Where a mouse last was: the app is told the pointer is over what it was over (a magnifier shows). */
  let pointer: { clientX: number; clientY: number } | null = null;
  let pressed: Element | null = null;
  const changed = new Map<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, string | boolean>();

  const onClick = (event: MouseEvent) => {
    if (replaying) return;
    const target = (event.target as Element | null)?.closest?.<HTMLElement>(ACTIONABLE);
    // A box toggles as the browser toggles it, unseen by the app, which may already be hydrating around it and would
    // put back the state it drew; it is told once it runs (`handOver`).
    if (target?.matches(TOGGLES)) {
      event.stopImmediatePropagation();
      return;
    }
    if (!target || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    if (target instanceof HTMLAnchorElement && target.target && target.target !== '_self') return;
    // What the server drew outside the app (the consent banner) answers for itself, as does the footer's "Cookie
    // settings", which the marketing runtime answers by showing that banner again.
    if (!doc.getElementById(APP_ROOT_ID)?.contains(target) || target.matches(`[${CONSENT_SETTINGS}]`)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold({ kind: 'click', target });
  };
  // A button drawn disabled until the app runs gets no click, and Chromium aims the pointer's events past it: the
  // button under the pointer, pressed and released, is held as a click.
  const disabledButtonAt = (event: PointerEvent) =>
    doc.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>('button:disabled') ?? null;
  const onPointerMove = (event: PointerEvent) => {
    pointer = event.pointerType === 'mouse' ? { clientX: event.clientX, clientY: event.clientY } : null;
  };
  const onPointerDown = (event: PointerEvent) => {
    pressed = disabledButtonAt(event);
  };
  const onPointerUp = (event: PointerEvent) => {
    const target = disabledButtonAt(event);
    if (target && target === pressed) hold({ kind: 'click', target });
    pressed = null;
  };
  const onSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold({ kind: 'submit', form: event.target, submitter: event.submitter });
  };
  const onChange = (event: Event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
      changed.set(target, target.matches(TOGGLES) ? (target as HTMLInputElement).checked : target.value);
  };
  const listeners = [
    ['click', onClick],
    ['pointermove', onPointerMove],
    ['pointerdown', onPointerDown],
    ['pointerup', onPointerUp],
    ['submit', onSubmit],
    ['input', onChange],
    ['change', onChange],
  ] as const;
  for (const [type, listener] of listeners) doc.addEventListener(type, listener as EventListener, true);

  /** Set while a held click is done again, so that it is not held once more. */
  let replaying = false;
  return {
    /**
     * Does a held tap on an enabled control now, with the rest still held: the app's root answers events, and React
     * hydrates the part of the page the tap is in first. A form sent, or a control drawn disabled until the app runs,
     * waits for `release`.
     */
    replayClick() {
      const action = held;
      if (action?.kind !== 'click' || !action.target.isConnected || (action.target as HTMLButtonElement).disabled) return;
      held = null;
      pending?.removeAttribute(PENDING_ATTRIBUTE);
      pending?.removeAttribute('aria-busy');
      pending = null;
      replaying = true;
      try {
        action.target.click();
      } finally {
        replaying = false;
      }
    },
    release({ replay }: { replay: boolean }) {
      for (const [type, listener] of listeners) doc.removeEventListener(type, listener as EventListener, true);
      // The app draws its own busy state from here (Adding…), or the browser does what was asked.
      pending?.removeAttribute(PENDING_ATTRIBUTE);
      pending?.removeAttribute('aria-busy');
      pending = null;
      if (replay) for (const [control, value] of changed) if (control.isConnected) handOver(control, value);
      const over = replay && pointer ? doc.elementFromPoint(pointer.clientX, pointer.clientY) : null;
      if (over) {
        const at = { bubbles: true, ...pointer, pointerType: 'mouse', isPrimary: true };
        for (const type of ['pointerover', 'pointermove']) over.dispatchEvent(new PointerEvent(type, at));
        for (const type of ['mouseover', 'mousemove']) over.dispatchEvent(new MouseEvent(type, at));
      }
      const action = held;
      held = null;
      if (!action) return;
      if (action.kind === 'submit') {
        if (!action.form.isConnected) return;
        const submitter = action.submitter && action.form.contains(action.submitter) ? action.submitter : null;
        action.form.requestSubmit(submitter as HTMLButtonElement | null);
      } else {
        const target = stillThere(action.target, heldPlace, doc.getElementById(APP_ROOT_ID));
        if (target && !(target as HTMLButtonElement).disabled) target.click();
      }
    },
  };
}

/**
 * Hands a value the shopper typed, chose or ticked before the app started to the app. React keeps the value it finds when it
 * takes a control over, but its state holds the one the server drew, and its first render in the browser may put that
 * back. The value is set to the drawn one through the element (which React watches), then to the shopper's through
 * the prototype (which it does not), and an input event tells React's handlers, as typing would.
 */
function handOver(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string | boolean) {
  if (typeof value === 'boolean') {
    // A box: back to the state the app drew, then clicked to the shopper's, which the app hears as a click.
    const box = control as HTMLInputElement;
    box.checked = box.defaultChecked;
    if (box.checked !== value) box.click();
    return;
  }
  const prototype =
    control instanceof HTMLSelectElement
      ? HTMLSelectElement.prototype
      : control instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : HTMLInputElement.prototype;
  control.value = control instanceof HTMLSelectElement ? control.value : control.defaultValue;
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(control, value);
  control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}
