// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installRipple, RIPPLE_MS } from './ripple.ts';

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
  it('draws a ripple in a pressed button, from its inner text too, and removes it after 401 ms', () => {
    const button = document.querySelector('.vt-btn')!;
    press(button.querySelector('span')!);
    const ripple = button.querySelector<HTMLElement>('.vt-ripple');
    expect(ripple?.getAttribute('aria-hidden')).toBe('true');
    expect(ripple?.style.animationDuration).toBe('401ms');
    vi.advanceTimersByTime(RIPPLE_MS - 1);
    expect(button.querySelector('.vt-ripple')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(button.querySelector('.vt-ripple')).toBeNull();
    expect(RIPPLE_MS).toBe(401);
  });

  it('leaves other buttons alone, and draws nothing when the shopper asked for reduced motion', () => {
    press(document.querySelector('button')!);
    expect(document.querySelector('.vt-ripple')).toBeNull();
    reducedMotion = true;
    press(document.querySelector('.vt-btn')!);
    expect(document.querySelector('.vt-ripple')).toBeNull();
  });
});
