import { describe, expect, it } from 'vitest';
import { pageClasses, pageStylesheet as cutterOf, withoutFontFaces } from './page-css.server.ts';

/** A stylesheet's cut for a page, from the page's HTML. */
const pageStylesheet = (css: string) => {
  const cut = cutterOf(css);
  return (html: string) => cut(pageClasses(html));
};

/** A stylesheet's rules, each with whether the page below keeps it and why. */
const rules: readonly [css: string, kept: boolean, why: string][] = [
  [':root{--vt-gap:1rem}', true, 'no class'],
  ['body{margin:0}', true, 'no class'],
  ['.vt-hero{padding:2rem}', true, 'drawn'],
  ['.vt-cart-drawer{position:fixed}', false, 'not drawn'],
  ['.vt-hero .vt-hero-title,.vt-cart-line{font-weight:700}', true, 'one of its selectors is drawn'],
  ['.md\\:flex{display:flex}', true, 'an escaped class, as Tailwind writes them'],
  ['.w-1\\/2{width:50%}', true, 'an escaped class'],
  [':where(.vt-btn){position:relative}', true, ':where() matches without its classes'],
  ['.vt-card:not(.vt-card-sold){opacity:1}', true, ':not() matches when they are missing'],
  ['.vt-btn[data-vt-ripple]::after{opacity:.3}', true, 'a ripple on a button drawn'],
  ['@media (min-width:64rem){.vt-checkout{gap:2rem}}', false, 'a group the cut leaves empty'],
  ['@layer utilities{@media (hover:hover){.vt-account:hover{color:red}}}', false, 'groups emptied from the inside out'],
  ['@keyframes vt-spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}', true, 'an at-rule'],
  ['@font-face{font-family:X;src:url(x.woff2)}', true, 'an at-rule'],
];
const css = rules.map(([rule]) => rule).join('\n');

const html =
  '<main class="vt-hero md:flex"><h1 class="vt-hero-title w-1/2">Hi</h1><div class="vt-card">A &amp; B</div><a class="vt-btn">Go</a></main>';

describe('a stylesheet, cut to what a page uses (issue 18)', () => {
  it('keeps the rules whose classes the page has and every rule without a class; drops the rest', () => {
    const cut = pageStylesheet(css)(html);
    for (const [rule, kept, why] of rules) expect(cut.includes(rule), `${rule}: ${why}`).toBe(kept);
    // A group keeps what the page draws of it.
    expect(pageStylesheet('@media (min-width:48rem){.vt-hero{padding:4rem}.vt-checkout{display:grid}}')(html)).toBe(
      '@media (min-width:48rem){.vt-hero{padding:4rem}}',
    );
  });

  it('cuts the same once for pages with the same classes', () => {
    const cut = pageStylesheet(css);
    expect(cut(html)).toBe(cut(`<!-- another page of the same kind -->${html}`));
    expect(cut('<div class="vt-checkout"></div>')).toContain('@media (min-width:64rem){.vt-checkout{gap:2rem}}');
    // Names split on any white space, and an attribute's value read before marks its classes again.
    const spaced = cut('<div class="vt-card\n  vt-cart-drawer\tvt-checkout"></div>');
    expect([spaced.includes('.vt-cart-drawer{'), spaced.includes('.vt-checkout{')]).toEqual([true, true]);
    expect(cut('<p class="vt-card\n  vt-cart-drawer\tvt-checkout">again</p>')).toBe(spaced);
    expect(cut('<p class="vt-card">')).not.toContain('.vt-cart-drawer{');
  });

  it("gives a stylesheet that does not read as CSS whole (an owner's custom CSS can be anything)", () => {
    const broken = '.vt-hero{color:red} .vt-cart-drawer{color:blue} }}} <b>';
    expect(pageStylesheet(broken)(html)).toBe(broken);
  });
});

describe('a whole stylesheet linked on a page that carries its font faces (issue 33)', () => {
  it('leaves the font faces out, and every other rule in', () => {
    const face = '@font-face{font-family:X;src:url(x.woff2)}';
    expect(pageStylesheet(css)(html)).toContain(face);
    const whole = withoutFontFaces(css);
    expect(whole).not.toContain('@font-face');
    for (const [rule] of rules) if (rule !== face) expect(whole).toContain(rule);
    expect(withoutFontFaces('.vt-hero{color:red}')).toBe('.vt-hero{color:red}');
  });
});
