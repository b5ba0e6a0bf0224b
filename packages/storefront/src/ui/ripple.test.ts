// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installRipple, RIPPLE_ATTRIBUTE, RIPPLE_MS } from './ripple.ts';

let uninstall: () => void = () => {};
let reducedMotion = false;

beforeEach(() => {
  vi.useFakeTimers();
  window.matchMedia = (media: string) => ({
    matches: reducedMotion && media.includes('reduce'),
    media,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  });
  document.body.innerHTML = '<a class="vt-btn vt-btn-primary" href="/cart"><span>View cart</span></a><button type="button">Plain</button>';
  uninstall = installRipple(document);
});
afterEach(() => {
  uninstall();
  reducedMotion = false;
  vi.useRealTimers();
});

const press = (element: Element) => element.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, clientX: 10, clientY: 5 }));

describe('the ripple of §9 (issue 13)', () => {
  it('draws a ripple in a pressed button, from its inner text too, where it was pressed, and takes it away after 401 ms', () => {
    const button = document.querySelector<HTMLElement>('.vt-btn')!;
    const inner = button.innerHTML;
    press(button.querySelector('span')!);
    expect(button.getAttribute(RIPPLE_ATTRIBUTE)).toBe('a');
    // The button's own ::after, placed from where it was pressed: nothing is added inside it, which the app hydrates.
    expect(button.innerHTML).toBe(inner);
    for (const property of ['--vt-ripple-size', '--vt-ripple-x', '--vt-ripple-y'])
      expect(button.style.getPropertyValue(property)).toMatch(/px$/);
    vi.advanceTimersByTime(RIPPLE_MS - 1);
    expect(button.hasAttribute(RIPPLE_ATTRIBUTE)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(button.hasAttribute(RIPPLE_ATTRIBUTE)).toBe(false);
    expect(RIPPLE_MS).toBe(401);
  });

  it('starts again at a press while it spreads, and lasts 401 ms from that press', () => {
    const button = document.querySelector<HTMLElement>('.vt-btn')!;
    press(button);
    vi.advanceTimersByTime(300);
    press(button);
    expect(button.getAttribute(RIPPLE_ATTRIBUTE)).toBe('b');
    vi.advanceTimersByTime(RIPPLE_MS - 1);
    expect(button.getAttribute(RIPPLE_ATTRIBUTE)).toBe('b');
    vi.advanceTimersByTime(1);
    expect(button.hasAttribute(RIPPLE_ATTRIBUTE)).toBe(false);
  });

  it('leaves other buttons alone, and draws nothing when the shopper asked for reduced motion', () => {
    press(document.querySelector('button')!);
    expect(document.querySelector(`[${RIPPLE_ATTRIBUTE}]`)).toBeNull();
    reducedMotion = true;
    press(document.querySelector('.vt-btn')!);
    expect(document.querySelector(`[${RIPPLE_ATTRIBUTE}]`)).toBeNull();
  });
});
