export { StudioApp } from './studio-app.tsx';
export { paletteEntries } from './palette.ts';
export type { PaletteEntry } from './palette.ts';
