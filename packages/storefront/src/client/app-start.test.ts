// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerData } from '../server-data.ts';
import { marketingOf } from '../marketing/configured.ts';
import { PENDING_ATTRIBUTE, appStartOf, holdActions, type AppStart } from './app-start.ts';

const boot = { buildId: 'b', themeId: 1, webId: 1 };
const pageOf = (loaderData: Record<string, unknown>, extra: Record<string, unknown> = {}): ServerData => ({
  boot,
  hydration: { loaderData, ...extra },
});
/** Why the app starts at once, or null when it waits for the first touch. */
const reason = (start: AppStart) => ('because' in start ? start.because : null);
const home = pageOf({ root: { site: { scripts: null } }, home: { page: {} } });
const storage = (entries: Record<string, unknown> = {}) => ({
  getItem: (key: string) => (key in entries ? JSON.stringify({ state: entries[key], version: 1 }) : null),
});

describe('when the shopper app starts on a page the server drew (issue 18)', () => {
  it('waits for the first touch on a landing page a new visitor opens: home, a page, a listing, a product', () => {
    expect(appStartOf('/', home, storage())).toEqual({ at: 'first-touch' });
    expect(appStartOf('/kitchen', pageOf({ root: { site: {} }, 'slug:1': { listing: {} } }), storage())).toEqual({ at: 'first-touch' });
  });

  it('starts at once on the pages that draw the browser’s own state, and in the studio’s preview', () => {
    expect(appStartOf('/cart', pageOf({ root: { site: {} }, cart: null }), storage())).toEqual({ at: 'once', because: 'the cart page' });
    expect(appStartOf('/checkout', pageOf({ root: { site: {} }, checkout: null }), storage()).at).toBe('once');
    expect(appStartOf('/preview/3', home, storage()).at).toBe('once');
    expect(appStartOf('/', null, storage()).at).toBe('once');
    expect(appStartOf('/', pageOf({ root: { site: {} } }, { errors: { home: {} } }), storage()).at).toBe('once');
  });

  it('waits for the first touch where the server drew the cart this browser keeps, which its cookie told it', () => {
    const lines = [
      { cartCode: '1_2_0_', cartItemID: '0' },
      { cartCode: '4_1_7_3,5', cartItemID: '0' },
    ];
    const items = [
      { cartItemCode: '1_2_0_', price: '1200' },
      { cartItemCode: '4_1_7_3,5', price: '800' },
    ];
    const kept = storage({ 'vt.cart': { lines, items, wasPrices: {} } });
    const drawn = (codes: string[], page: Record<string, unknown> = { home: { page: {} } }) =>
      pageOf({ root: { site: {}, cartCodes: codes }, ...page });
    const codes = ['1_2_0_', '4_1_7_3,5'];
    // The header's count was drawn from the same codes.
    expect(appStartOf('/', drawn(codes), kept)).toEqual({ at: 'first-touch' });
    // The cart page, drawn from them, priced as the browser last saw them.
    expect(appStartOf('/cart', drawn(codes, { 'cart:cart': { cart: items, changed: false } }), kept)).toEqual({ at: 'first-touch' });
    // A line that left or was lowered, or a price other than the one the shopper saw: the app says so at once.
    expect(reason(appStartOf('/cart', drawn(codes, { 'cart:cart': { cart: items.slice(1), changed: true } }), kept))).toBe('the cart page');
    const dearer = [items[0], { ...items[1], price: '900' }];
    expect(reason(appStartOf('/cart', drawn(codes, { 'cart:cart': { cart: dearer, changed: false } }), kept))).toBe(
      'a price changed since it was added',
    );
    const noted = storage({ 'vt.cart': { lines, items, wasPrices: { '4_7_3,5': 700 } } });
    expect(reason(appStartOf('/cart', drawn(codes, { 'cart:cart': { cart: items, changed: false } }), noted))).toBe(
      'a price changed since it was added',
    );
    // An empty cart, drawn as empty (the cookie held no codes).
    expect(appStartOf('/cart', pageOf({ root: { site: {} }, 'cart:cart': { cart: [], changed: false } }), storage())).toEqual({
      at: 'first-touch',
    });
    // Another cart than the browser's (a cookie from before a change, or none): the app draws it at once.
    expect(reason(appStartOf('/', drawn(['1_2_0_']), kept))).toBe('a cart');
    expect(reason(appStartOf('/', home, kept))).toBe('a cart');
    expect(reason(appStartOf('/cart', pageOf({ root: { site: {} }, 'cart:cart': { cart: null } }), kept))).toBe('the cart page');
  });

  it('waits for the first touch on a store with marketing scripts too: their runtime runs beside the app, not in it', () => {
    const site = { scripts: { facebookPixelID: '123' }, consentBanner: true };
    const marketed = pageOf({ root: { site }, home: {} });
    expect(appStartOf('/', marketed, storage())).toEqual({ at: 'first-touch' });
    expect(marketingOf(marketed)).toBe(site);
    // Sign-in ids alone load nothing on a shopper's page.
    expect(marketingOf(pageOf({ root: { site: { scripts: { googleClientID: 'x' } } }, home: {} }))).toBeNull();
    expect(marketingOf(null)).toBeNull();
  });

  it('starts at once when this browser keeps what the page shows: a cart, a wishlist, a comparison, a customer, a currency', () => {
    expect(reason(appStartOf('/', home, storage({ 'vt.cart': { lines: [{ cartCode: '1_1_0_', cartItemID: '0' }] } })))).toBe('a cart');
    expect(reason(appStartOf('/', home, storage({ 'vt.cart': { lines: ['1_1_0_'] } })))).toBe('a cart');
    expect(reason(appStartOf('/', home, storage({ 'vt.wishlist': { guestIds: [4] } })))).toBe('a wishlist');
    expect(reason(appStartOf('/', home, storage({ 'vt.site': { compare: [4] } })))).toBe('products to compare');
    expect(reason(appStartOf('/', home, storage({ 'vt.session': { user: { id: 1 } } })))).toBe('a signed-in customer');
    expect(reason(appStartOf('/', home, storage({ 'vt.session': { currency: { currencyAbbreviation: 'EUR' } } })))).toBe(
      'a chosen currency',
    );
    // Empty or unreadable storage is a new visitor.
    expect(appStartOf('/', home, storage({ 'vt.cart': { lines: [] }, 'vt.session': { tokens: { accessToken: 'a' } } })).at).toBe(
      'first-touch',
    );
    expect(appStartOf('/', home, { getItem: () => '{not json' }).at).toBe('first-touch');
    // A browser that refuses storage altogether.
    const refused = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    expect(appStartOf('/', home, { getItem: refused }).at).toBe('first-touch');
  });
});

