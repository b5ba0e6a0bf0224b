import { z } from 'zod';
import { themeFontNames } from './fonts.ts';

/** A CSS colour as the theme panel's pickers give it. */
const color = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'must be a hex colour');
const px = (min: number, max: number) => z.number().min(min).max(max);

const heading = (size: number, weight = 700) =>
  z
    .object({ size: px(8, 160), weight: z.number().int().min(100).max(900), lineHeight: z.number().min(0.8).max(3) })
    .default({ size, weight, lineHeight: 1.2 });

/**
 * The theme colours a button, link or focus colour can follow instead of holding a colour of its own: the owner
 * changes Brand and everything that follows it changes with it, until they detach it (pick a colour of its own).
 */
export const followableColors = ['brand', 'brandContrast', 'accent', 'heading', 'background', 'link'] as const;
export type FollowableColor = (typeof followableColors)[number];
/** A colour of its own, or the name of the theme colour it follows. */
const colorOrFollow = z.union([color, z.enum(followableColors)]);

type Follow = z.input<typeof colorOrFollow>;
const button = (background: Follow, text: Follow, border: Follow, hoverBackground: Follow, hoverText: Follow) =>
  z
    .object({
      background: colorOrFollow,
      text: colorOrFollow,
      border: colorOrFollow,
      hoverBackground: colorOrFollow,
      hoverText: colorOrFollow,
    })
    .default({ background, text, border, hoverBackground, hoverText });

/**
 * Every theme setting of §3.8, with defaults. A stored theme is parsed through this schema; values that do not fit
 * fall back to their defaults (see `readThemeSettings`), so a theme always compiles.
 */
export const themeSettings = z.object({
  version: z.literal(1).default(1),
  colors: z
    .object({
      brand: color,
      brandContrast: color,
      accent: color,
      text: color,
      mutedText: color,
      heading: color,
      background: color,
      surface: color,
      border: color,
      link: color.or(z.enum(['brand', 'accent'])),
      success: color,
      warning: color,
      error: color,
      info: color,
      badgeSale: color,
      badgeNew: color,
      badgeSoldOut: color,
      badgeText: color,
    })
    .default({
      brand: '#1f3a5f',
      brandContrast: '#ffffff',
      accent: '#e07a5f',
      text: '#1f2933',
      mutedText: '#5b6675',
      heading: '#111827',
      background: '#ffffff',
      surface: '#f5f6f8',
      border: '#d9dde3',
      link: 'brand',
      success: '#1e7b4a',
      warning: '#b45309',
      error: '#b42318',
      info: '#0e6ba8',
      badgeSale: '#b42318',
      badgeNew: '#1e7b4a',
      badgeSoldOut: '#4b5563',
      badgeText: '#ffffff',
    }),
  fonts: z
    .object({ heading: z.enum(themeFontNames), body: z.enum(themeFontNames), baseSize: px(12, 22) })
    .default({ heading: 'Inter', body: 'Inter', baseSize: 16 }),
  headings: z
    .object({ h1: heading(48), h2: heading(36), h3: heading(28), h4: heading(22, 600), h5: heading(18, 600), h6: heading(16, 600) })
    .default({
      h1: { size: 48, weight: 700, lineHeight: 1.15 },
      h2: { size: 36, weight: 700, lineHeight: 1.2 },
      h3: { size: 28, weight: 700, lineHeight: 1.25 },
      h4: { size: 22, weight: 600, lineHeight: 1.3 },
      h5: { size: 18, weight: 600, lineHeight: 1.35 },
      h6: { size: 16, weight: 600, lineHeight: 1.4 },
    }),
  subheading: z.object({ size: px(10, 60), weight: z.number().int().min(100).max(900) }).default({ size: 20, weight: 500 }),
  buttons: z
    .object({
      primary: button('brand', 'brandContrast', 'brand', 'heading', 'brandContrast'),
      secondary: button('accent', '#ffffff', 'accent', 'heading', '#ffffff'),
      outline: button('background', 'brand', 'brand', 'brand', 'brandContrast'),
      link: button('background', 'link', 'background', 'background', 'heading'),
      sizes: z
        .object({
          sm: z.object({ paddingX: px(4, 64), paddingY: px(2, 32), fontSize: px(10, 32) }),
          md: z.object({ paddingX: px(4, 64), paddingY: px(2, 32), fontSize: px(10, 32) }),
          lg: z.object({ paddingX: px(4, 64), paddingY: px(2, 32), fontSize: px(10, 32) }),
        })
        .default({
          sm: { paddingX: 14, paddingY: 6, fontSize: 14 },
          md: { paddingX: 22, paddingY: 10, fontSize: 16 },
          lg: { paddingX: 30, paddingY: 14, fontSize: 18 },
        }),
      uppercase: z.boolean().default(false),
    })
    .prefault({}),
  productCard: z
    .object({
      imageRatio: z.enum(['1:1', '3:4', '4:3']),
      showBrand: z.boolean(),
      showRating: z.boolean(),
      textAlign: z.enum(['start', 'center']),
    })
    .default({ imageRatio: '1:1', showBrand: true, showRating: true, textAlign: 'start' }),
  inputs: z
    .object({ background: color, text: color, border: color, focus: colorOrFollow, height: px(28, 64) })
    .default({ background: '#ffffff', text: '#1f2933', border: '#b8c0cc', focus: 'brand', height: 44 }),
  cards: z
    .object({ background: color, border: color, shadow: z.boolean(), padding: px(0, 64) })
    .default({ background: '#ffffff', border: '#e5e7eb', shadow: false, padding: 16 }),
  logo: z.object({ desktopWidth: px(40, 400), mobileWidth: px(30, 300) }).default({ desktopWidth: 140, mobileWidth: 110 }),
  spacing: z.object({ sectionY: px(0, 200), gap: px(0, 96) }).default({ sectionY: 64, gap: 24 }),
  containers: z
    .object({ default: px(600, 1920), fluid: px(600, 2560), stretched: px(600, 2560) })
    .default({ default: 1200, fluid: 1440, stretched: 1680 }),
  badges: z
    .object({ shape: z.enum(['rounded', 'square']), position: z.enum(['start', 'end']) })
    .default({ shape: 'rounded', position: 'start' }),
  corners: z.enum(['rounded', 'square']).default('square'),
  radius: px(0, 40).default(8),
  custom_css: z.string().max(100_000).default(''),
  add_to_card_action: z.enum(['OPEN_DRAWER', 'OPEN_CART']).default('OPEN_DRAWER'),
  /**
   * Whether prices show the currency code beside them ("$24.50 USD", §9 show_currency). Off by default; a theme stored
   * before it existed reads it as off.
   */
  show_currency: z.boolean().default(false),
  /** How a product page's pictures zoom (§2.12): not at all, click-to-zoom, or a magnifier lens. */
  product_image_zoom: z.enum(['no_zoom', 'zoom', 'inner_zoom_circle']).default('no_zoom'),
  media: z
    .object({ logo: z.string().max(2048), favicon: z.string().max(2048), placeholder: z.string().max(2048) })
    .default({ logo: '', favicon: '', placeholder: '' }),
});

