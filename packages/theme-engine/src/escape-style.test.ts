// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { compileTheme, escapeStyleText } from './index.ts';

/** Parses a page the way a browser does, with the theme inlined in its `<style>` as the storefront inlines it. */
function inline(css: string) {
  const html = `<!doctype html><html><head><style id="vt-theme">${css}</style></head><body><p id="after">page</p></body></html>`;
  return new DOMParser().parseFromString(html, 'text/html');
}

const attacks = [
  'body{color:red}</style><script>alert(1)</script>',
  'body{color:red}</STYLE><script>alert(1)</script>',
  'body{color:red}</StYlE ><img src=x onerror=alert(1)>',
  'body{color:red}</style/><script>alert(1)</script>',
  '<!--</style><script>alert(1)</script>-->',
  '<!-- body{color:red} --></style><script>alert(1)</script>',
  'a{content:"</sTyLe>"}<!--<script>',
];

describe('custom CSS cannot break out of the style element', () => {
  it.each(attacks)('%s', (custom_css) => {
    const { css, problems } = compileTheme({ custom_css });
    expect(problems).toEqual([]);
    const doc = inline(css);
    expect(doc.querySelectorAll('style')).toHaveLength(1);
    expect(doc.getElementById('vt-theme')?.textContent).toBe(css);
    expect(doc.querySelectorAll('script, img')).toHaveLength(0);
    expect(doc.body.children).toHaveLength(1);
    expect(doc.getElementById('after')?.textContent).toBe('page');
    expect(css).not.toMatch(/<\/style/i);
    expect(css).not.toContain('<!--');
  });

  it('keeps ordinary custom CSS as written, after the theme rules', () => {
    const { css } = compileTheme({ custom_css: '.promo > a{color:rebeccapurple}' });
    expect(css.endsWith('/* custom */\n.promo > a{color:rebeccapurple}')).toBe(true);
  });

  it('escapes idempotently, so escaping the compiled CSS again changes nothing', () => {
    const once = escapeStyleText(attacks.join('\n'));
    expect(escapeStyleText(once)).toBe(once);
  });
});
