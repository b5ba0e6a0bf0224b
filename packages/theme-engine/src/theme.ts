import { compileSettings, type CompiledTheme } from './compile.ts';
import { readThemeSettings } from './settings.ts';

/**
 * Compiles stored theme settings to the CSS every store page inlines (see `compileSettings`). Never throws: values
 * that do not fit fall back to their defaults and are reported in `problems`; the same input gives the same bytes.
 */
export function compileTheme(input: unknown): CompiledTheme {
  const { settings, problems } = readThemeSettings(input);
  return compileSettings(settings, problems);
}
