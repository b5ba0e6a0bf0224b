/** The 21 fonts a theme may use (§9), each with the generic family it falls back to. */
export const themeFonts = {
  'Bai Jamjuree': 'sans-serif',
  'Fira Sans': 'sans-serif',
  'IBM Plex Sans': 'sans-serif',
  Inconsolata: 'monospace',
  'Instrument Sans': 'sans-serif',
  Inter: 'sans-serif',
  Lato: 'sans-serif',
  Merriweather: 'serif',
  Montserrat: 'sans-serif',
  Nunito: 'sans-serif',
  'Open Sans': 'sans-serif',
  Oswald: 'sans-serif',
  'Playfair Display': 'serif',
  Poppins: 'sans-serif',
  'PT Sans': 'sans-serif',
  Quicksand: 'sans-serif',
  Raleway: 'sans-serif',
  Roboto: 'sans-serif',
  Rubik: 'sans-serif',
  Ubuntu: 'sans-serif',
  'Work Sans': 'sans-serif',
} as const;
export type ThemeFont = keyof typeof themeFonts;
export const themeFontNames = Object.keys(themeFonts) as [ThemeFont, ...ThemeFont[]];

/** A CSS font-family stack for a theme font: the font itself, then system faces of the same kind. */
export function fontStack(font: ThemeFont): string {
  const generic = themeFonts[font];
  const system =
    generic === 'serif' ? 'Georgia, "Times New Roman"' : generic === 'monospace' ? 'ui-monospace, Menlo, Consolas' : 'system-ui, -apple-system, "Segoe UI"';
  return `"${font}", ${system}, ${generic}`;
}
