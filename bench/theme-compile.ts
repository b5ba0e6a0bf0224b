import { compileTheme, defaultThemeSettings } from '@vitrine/theme-engine';
import { demoStores } from '../packages/server/src/seed/demo-stores.ts';
import { timeRepeatedly, type Timing } from './timing.ts';

/** One theme's compile: how long `compileTheme` takes and how much CSS every page of the store then inlines. */
export interface ThemeCompileRow {
  theme: string;
  timing: Timing;
  cssBytes: number;
  /** Settings that fell back to defaults; a demo theme should have none. */
  problems: number;
}

/**
 * Times `compileTheme` on the full default settings and on each demo store's theme (§3.8), the way the server
 * compiles a theme when the owner saves it. Synchronous work; run it where nothing else competes for the CPU.
 */
export async function benchThemeCompile(iterations = 2000): Promise<ThemeCompileRow[]> {
  const themes: [string, unknown][] = [
    ['default theme (full settings)', defaultThemeSettings],
    ...demoStores.map((store): [string, unknown] => [`${store.title} (${store.theme.name})`, store.theme.settings]),
  ];
  const rows: ThemeCompileRow[] = [];
  for (const [theme, settings] of themes) {
    const compiled = compileTheme(settings);
    const timing = await timeRepeatedly(() => compileTheme(settings), { warmup: 200, iterations });
    rows.push({ theme, timing, cssBytes: Buffer.byteLength(compiled.css), problems: compiled.problems.length });
  }
  return rows;
}
