/** The class of a ripple's element (drawn before the app starts, so the page's cut stylesheet keeps it). */
export const RIPPLE_CLASS = 'vt-ripple';

/** How long a button's ripple lasts (§9). */
export const RIPPLE_MS = 401;

/**
 * §9's ripple: pressing a button (`.vt-btn`, the theme's buttons and the app's alike) draws a ring of its text colour
 * spreading from where it was pressed, gone after `RIPPLE_MS`. One listener for the whole document, so buttons that
 * sections render need nothing of their own; nothing is drawn for a shopper who asked for reduced motion.
 */
export function installRipple(doc: Document = document): () => void {
  const onPress = (event: PointerEvent) => {
    const button = event.target instanceof Element ? event.target.closest('.vt-btn') : null;
    if (!(button instanceof HTMLElement) || doc.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const box = button.getBoundingClientRect();
    const size = Math.ceil(Math.hypot(box.width, box.height) * 2);
    const ripple = doc.createElement('span');
    ripple.className = RIPPLE_CLASS;
    ripple.setAttribute('aria-hidden', 'true');
    Object.assign(ripple.style, {
      width: `${size}px`,
      height: `${size}px`,
      left: `${event.clientX - box.left - size / 2}px`,
      top: `${event.clientY - box.top - size / 2}px`,
      animationDuration: `${RIPPLE_MS}ms`,
    });
    button.append(ripple);
    setTimeout(() => ripple.remove(), RIPPLE_MS);
  };
  doc.addEventListener('pointerdown', onPress);
  return () => doc.removeEventListener('pointerdown', onPress);
}
