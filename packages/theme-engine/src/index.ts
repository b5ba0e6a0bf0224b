export { compileTheme } from './theme.ts';
export { escapeStyleText, ROUNDED_RADIUS } from './compile.ts';
export type { CompiledTheme, ThemeFontFiles } from './compile.ts';
export { themeSettings, defaultThemeSettings, readThemeSettings, followableColors } from './settings.ts';
export type { ThemeSettings, ThemeSettingsInput, ThemeProblem, FollowableColor } from './settings.ts';
export {
  themeFonts,
  themeFontNames,
  fontStack,
  fontSlug,
  snapFontWeight,
  fontFileUrl,
  fontFaceCss,
  fontFile,
  fontParts,
  codePointsOf,
  FONT_URL_BASE,
  LATIN_UNICODE_RANGE,
  COMMON_UNICODE_RANGE,
  REST_UNICODE_RANGE,
} from './fonts.ts';
export type { ThemeFont, ThemeFontInfo, FontUsage, FontPart, FontFile } from './fonts.ts';
export { breakpoints, imageBreakpoints, imageDensities, breakpointFor, FALLBACK_BREAKPOINT } from './breakpoints.ts';
export type { BreakpointName } from './breakpoints.ts';
