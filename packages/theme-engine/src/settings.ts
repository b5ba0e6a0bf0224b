import { z } from 'zod';
import { themeFontNames } from './fonts.ts';

/** A CSS colour as the theme panel's pickers give it. */
const color = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'must be a hex colour');
const px = (min: number, max: number) => z.number().min(min).max(max);

const heading = (size: number, weight = 700) =>
  z
    .object({ size: px(8, 160), weight: z.number().int().min(100).max(900), lineHeight: z.number().min(0.8).max(3) })
    .default({ size, weight, lineHeight: 1.2 });

const button = (background: string, text: string, border: string) =>
  z
    .object({ background: color, text: color, border: color, hoverBackground: color, hoverText: color })
    .default({ background, text, border, hoverBackground: text === '#ffffff' ? '#111827' : background, hoverText: text === '#ffffff' ? '#ffffff' : text });

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
      link: color,
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
      link: '#1f3a5f',
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
      primary: button('#1f3a5f', '#ffffff', '#1f3a5f'),
      secondary: button('#e07a5f', '#ffffff', '#e07a5f'),
      outline: button('#ffffff', '#1f3a5f', '#1f3a5f'),
      link: button('#ffffff', '#1f3a5f', '#ffffff'),
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
    .object({ imageRatio: z.enum(['1:1', '3:4', '4:3']), showBrand: z.boolean(), showRating: z.boolean(), textAlign: z.enum(['start', 'center']) })
    .default({ imageRatio: '1:1', showBrand: true, showRating: true, textAlign: 'start' }),
  inputs: z
    .object({ background: color, text: color, border: color, focus: color, height: px(28, 64) })
    .default({ background: '#ffffff', text: '#1f2933', border: '#b8c0cc', focus: '#1f3a5f', height: 44 }),
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
  let candidate: unknown = isRecord(input) ? structuredClone(input) : {};
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