/** Elements as the server draws them inside the app's root. */
const inApp = (html: string) => `<div id="root">${html}</div>`;

describe('what a shopper does before the app has started', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('holds a click and does it again once the app has started', () => {
    document.body.innerHTML = inApp('<button type="button" id="b"><span>Add</span></button>');
    const button = document.getElementById('b')!;
    const clicks = vi.fn();
    const held = holdActions();
    button.addEventListener('click', clicks);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.querySelector('span')!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(clicks).not.toHaveBeenCalled();
    held.release({ replay: true });
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('does a held tap on an enabled control as soon as the app answers, still holding what comes after it (issue 33)', () => {
    document.body.innerHTML = inApp('<button type="button" id="a">Heart</button><button type="button" id="b">Add</button>');
    const [first, second] = [document.getElementById('a')!, document.getElementById('b')!];
    const clicks: string[] = [];
    for (const button of [first, second]) button.addEventListener('click', () => clicks.push(button.id));
    const held = holdActions();
    first.click();
    held.replayClick();
    expect(clicks).toEqual(['a']);
    expect(first.hasAttribute(PENDING_ATTRIBUTE)).toBe(false);
    expect(first.hasAttribute('aria-busy')).toBe(false);
    // Until the whole page has hydrated, a further tap is held, and done once.
    second.click();
    expect(clicks).toEqual(['a']);
    held.release({ replay: true });
    expect(clicks).toEqual(['a', 'b']);
  });

  it('leaves a form sent, or a tap on a control drawn disabled until the app runs, for the whole page', () => {
    document.body.innerHTML = inApp('<form id="f"><input name="kw"><button id="go">Search</button></form>');
    const form = document.getElementById('f') as HTMLFormElement;
    const sent = vi.fn((event: Event) => event.preventDefault());
    const held = holdActions();
    document.getElementById('go')!.click();
    form.addEventListener('submit', sent);
    held.replayClick();
    expect(sent).not.toHaveBeenCalled();
    held.release({ replay: true });
    expect(sent).toHaveBeenCalledTimes(1);

    document.body.innerHTML = inApp('<button type="button" id="d" disabled>Pay</button>');
    const pay = document.getElementById('d') as HTMLButtonElement;
    const paid = vi.fn();
    pay.addEventListener('click', paid);
    const again = holdActions();
    pay.removeAttribute('disabled');
    pay.click();
    pay.disabled = true;
    again.replayClick();
    expect(paid).not.toHaveBeenCalled();
    pay.disabled = false;
    again.release({ replay: true });
    expect(paid).toHaveBeenCalledTimes(1);
  });

  it('keeps a box ticked meanwhile from the app, which may be hydrating around it and would put back what it drew', () => {
    document.body.innerHTML = inApp('<label><input type="checkbox" id="wrap"> Gift wrap</label>');
    const box = document.getElementById('wrap') as HTMLInputElement;
    const app = vi.fn();
    document.getElementById('root')!.addEventListener('click', app);
    const held = holdActions();
    box.click();
    expect(box.checked).toBe(true);
    expect(app).not.toHaveBeenCalled();
    held.release({ replay: true });
    // Told once the app runs: back to what it drew, then ticked through it.
    expect(app).toHaveBeenCalledTimes(1);
    expect(box.checked).toBe(true);
  });

  it('answers a held tap at once: the control is drawn pressed and busy until the app does it (issue 33)', () => {
    document.body.innerHTML = inApp('<button type="button" id="a">Heart</button><button type="button" id="b"><span>Add</span></button>');
    const [first, second] = [document.getElementById('a')!, document.getElementById('b')!];
    const held = holdActions();
    first.click();
    expect(first.getAttribute(PENDING_ATTRIBUTE)).toBe('');
    expect(first.getAttribute('aria-busy')).toBe('true');
    // A second tap is the one done: it alone is pending.
    second.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect([first.hasAttribute(PENDING_ATTRIBUTE), second.hasAttribute(PENDING_ATTRIBUTE)]).toEqual([false, true]);
    expect(first.hasAttribute('aria-busy')).toBe(false);
    held.release({ replay: true });
    expect(second.hasAttribute(PENDING_ATTRIBUTE)).toBe(false);
    expect(second.hasAttribute('aria-busy')).toBe(false);
  });

  it('does a held tap on the same control when the app had to draw the page anew', () => {
    document.body.innerHTML = inApp('<main><p>intro</p><button type="button" aria-label="Save Mug">♡</button></main>');
    const held = holdActions();
    document.querySelector('button')!.click();
    // The page could not be hydrated: the app drew it again, with new elements.
    document.getElementById('root')!.innerHTML = '<main><p>intro</p><button type="button" aria-label="Save Mug">♡</button></main>';
    const clicks = vi.fn();
    document.querySelector('button')!.addEventListener('click', clicks);
    held.release({ replay: true });
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('does not tap another control that took the held one’s place', () => {
    document.body.innerHTML = inApp('<main><button type="button" aria-label="Save Mug">♡</button></main>');
    const held = holdActions();
    document.querySelector('button')!.click();
    document.getElementById('root')!.innerHTML = '<main><button type="button" aria-label="Remove Vase">♥</button></main>';
    const clicks = vi.fn();
    document.querySelector('button')!.addEventListener('click', clicks);
    held.release({ replay: true });
    expect(clicks).not.toHaveBeenCalled();
  });

  it('draws a form sent before the app has started as pending, at its submit button', () => {
    document.body.innerHTML = inApp('<form id="f"><input name="q"><button id="go">Search</button></form>');
    const held = holdActions();
    const form = document.getElementById('f') as HTMLFormElement;
    form.requestSubmit(document.getElementById('go') as HTMLButtonElement);
    expect(document.getElementById('go')!.getAttribute('aria-busy')).toBe('true');
    held.release({ replay: false });
    expect(document.getElementById('go')!.hasAttribute(PENDING_ATTRIBUTE)).toBe(false);
  });

  it('lets what the server drew outside the app (the consent banner) answer for itself', () => {
    document.body.innerHTML = `${inApp('<p>page</p>')}<section id="vt-consent"><button type="button" id="b">Accept</button></section>`;
    const clicks = vi.fn();
    document.getElementById('b')!.addEventListener('click', clicks);
    const held = holdActions();
    document.getElementById('b')!.click();
    expect(clicks).toHaveBeenCalledTimes(1);
    held.release({ replay: true });
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('lets the footer’s Cookie settings answer at once: the marketing runtime shows the banner, no app needed (issue 33)', () => {
    document.body.innerHTML = inApp('<footer><button type="button" id="c" data-vt-consent-settings="">Cookie settings</button></footer>');
    const clicks = vi.fn();
    document.addEventListener('click', clicks);
    const held = holdActions();
    document.getElementById('c')!.click();
    expect(clicks).toHaveBeenCalledTimes(1);
    held.release({ replay: true });
    expect(clicks).toHaveBeenCalledTimes(1);
    document.removeEventListener('click', clicks);
  });

  it('lets a link opened with a modifier or in another tab go its own way, and ignores clicks on plain text', () => {
    document.body.innerHTML = inApp('<a href="/a" id="a">A</a><a href="/b" target="_blank" id="b">B</a><p id="p">text</p>');
    const held = holdActions();
    // What the page saw of each click, before this test stops jsdom from following the link.
    const prevented: boolean[] = [];
    const see = (event: Event) => (prevented.push(event.defaultPrevented), event.preventDefault());
    document.addEventListener('click', see);
    for (const [id, init] of [
      ['a', { ctrlKey: true }],
      ['b', {}],
      ['p', {}],
    ] as const) {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, ...init });
      document.getElementById(id)!.dispatchEvent(event);
    }
    expect(prevented).toEqual([false, false, false]);
    document.removeEventListener('click', see);
    held.release({ replay: true });
  });

  it('holds a form sent and sends it again, with the button that sent it', () => {
    document.body.innerHTML = inApp('<form id="f"><input name="q"><button name="go" value="1">Go</button></form>');
    const form = document.getElementById('f') as HTMLFormElement;
    const held = holdActions();
    const first = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: form.querySelector('button') });
    form.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    const sent = vi.fn((event: SubmitEvent) => {
      event.preventDefault();
      return event.submitter?.getAttribute('name');
    });
    form.addEventListener('submit', sent);
    held.release({ replay: true });
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent.mock.results[0]!.value).toBe('go');
  });

  it('hands what was typed to the app’s controls, even after its first render put the drawn value back', () => {
    document.body.innerHTML = inApp('<input id="q" value="">');
    const input = document.getElementById('q') as HTMLInputElement;
    const held = holdActions();
    input.value = 'mug';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    // The app's first render writes its own state back into the control.
    input.value = '';
    const typed = vi.fn((event: Event) => (event.target as HTMLInputElement).value);
    input.addEventListener('input', typed);
    held.release({ replay: true });
    expect(input.value).toBe('mug');
    expect(typed.mock.results.map((r) => r.value)).toEqual(['mug']);
  });

  it('lets a box toggle as the browser toggles it, and ticks it again through the app', () => {
    document.body.innerHTML = inApp('<input type="checkbox" id="c">');
    const box = document.getElementById('c') as HTMLInputElement;
    const held = holdActions();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    box.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(box.checked).toBe(true);
    box.dispatchEvent(new Event('change', { bubbles: true }));
    // The app's first render draws the box as it knows it: not ticked.
    box.checked = false;
    const clicks = vi.fn();
    box.addEventListener('click', clicks);
    held.release({ replay: true });
    expect(box.checked).toBe(true);
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('without the app, does what the browser alone would, and stops holding', () => {
    document.body.innerHTML = inApp('<button type="button" id="b">B</button>');
    const button = document.getElementById('b')!;
    const held = holdActions();
    button.click();
    const clicks = vi.fn();
    button.addEventListener('click', clicks);
    held.release({ replay: false });
    expect(clicks).toHaveBeenCalledTimes(1);
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });
});
