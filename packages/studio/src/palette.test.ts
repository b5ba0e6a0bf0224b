import { expect, it } from 'vitest';
import { sectionRegistry } from '@vitrine/sections';
import { paletteEntries } from './palette.ts';

it('lists all 22 section types and marks the ones the registry has', () => {
  const palette = paletteEntries();
  expect(palette.map((p) => p.type)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
  expect(palette.filter((p) => p.available).map((p) => p.type)).toEqual(Object.keys(sectionRegistry).map(Number));
});
