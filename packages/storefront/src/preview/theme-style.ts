/** The id of the `<style>` the preview frame owns for the studio's draft theme CSS. */
export const STUDIO_THEME_STYLE_ID = 'vt-studio-theme';

/**
 * Swaps the theme stylesheet for the studio's draft: writes the CSS into a `<style>` this frame owns (made on first
 * use, last in the head so it wins) and switches off the published theme's `<style id="vt-theme">`, so rules the
 * owner removed in the draft disappear from the preview too.
 */
export function applyThemeCss(css: string, doc: Document = document): HTMLStyleElement {
  let style = doc.getElementById(STUDIO_THEME_STYLE_ID) as HTMLStyleElement | null;
  if (!style) {
    style = doc.createElement('style');
    style.id = STUDIO_THEME_STYLE_ID;
    doc.head.append(style);
  }
  if (style.textContent !== css) style.textContent = css;
  const published = doc.getElementById('vt-theme');
  if (published instanceof HTMLStyleElement) published.media = 'not all';
  return style;
}
