import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  breakpointFor,
  breakpoints,
  compileTheme,
  defaultThemeSettings,
  readThemeSettings,
  themeFontNames,
  themeSettings,
} from './index.ts';

/** The block of custom properties that applies below the tablet breakpoint, or '' when there is none. */
function smallScreenBlock(css: string): string {
  const start = css.indexOf(`@media (max-width:${breakpoints.tablet - 1}px){:root{`);
  return start < 0 ? '' : css.slice(start, css.indexOf('}}', start) + 2);
}

describe('compileTheme', () => {
  it('is deterministic', () => {
    const settings = {
      colors: { ...defaultThemeSettings.colors, brand: '#ff0000' },
      fonts: { heading: 'Oswald', body: 'Lato', baseSize: 15 },
    };
    expect(compileTheme(settings)).toEqual(compileTheme(structuredClone(settings)));
  });

  it('writes colours and fonts into custom properties', () => {
    const { css } = compileTheme({
      colors: { ...defaultThemeSettings.colors, brand: '#123456' },
      fonts: { heading: 'Playfair Display', body: 'Lato', baseSize: 17 },
    });
    expect(css).toContain('--color-brand:#123456');
    expect(css).toContain('--font-heading:"Playfair Display", "Playfair Display Fallback", Georgia');
    expect(css).toContain('--font-size-base:17px');
  });

  it('uses 200px for rounded corners and 0px for square ones', () => {
    expect(compileTheme({ corners: 'rounded' }).css).toContain('--radius:200px;');
    expect(compileTheme({ corners: 'square' }).css).toContain('--radius:0px;');
    expect(compileTheme({ corners: 'square', radius: 12 }).css).toContain('--radius-card:0px;');
    expect(compileTheme({ corners: 'rounded', radius: 12 }).css).toContain('--radius-card:12px;');
    expect(compileTheme({ badges: { shape: 'rounded', position: 'start' } }).css).toContain('--badge-radius:200px;');
    expect(compileTheme({ badges: { shape: 'square', position: 'start' } }).css).toContain('--badge-radius:0px;');
  });

  describe('small-screen headings', () => {
    const withSize = (level: 'h2' | 'h5', size: number) =>
      compileTheme({ headings: { ...defaultThemeSettings.headings, [level]: { ...defaultThemeSettings.headings[level], size } } }).css;

    it('shrinks a heading over 20px to 0.7 of its size below the tablet breakpoint', () => {
      expect(smallScreenBlock(withSize('h2', 21))).toContain('--h2-size:14.7px');
      expect(smallScreenBlock(withSize('h5', 40))).toContain('--h5-size:28px');
    });

    it('leaves a heading of 20px or less alone', () => {
      expect(smallScreenBlock(withSize('h2', 20))).not.toContain('--h2-size');
      expect(smallScreenBlock(withSize('h5', 12))).not.toContain('--h5-size');
      expect(withSize('h2', 20)).toContain('--h2-size:20px');
    });

    it('shrinks a sub-heading over 18px, and not one of 18px', () => {
      const subheading = (size: number) => smallScreenBlock(compileTheme({ subheading: { size, weight: 500 } }).css);
      expect(subheading(19)).toContain('--subheading-size:13.3px');
      expect(subheading(18)).not.toContain('--subheading-size');
    });

    it('applies the smaller sizes below 768px only', () => {
      expect(smallScreenBlock(compileTheme({}).css)).toMatch(/^@media \(max-width:767px\)\{:root\{/);
    });
  });

  it('has grid classes for 1 to 12 columns, for every screen and from each breakpoint up', () => {
    const { css } = compileTheme({});
    for (let n = 1; n <= 12; n++) {
      expect(css).toContain(`.vt-cols-${n}{--vt-cols:${n}}`);
      for (const name of Object.keys(breakpoints)) expect(css).toContain(`.vt-cols-${name}-${n}{--vt-cols:${n}}`);
    }
    expect(css).not.toContain('.vt-cols-13');
    expect(css).not.toContain('.vt-cols-0');
    for (const [name, min] of Object.entries(breakpoints)) expect(css).toContain(`@media (min-width:${min}px){.vt-cols-${name}-1{`);
  });

  it('falls back to defaults for bad values and reports them, never throwing', () => {
    const { css, problems } = compileTheme({ colors: { ...defaultThemeSettings.colors, brand: 'red; } body { x' }, corners: 'wobbly' });
    expect(css).toContain(`--color-brand:${defaultThemeSettings.colors.brand}`);
    expect(css).not.toContain('body { x');
    expect(problems.map((p) => p.path).sort()).toEqual(['colors.brand', 'corners']);
    for (const nonsense of ['nonsense', null, 42, [], undefined]) {
      expect(compileTheme(nonsense).problems).toHaveLength(1);
      expect(compileTheme(nonsense).css).toBe(compileTheme({}).css);
    }
  });

  it('falls back from an unknown font to the default and reports it', () => {
    const { css, problems, fonts } = compileTheme({ fonts: { heading: 'Comic Sans MS', body: 'Lato', baseSize: 16 } });
    expect(problems.map((p) => p.path)).toEqual(['fonts.heading']);
    expect(css).not.toContain('Comic Sans');
    expect(css).toContain(`--font-heading:"${defaultThemeSettings.fonts.heading}"`);
    expect(fonts.map((f) => f.font)).toEqual(['Lato', defaultThemeSettings.fonts.heading]);
  });

  it('keeps add_to_card_action in the settings without putting it in the CSS', () => {
    expect(readThemeSettings({ add_to_card_action: 'OPEN_CART' }).settings.add_to_card_action).toBe('OPEN_CART');
    expect(compileTheme({ add_to_card_action: 'OPEN_CART' }).css).toBe(compileTheme({ add_to_card_action: 'OPEN_DRAWER' }).css);
    expect(compileTheme({ add_to_card_action: 'OPEN_CART' }).css).not.toMatch(/OPEN_/);
  });

  it('keeps show_currency (§9), off by default and off for a theme stored before it existed', () => {
    expect(defaultThemeSettings.show_currency).toBe(false);
    const old = readThemeSettings({ corners: 'rounded', add_to_card_action: 'OPEN_CART' });
    expect(old.problems).toEqual([]);
    expect(old.settings.show_currency).toBe(false);
    expect(readThemeSettings({ show_currency: true }).settings.show_currency).toBe(true);
    // A value that is no yes-or-no falls back to off, and the rest of the theme still reads.
    const wrong = readThemeSettings({ show_currency: 'maybe', corners: 'rounded' });
    expect(wrong.settings).toEqual({ ...defaultThemeSettings, corners: 'rounded' });
    expect(wrong.problems.map((p) => p.path)).toEqual(['show_currency']);
  });
});

describe('fonts in the compiled theme', () => {
  it('declares @font-face rules first, for exactly the weights used: body 400 and 700, the heading font at h1–h6 and sub-heading weights', () => {
    const { css, fonts, preload } = compileTheme({
      fonts: { heading: 'Playfair Display', body: 'Lato', baseSize: 16 },
      headings: { ...defaultThemeSettings.headings, h1: { size: 48, weight: 900, lineHeight: 1.1 } },
      subheading: { size: 20, weight: 500 },
    });
    expect(css.startsWith('@font-face{font-family:"Lato";')).toBe(true);
    const faces = [
      ...css.matchAll(
        /@font-face\{font-family:"([^"]+)";font-style:normal;font-weight:(\d+);font-display:swap;src:url\([^)]*-latin-common-/g,
      ),
    ].map((m) => `${m[1]} ${m[2]}`);
    expect(faces).toEqual([
      'Lato 400',
      'Lato 700',
      'Playfair Display 500',
      'Playfair Display 600',
      'Playfair Display 700',
      'Playfair Display 900',
    ]);
    expect(css.indexOf('@font-face')).toBeLessThan(css.indexOf(':root{'));
    expect(css.lastIndexOf('@font-face')).toBeLessThan(css.indexOf(':root{'));
    expect(fonts).toEqual([
      {
        font: 'Lato',
        weights: [400, 700],
        files: ['/fonts/lato/lato-latin-common-400-normal.woff2', '/fonts/lato/lato-latin-common-700-normal.woff2'],
        usedFor: ['body'],
      },
      {
        font: 'Playfair Display',
        weights: [500, 600, 700, 900],
        files: [500, 600, 700, 900].map((w) => `/fonts/playfair-display/playfair-display-latin-common-${w}-normal.woff2`),
        usedFor: ['heading'],
      },
    ]);
    expect(preload).toEqual(['/fonts/lato/lato-latin-common-400-normal.woff2']);
  });

  it('sets the sub-heading in the heading font, whose weights it adds', () => {
    const { css } = compileTheme({});
    expect(css).toMatch(/\.vt-subheading\{font-family:var\(--font-heading\)/);
  });

  it('lists a font used for both body and headings once, with the weights of both', () => {
    const { fonts, css } = compileTheme({});
    expect(fonts).toEqual([
      {
        font: 'Inter',
        weights: [400, 500, 600, 700],
        files: [400, 500, 600, 700].map((w) => `/fonts/inter/inter-latin-common-${w}-normal.woff2`),
        usedFor: ['body', 'heading'],
      },
    ]);
    expect(css.match(/-latin-common-\d+-normal/g)).toHaveLength(4);
    expect(css.match(/-latin-rest-\d+-normal/g)).toHaveLength(4);
    expect(css.match(/@font-face\{font-family:"Inter Fallback"/g)).toHaveLength(4);
  });

  it('snaps weights a font does not ship to ones it does', () => {
    const { fonts, preload } = compileTheme({
      fonts: { heading: 'PT Sans', body: 'Instrument Sans', baseSize: 16 },
      headings: {
        ...defaultThemeSettings.headings,
        h1: { size: 48, weight: 900, lineHeight: 1.1 },
        h2: { size: 36, weight: 300, lineHeight: 1.2 },
      },
    });
    expect(fonts.map((f) => [f.font, f.weights])).toEqual([
      ['Instrument Sans', [400, 700]],
      ['PT Sans', [400, 700]],
    ]);
    expect(preload).toEqual(['/fonts/instrument-sans/instrument-sans-latin-common-400-normal.woff2']);
  });
});

/** Settings the CSS does not carry, and what reads them instead. */
const notCss: Record<string, string> = {
  version: 'the stored document version',
  add_to_card_action: 'the storefront, choosing what adding to cart opens',
  product_image_zoom: 'the product page’s gallery',
  show_currency: 'the storefront’s prices, through the shop context',
  // The theme engine cannot draw a card: that each of these changes the card is proven where the card is
  // (sections/src/product-card.test.tsx walks every productCard setting: it changes this CSS or the card).
  'productCard.showBrand': 'the product card component, through the shop context',
  'productCard.showRating': 'the product card component, through the shop context',
  'media.logo': 'the header component',
  'media.favicon': 'the page head',
  'media.placeholder': 'image components',
};
/** Other settings a change needs in order to show: the card radius shows only with rounded corners. */
const needs: Record<string, Record<string, unknown>> = { radius: { corners: 'rounded' } };

function leaves(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, inner]) => leaves(inner, [...path, key]));
  return [path];
}

