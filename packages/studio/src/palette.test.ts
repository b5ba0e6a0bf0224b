import { expect, it } from 'vitest';
import { sectionSchemas } from '@vitrine/sections/schemas';
import { announcementBar } from '../../../docs/examples/announcement-bar.schema.ts';
import { paletteEntries, searchPalette } from './palette.ts';

it('lists every section type of the registry in id order: the store’s 22, and a theme developer’s own', () => {
  expect(paletteEntries().map((p) => p.type)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
  const extended = paletteEntries({ ...sectionSchemas, 23: announcementBar });
  expect(extended.map((p) => p.type)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
  expect(extended.at(-1)).toMatchObject({ type: 23, name: 'Announcement bar', description: announcementBar.description });
});

it('names every type in words with a capital, with an icon and a one-line description, never a number (issue 13)', () => {
  for (const entry of paletteEntries()) {
    expect(entry.name).toMatch(/^[A-Z][A-Za-z ]+$/);
    expect(entry.description.length, entry.name).toBeGreaterThan(10);
    expect(entry.description.length, entry.name).toBeLessThanOrEqual(80);
    expect(entry.description).not.toContain('\n');
    expect(entry.icon, entry.name).toMatch(/^M[\d .,\-MLHVCSQTAZmlhvcsqtaz]+$/);
  }
  expect(
    paletteEntries()
      .slice(0, 6)
      .map((e) => e.name),
  ).toEqual(['Header', 'Footer', 'Products', 'Categories', 'Brands', 'Hero banner']);
});

it('searches names and descriptions by every word typed, in any case', () => {
  const entries = paletteEntries();
  expect(searchPalette(entries, '').length).toBe(22);
  expect(searchPalette(entries, 'HERO').map((e) => e.name)).toEqual(['Hero banner']);
  expect(searchPalette(entries, 'newsletter').map((e) => e.name)).toEqual(['Footer', 'Subscribe']);
  expect(searchPalette(entries, 'logos brands').map((e) => e.name)).toEqual(['Brands']);
  expect(searchPalette(entries, 'zebra')).toEqual([]);
});
