/** The attribute a pressed button carries while its ripple spreads: `a` or `b`, so that a new press starts it again. */
export const RIPPLE_ATTRIBUTE = 'data-vt-ripple';

/** How long a button's ripple lasts (§9). */
export const RIPPLE_MS = 401;

/**
 * §9's ripple: pressing a button (`.vt-btn`, the theme's buttons and the app's alike) draws a ring of its text colour
 * spreading from where it was pressed, gone after `RIPPLE_MS`. One listener for the whole document, so buttons that
 * sections render need nothing of their own; nothing is drawn for a shopper who asked for reduced motion.
 *
 * The ring is the button's own `::after` (app.css), placed by custom properties: the entry draws it before the app has
 * started, and an element added inside the button would be one React does not expect when it hydrates the button.
 */
export function installRipple(doc: Document = document): () => void {
  const onPress = (event: PointerEvent) => {
    const button = event.target instanceof Element ? event.target.closest('.vt-btn') : null;
    if (!(button instanceof HTMLElement) || doc.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const box = button.getBoundingClientRect();
    const size = Math.ceil(Math.hypot(box.width, box.height) * 2);
    button.style.setProperty('--vt-ripple-size', `${size}px`);
    button.style.setProperty('--vt-ripple-x', `${event.clientX - box.left - size / 2}px`);
    button.style.setProperty('--vt-ripple-y', `${event.clientY - box.top - size / 2}px`);
    const ripple = button.getAttribute(RIPPLE_ATTRIBUTE) === 'a' ? 'b' : 'a';
    button.setAttribute(RIPPLE_ATTRIBUTE, ripple);
    setTimeout(() => {
      if (button.getAttribute(RIPPLE_ATTRIBUTE) === ripple) button.removeAttribute(RIPPLE_ATTRIBUTE);
    }, RIPPLE_MS);
  };
  doc.addEventListener('pointerdown', onPress);
  return () => doc.removeEventListener('pointerdown', onPress);
}