function schemaAt(path: string[]): z.ZodType {
  let schema: z.ZodType = themeSettings;
  for (const key of [...path, '']) {
    while (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) schema = schema.unwrap() as z.ZodType;
    if (key && schema instanceof z.ZodObject) schema = schema.shape[key] as z.ZodType;
  }
  return schema;
}

function valueAt(settings: unknown, path: string[]): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], settings);
}

function withValue(settings: unknown, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(settings) as Record<string, unknown>;
  const parent = path.slice(0, -1).reduce<Record<string, unknown>>((v, key) => v[key] as Record<string, unknown>, copy);
  parent[path.at(-1)!] = value;
  return copy;
}

/** Another valid value for a setting, taken from its schema, or undefined when it has only one. */
function otherValue(path: string[], current: unknown): unknown {
  const schema = schemaAt(path);
  if (schema instanceof z.ZodBoolean) return !current;
  if (schema instanceof z.ZodEnum) return schema.options.find((o) => o !== current);
  if (schema instanceof z.ZodNumber) {
    const step = path.at(-1) === 'weight' ? 100 : 1;
    const up = (current as number) + step;
    return up <= (schema.maxValue ?? Infinity) ? up : (current as number) - step;
  }
  // A colour that follows a theme colour (a button's, a link's) changes by getting a colour of its own.
  if (schema instanceof z.ZodUnion) return current === '#a1b2c3' ? '#c3b2a1' : '#a1b2c3';
  if (schema instanceof z.ZodString) {
    if (typeof current === 'string' && current.startsWith('#')) return current.toLowerCase() === '#a1b2c3' ? '#c3b2a1' : '#a1b2c3';
    return path[0] === 'custom_css' ? '.promo{color:rebeccapurple}' : '/media/changed.webp';
  }
  return undefined;
}

