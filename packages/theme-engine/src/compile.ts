import { breakpoints } from './breakpoints.ts';
import { fontFaceCss, fontFileUrl, fontStack, fontWeightsUsed, snapFontWeight, type FontUsage, type ThemeFont } from './fonts.ts';
import type { ThemeProblem, ThemeSettings } from './settings.ts';

/** Rounded corners are 200px, square ones 0px (§9). */
export const ROUNDED_RADIUS = 200;
/** Headings above this size (sub-headings above 18px) shrink to `SMALL_SCREEN_SCALE` below the tablet breakpoint. */
const HEADING_SHRINK_ABOVE = 20;
const SUBHEADING_SHRINK_ABOVE = 18;
const SMALL_SCREEN_SCALE = 0.7;
/** How far a badge sits from the edge of the product image it marks. */
const BADGE_INSET = '10px';

/** Body text is set in these weights: regular, and bold for `<strong>`, buttons (600 renders with 700) and badges. */
const BODY_FONT_WEIGHTS = [400, 700] as const;

/** One font a compiled theme declares `@font-face` rules for. */
export interface ThemeFontFiles {
  font: ThemeFont;
  /** The shipped weights declared, ascending. */
  weights: number[];
  /** The URLs of their common parts under `/fonts/` (what most pages load), in the order of `weights`. */
  files: string[];
  /** Which text is set in it. A font used for both appears once. */
  usedFor: ('body' | 'heading')[];
}

