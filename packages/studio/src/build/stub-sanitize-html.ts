/**
 * Stands in for `sanitize-html` in the studio's build (see vite.config.ts). The studio reads section schemas from
 * `@vitrine/sections` but never draws a section (the preview frame does), so the HTML section's sanitizer, with
 * its parser and PostCSS (~80 KB gzipped), would be dead weight. Called anyway, it refuses rather than pass HTML.
 */
export default function sanitizeHtml(): never {
  throw new Error('Sections are drawn in the preview frame, not in the studio');
}