describe('every setting changes the CSS it should', () => {
  const paths = leaves(defaultThemeSettings);
  const rows = paths.map((path) => ({ name: path.join('.'), path }));

  it('walks every leaf of the schema', () => {
    expect(paths.length).toBeGreaterThan(100);
    for (const name of [...Object.keys(notCss), ...Object.keys(needs)]) expect(rows.map((r) => r.name)).toContain(name);
  });

  it.each(rows)('$name', ({ name, path }) => {
    const base = { ...structuredClone(defaultThemeSettings), ...needs[name] };
    const next = otherValue(path, valueAt(base, path));
    if (next === undefined) {
      expect(name, 'only the version has a single valid value').toBe('version');
      return;
    }
    const changed = withValue(base, path, next);
    const read = readThemeSettings(changed);
    expect(read.problems, 'the other value is valid').toEqual([]);
    expect(valueAt(read.settings, path), 'the setting is kept').toEqual(next);

    const before = compileTheme(base).css;
    const after = compileTheme(changed).css;
    if (name in notCss) {
      expect(after, `${name} is read by ${notCss[name]}, not by the CSS`).toBe(before);
      return;
    }
    expect(after, `${name} changes the CSS`).not.toBe(before);
    const key = path.at(-1)!;
    if (typeof next === 'string' && next.startsWith('#')) expect(after).toContain(next);
    else if (typeof next === 'number' && key !== 'weight' && key !== 'lineHeight') expect(after).toContain(`:${next}px`);
    else if (typeof next === 'number') expect(after).toContain(`:${next};`);
    if (name === 'custom_css') expect(after).toContain(String(next));
  });
});

