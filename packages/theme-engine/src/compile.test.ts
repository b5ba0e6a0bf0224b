import { describe, expect, it } from 'vitest';
import { breakpointFor, compileTheme, defaultThemeSettings, readThemeSettings, themeFontNames } from './index.ts';

describe('compileTheme', () => {
  it('is deterministic', () => {
    expect(compileTheme({ colors: { ...defaultThemeSettings.colors, brand: '#ff0000' } }).css).toBe(
      compileTheme({ colors: { ...defaultThemeSettings.colors, brand: '#ff0000' } }).css,
    );
  });

  it('writes colours and fonts into custom properties', () => {
    const { css, fonts } = compileTheme({
      colors: { ...defaultThemeSettings.colors, brand: '#123456' },
      fonts: { heading: 'Playfair Display', body: 'Lato', baseSize: 17 },
    });
    expect(css).toContain('--color-brand:#123456');
    expect(css).toContain('--font-heading:"Playfair Display", Georgia');
    expect(css).toContain('--font-size-base:17px');
    expect(fonts).toEqual(['Playfair Display', 'Lato']);
  });

  it('uses 200px for rounded corners and 0px for square ones', () => {
    expect(compileTheme({ corners: 'rounded' }).css).toContain('--radius:200px');
    expect(compileTheme({ corners: 'square' }).css).toContain('--radius:0px');
  });

  it('shrinks headings over 20px to 0.7 below the tablet breakpoint, and leaves smaller ones', () => {
    const { css } = compileTheme({});
    const small = css.slice(css.indexOf('@media (max-width:767px){:root{'));
    expect(small).toContain('--h1-size:33.6px');
    expect(small).toContain('--h4-size:15.4px');
    expect(small).not.toContain('--h5-size');
    expect(small).toContain('--subheading-size:14px');
  });

  it('has grid classes for 1 to 12 columns at every breakpoint', () => {
    const { css } = compileTheme({});
    expect(css).toContain('.vt-cols-12{--vt-cols:12}');
    expect(css).toContain('@media (min-width:1600px){.vt-cols-desktopWide-1');
  });

  it('keeps custom CSS from breaking out of its style element', () => {
    const { css } = compileTheme({ custom_css: 'body{color:red}</STYLE><script>alert(1)</script>' });
    expect(css).toContain('body{color:red}');
    expect(css.toLowerCase()).not.toContain('</style');
  });

  it('falls back to defaults for bad values and reports them, never throwing', () => {
    const { css, problems } = compileTheme({ colors: { ...defaultThemeSettings.colors, brand: 'red; } body { x' }, corners: 'wobbly' });
    expect(css).toContain(`--color-brand:${defaultThemeSettings.colors.brand}`);
    expect(problems.map((p) => p.path).sort()).toEqual(['colors.brand', 'corners']);
    expect(compileTheme('nonsense').problems).toHaveLength(1);
  });
});

it('offers exactly the 21 fonts', () => {
  expect(themeFontNames).toHaveLength(21);
});

it('reads a partial theme with every default filled in', () => {
  expect(readThemeSettings({ add_to_card_action: 'OPEN_CART' }).settings.add_to_card_action).toBe('OPEN_CART');
});

it('places a width in its breakpoint', () => {
  expect([319, 320, 767, 768, 1100, 1600].map(breakpointFor)).toEqual(['mobile', 'mobile', 'mobileWide', 'tablet', 'desktop', 'desktopWide']);
});