/** A theme's settings after defaults are applied. */
export type ThemeSettings = z.infer<typeof themeSettings>;
/** Theme settings as stored or sent: any part may be left out. */
export type ThemeSettingsInput = z.input<typeof themeSettings>;

/** One setting that did not fit and fell back to its default. */
export interface ThemeProblem {
  path: string;
  message: string;
}

/** The default theme. */
export const defaultThemeSettings: ThemeSettings = themeSettings.parse({});

/**
 * Reads stored theme settings, never throwing: every value that does not fit its schema is replaced by its default
 * and reported, so a half-broken theme still renders.
 */
export function readThemeSettings(input: unknown): { settings: ThemeSettings; problems: ThemeProblem[] } {
  const problems: ThemeProblem[] = [];
  let candidate: unknown = isRecord(input) ? followingOldDefaults(structuredClone(input)) : {};
  if (!isRecord(input)) problems.push({ path: '', message: 'theme settings must be an object' });
  for (let attempt = 0; attempt < 64; attempt++) {
    const result = themeSettings.safeParse(candidate);
    if (result.success) return { settings: result.data, problems };
    for (const issue of result.error.issues) {
      problems.push({ path: issue.path.join('.'), message: issue.message });
      candidate = withDefaultAt(candidate, issue.path);
    }
  }
  return { settings: defaultThemeSettings, problems };
}

/**
 * The colours the first themes stored for buttons, links and the focus ring: fixed copies of the default brand blue.
 * A theme that still holds exactly these never chose them, so it reads them as following its brand colours, like a
 * new theme; a colour the owner picked is kept as it is.
 */
const oldDefaults = {
  buttons: {
    primary: { background: '#1f3a5f', text: '#ffffff', border: '#1f3a5f', hoverBackground: '#111827', hoverText: '#ffffff' },
    secondary: { background: '#e07a5f', text: '#ffffff', border: '#e07a5f', hoverBackground: '#111827', hoverText: '#ffffff' },
    outline: { background: '#ffffff', text: '#1f3a5f', border: '#1f3a5f', hoverBackground: '#ffffff', hoverText: '#1f3a5f' },
    link: { background: '#ffffff', text: '#1f3a5f', border: '#ffffff', hoverBackground: '#ffffff', hoverText: '#1f3a5f' },
  },
  link: '#1f3a5f',
  focus: '#1f3a5f',
} as const;

function followingOldDefaults(input: Record<string, unknown>): Record<string, unknown> {
  const { buttons, colors, inputs } = input;
  if (isRecord(buttons)) {
    for (const kind of ['primary', 'secondary', 'outline', 'link'] as const) {
      const stored = buttons[kind];
      const old = oldDefaults.buttons[kind];
      if (isRecord(stored) && Object.keys(old).every((key) => String(stored[key]).toLowerCase() === old[key as keyof typeof old]))
        delete buttons[kind];
    }
  }
  if (isRecord(colors) && String(colors['link']).toLowerCase() === oldDefaults.link) colors['link'] = defaultThemeSettings.colors.link;
  if (isRecord(inputs) && String(inputs['focus']).toLowerCase() === oldDefaults.focus) inputs['focus'] = defaultThemeSettings.inputs.focus;
  return input;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Puts the default value back at a path (or removes the key where the default theme has none there). */
function withDefaultAt(value: unknown, path: readonly PropertyKey[], fallback: unknown = defaultThemeSettings): unknown {
  if (path.length === 0) return structuredClone(fallback);
  if (!isRecord(value)) return structuredClone(fallback);
  const [head, ...rest] = path as [string, ...PropertyKey[]];
  const copy: Record<string, unknown> = { ...value };
  const inner = isRecord(fallback) ? fallback[head] : undefined;
  if (rest.length === 0 && inner === undefined) delete copy[head];
  else copy[head] = withDefaultAt(copy[head], rest, inner);
  return copy;
}