it('offers exactly the 21 fonts', () => {
  expect(themeFontNames).toHaveLength(21);
});

it('reads a partial theme with every default filled in', () => {
  const { settings, problems } = readThemeSettings({ colors: undefined, corners: 'rounded' });
  expect(problems).toEqual([]);
  expect(settings).toEqual({ ...defaultThemeSettings, corners: 'rounded' });
});

it('places a width in its breakpoint', () => {
  expect([319, 320, 767, 768, 1100, 1600].map(breakpointFor)).toEqual([
    'mobile',
    'mobile',
    'mobileWide',
    'tablet',
    'desktop',
    'desktopWide',
  ]);
});

describe('buttons, links and the focus ring follow the brand colours unless detached (issue 13)', () => {
  const cssOf = (settings: unknown) => compileTheme(settings).css;
  const property = (css: string, name: string) => new RegExp(`--${name}:([^;}]+)`).exec(css)?.[1];

  it('a new theme paints buttons, links and focus with the brand colours, so changing Brand changes them all', () => {
    const css = cssOf({ colors: { ...defaultThemeSettings.colors, brand: '#c2185b' } });
    expect(property(css, 'color-brand')).toBe('#c2185b');
    expect(property(css, 'btn-primary-bg')).toBe('var(--color-brand)');
    expect(property(css, 'btn-primary-text')).toBe('var(--color-brand-contrast)');
    expect(property(css, 'btn-outline-border')).toBe('var(--color-brand)');
    expect(property(css, 'btn-secondary-bg')).toBe('var(--color-accent)');
    expect(property(css, 'color-link')).toBe('var(--color-brand)');
    expect(property(css, 'input-focus')).toBe('var(--color-brand)');
  });

  it('a detached colour is the owner’s own and stays when Brand changes', () => {
    const css = cssOf({
      colors: { ...defaultThemeSettings.colors, brand: '#c2185b' },
      buttons: { primary: { ...defaultThemeSettings.buttons.primary, background: '#0a7d3b' } },
    });
    expect(property(css, 'btn-primary-bg')).toBe('#0a7d3b');
    expect(property(css, 'btn-primary-border')).toBe('var(--color-brand)');
  });

  it('reads a theme stored before: its untouched default blues follow Brand, a colour the owner picked stays', () => {
    const old = {
      colors: { ...defaultThemeSettings.colors, brand: '#3d2c2e', link: '#1F3A5F' },
      buttons: {
        primary: { background: '#1f3a5f', text: '#ffffff', border: '#1f3a5f', hoverBackground: '#111827', hoverText: '#ffffff' },
        outline: { background: '#ffffff', text: '#7a4b3a', border: '#7a4b3a', hoverBackground: '#ffffff', hoverText: '#7a4b3a' },
      },
      inputs: { background: '#ffffff', text: '#1f2933', border: '#b8c0cc', focus: '#1f3a5f', height: 44 },
    };
    const { settings, problems } = readThemeSettings(old);
    expect(problems).toEqual([]);
    expect(settings.buttons.primary.background).toBe('brand');
    expect(settings.colors.link).toBe('brand');
    expect(settings.inputs.focus).toBe('brand');
    expect(settings.buttons.outline.text).toBe('#7a4b3a');
    expect(property(cssOf(old), 'btn-primary-bg')).toBe('var(--color-brand)');
  });

  it('refuses to follow a colour that is not a theme colour, falling back to the default', () => {
    const { settings, problems } = readThemeSettings({
      buttons: { primary: { ...defaultThemeSettings.buttons.primary, background: 'sideways' } },
    });
    expect(problems.map((p) => p.path)).toEqual(['buttons.primary.background']);
    expect(settings.buttons.primary.background).toBe('brand');
  });
});