/** What `compileTheme` gives: the CSS to inline, what fell back, and which font files the CSS may load. */
export interface CompiledTheme {
  /** `@font-face` rules first, then custom properties, classes, and the owner's custom CSS last. */
  css: string;
  /** Settings that did not fit and fell back to their defaults. */
  problems: ThemeProblem[];
  /** Exactly the fonts and weights the CSS declares, the body font first. */
  fonts: ThemeFontFiles[];
  /**
   * Font files worth `<link rel="preload" as="font" type="font/woff2" crossorigin>`: the common part of the body
   * font's regular weight, which nearly every page paints first.
   */
  preload: string[];
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Compiles theme settings, as `readThemeSettings` gives them, to the CSS every store page inlines: `@font-face` rules
 * for just the font weights used, custom properties, the classes sections use, grid classes for 1–12 columns, the
 * small-screen heading sizes and the owner's custom CSS; `problems` (what fell back while reading) pass through. The
 * same settings give the same bytes. It needs no schema, so the theme worker carries none (`compileTheme` reads and
 * compiles stored settings in one step).
 */
export function compileSettings(t: ThemeSettings, problems: ThemeProblem[] = []): CompiledTheme {
  const vars: string[] = [];
  const v = (name: string, value: string | number) => vars.push(`--${name}:${value}`);

  // A colour that follows another theme colour is that colour's custom property, so it changes with it everywhere.
  const paint = (value: string) => (value.startsWith('#') ? value : `var(--color-${kebab(value)})`);
  for (const [name, value] of Object.entries(t.colors)) v(`color-${kebab(name)}`, paint(value));
  v('font-heading', fontStack(t.fonts.heading));
  v('font-body', fontStack(t.fonts.body));
  v('font-size-base', `${t.fonts.baseSize}px`);
  for (const [level, h] of Object.entries(t.headings)) {
    v(`${level}-size`, `${h.size}px`);
    v(`${level}-weight`, h.weight);
    v(`${level}-line-height`, h.lineHeight);
  }
  v('subheading-size', `${t.subheading.size}px`);
  v('subheading-weight', t.subheading.weight);
  for (const kind of ['primary', 'secondary', 'outline', 'link'] as const) {
    const b = t.buttons[kind];
    v(`btn-${kind}-bg`, paint(b.background));
    v(`btn-${kind}-text`, paint(b.text));
    v(`btn-${kind}-border`, paint(b.border));
    v(`btn-${kind}-hover-bg`, paint(b.hoverBackground));
    v(`btn-${kind}-hover-text`, paint(b.hoverText));
  }
  for (const size of ['sm', 'md', 'lg'] as const) {
    const s = t.buttons.sizes[size];
    v(`btn-${size}-px`, `${s.paddingX}px`);
    v(`btn-${size}-py`, `${s.paddingY}px`);
    v(`btn-${size}-fs`, `${s.fontSize}px`);
  }
  v('input-bg', t.inputs.background);
  v('input-text', t.inputs.text);
  v('input-border', t.inputs.border);
  v('input-focus', paint(t.inputs.focus));
  v('input-height', `${t.inputs.height}px`);
  v('card-bg', t.cards.background);
  v('card-border', t.cards.border);
  v('card-shadow', t.cards.shadow ? '0 1px 3px rgba(0,0,0,.12),0 4px 12px rgba(0,0,0,.06)' : 'none');
  v('card-padding', `${t.cards.padding}px`);
  v('logo-width', `${t.logo.desktopWidth}px`);
  v('logo-width-mobile', `${t.logo.mobileWidth}px`);
  v('section-space', `${t.spacing.sectionY}px`);
  v('gap', `${t.spacing.gap}px`);
  v('container-default', `${t.containers.default}px`);
  v('container-fluid', `${t.containers.fluid}px`);
  v('container-stretched', `${t.containers.stretched}px`);
  v('radius', `${t.corners === 'rounded' ? ROUNDED_RADIUS : 0}px`);
  v('radius-card', `${t.corners === 'rounded' ? t.radius : 0}px`);
  v('badge-radius', t.badges.shape === 'rounded' ? `${ROUNDED_RADIUS}px` : '0px');
  // Where a badge sits on a product image; the product card's CSS places it with these two insets.
  v('badge-inset-start', t.badges.position === 'start' ? BADGE_INSET : 'auto');
  v('badge-inset-end', t.badges.position === 'end' ? BADGE_INSET : 'auto');
  v('card-image-ratio', t.productCard.imageRatio.replace(':', '/'));
  v('card-text-align', t.productCard.textAlign);

  const usage = themeFontUsage(t);
  const css = [fontFaceCss(usage), `:root{${vars.join(';')}}`, baseRules(t), gridRules(), smallScreenHeadings(t), customCss(t.custom_css)]
    .filter(Boolean)
    .join('\n');
  const fonts = [...fontWeightsUsed(usage)].map(([font, weights]) => ({
    font,
    weights,
    files: weights.map((w) => fontFileUrl(font, w, 'common')),
    usedFor: usage.filter((u) => u.font === font).map((u) => u.role),
  }));
  return { css, problems, fonts, preload: [fontFileUrl(t.fonts.body, snapFontWeight(t.fonts.body, 400), 'common')] };
}

/**
 * The weights each font is used at: the body font at 400 and 700; the heading font at the weights of h1–h6 and of
 * the sub-heading, which is set in the heading font so it pairs with the heading above it.
 */
function themeFontUsage(t: ThemeSettings): (FontUsage & { role: 'body' | 'heading' })[] {
  const headingWeights = [...Object.values(t.headings).map((h) => h.weight), t.subheading.weight];
  return [
    { role: 'body', font: t.fonts.body, weights: BODY_FONT_WEIGHTS },
    { role: 'heading', font: t.fonts.heading, weights: headingWeights },
  ];
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

function baseRules(t: ThemeSettings): string {
  const headings = (['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const)
    .map(
      (h) =>
        `.vt-${h},:where(.vt-page) ${h}{font-family:var(--font-heading);font-size:var(--${h}-size);font-weight:var(--${h}-weight);line-height:var(--${h}-line-height);color:var(--color-heading);margin:0 0 .5em}`,
    )
    .join('');
  const buttons = (['primary', 'secondary', 'outline', 'link'] as const)
    .map(
      (k) =>
        `.vt-btn-${k}{background:var(--btn-${k}-bg);color:var(--btn-${k}-text);border-color:var(--btn-${k}-border)}` +
        `.vt-btn-${k}:hover{background:var(--btn-${k}-hover-bg);color:var(--btn-${k}-hover-text)}`,
    )
    .join('');
  const sizes = (['sm', 'md', 'lg'] as const)
    .map((s) => `.vt-btn-${s}{padding:var(--btn-${s}-py) var(--btn-${s}-px);font-size:var(--btn-${s}-fs)}`)
    .join('');
  return [
    `*,*::before,*::after{box-sizing:border-box}`,
    `body{margin:0;font-family:var(--font-body);font-size:var(--font-size-base);line-height:1.55;color:var(--color-text);background:var(--color-background);-webkit-font-smoothing:antialiased}`,
    `img{max-width:100%;height:auto;display:block}`,
    `a{color:var(--color-link)}`,
    // A link inside running text is underlined, so it is not told apart by colour alone (WCAG 1.4.1); a styled link (with a class) and a menu's own rules stay as they are.
    `:where(p,li,dd,td,blockquote,figcaption,.vt-richtext) a:where(:not([class])){text-decoration:underline;text-underline-offset:.18em}`,
    `:focus-visible{outline:3px solid var(--input-focus);outline-offset:2px}`,
    headings,
    `.vt-subheading{font-family:var(--font-heading);font-size:var(--subheading-size);font-weight:var(--subheading-weight);color:var(--color-muted-text);margin:0 0 1em}`,
    `.vt-section{padding:var(--section-space) 0;position:relative}`,
    `.vt-section.vt-no-space{padding:0}`,
    `.vt-container{width:100%;max-width:var(--container-default);margin:0 auto;padding:0 16px}`,
    `.vt-width-fluid .vt-container{max-width:var(--container-fluid)}`,
    `.vt-width-stretched .vt-container{max-width:var(--container-stretched)}`,
    `.vt-width-full .vt-container{max-width:none;padding:0}`,
    `.vt-align-start{text-align:start}.vt-align-center{text-align:center}.vt-align-end{text-align:end}`,
    `.vt-btn{display:inline-flex;align-items:center;justify-content:center;gap:.5em;border:2px solid transparent;border-radius:var(--radius);font-family:inherit;font-weight:600;text-decoration:none;cursor:pointer;transition:background .15s,color .15s${t.buttons.uppercase ? ';text-transform:uppercase;letter-spacing:.04em' : ''}}`,
    `.vt-btn-link{border-color:transparent;background:transparent;text-decoration:underline}`,
    buttons,
    sizes,
    `.vt-card{background:var(--card-bg);border:1px solid var(--card-border);border-radius:var(--radius-card);box-shadow:var(--card-shadow);padding:var(--card-padding)}`,
    `.vt-input{height:var(--input-height);background:var(--input-bg);color:var(--input-text);border:1px solid var(--input-border);border-radius:var(--radius-card);padding:0 12px;font:inherit}`,
    `.vt-input:focus{outline:2px solid var(--input-focus);outline-offset:1px}`,
    `.vt-badge{display:inline-block;padding:2px 10px;font-size:12px;font-weight:700;border-radius:var(--badge-radius);color:var(--color-badge-text)}`,
    `.vt-product-card-media .vt-badge{inset-inline-start:var(--badge-inset-start);inset-inline-end:var(--badge-inset-end)}`,
    `.vt-badge-sale{background:var(--color-badge-sale)}.vt-badge-new{background:var(--color-badge-new)}.vt-badge-sold-out{background:var(--color-badge-sold-out)}`,
    `.vt-logo{width:var(--logo-width)}@media (max-width:${breakpoints.tablet - 1}px){.vt-logo{width:var(--logo-width-mobile)}}`,
    `.vt-product-card{text-align:var(--card-text-align)}.vt-product-card-image{aspect-ratio:var(--card-image-ratio);object-fit:cover;width:100%;border-radius:var(--radius-card);background:var(--color-surface)}`,
  ].join('\n');
}

/** `.vt-grid` with `.vt-cols-N` for every screen and `.vt-cols-{bp}-N` from each breakpoint up. */
function gridRules(): string {
  const columns = Array.from({ length: 12 }, (_, i) => i + 1);
  const rules = [`.vt-grid{display:grid;gap:var(--gap);grid-template-columns:repeat(var(--vt-cols,1),minmax(0,1fr))}`];
  rules.push(columns.map((n) => `.vt-cols-${n}{--vt-cols:${n}}`).join(''));
  for (const [name, min] of Object.entries(breakpoints)) {
    rules.push(`@media (min-width:${min}px){${columns.map((n) => `.vt-cols-${name}-${n}{--vt-cols:${n}}`).join('')}}`);
  }
  return rules.join('\n');
}

/** Headings over 20px (sub-headings over 18px) shrink to 0.7 of their size below the tablet breakpoint (§9). */
function smallScreenHeadings(t: ThemeSettings): string {
  const rules: string[] = [];
  for (const [level, h] of Object.entries(t.headings)) {
    if (h.size > HEADING_SHRINK_ABOVE) rules.push(`--${level}-size:${round(h.size * SMALL_SCREEN_SCALE)}px`);
  }
  if (t.subheading.size > SUBHEADING_SHRINK_ABOVE) rules.push(`--subheading-size:${round(t.subheading.size * SMALL_SCREEN_SCALE)}px`);
  return rules.length ? `@media (max-width:${breakpoints.tablet - 1}px){:root{${rules.join(';')}}}` : '';
}

/** The owner's CSS, kept from closing the `<style>` element it is inlined in. */
function customCss(css: string): string {
  return css ? `/* custom */\n${escapeStyleText(css)}` : '';
}

/** Makes text safe to place inside a `<style>` element: `</style` (in any case) can no longer end it. */
export function escapeStyleText(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}
