import { describe, expect, it } from 'vitest';
import { pageDocument, savePageRequest, themeDocument, type SectionNode } from '@vitrine/commerce';
import { allSectionsPage } from '@vitrine/sections/fixtures';
import { sectionRegistry } from '@vitrine/sections';
import { compileTheme, defaultThemeSettings } from '@vitrine/theme-engine';
import {
  checkSections,
  checkThemeDocument,
  defaultSystemPage,
  defaultThemeDocument,
  readStoredPage,
  readStoredTheme,
} from './studio-documents.ts';

const hero = (): SectionNode => sectionRegistry[6].create('hero');
const banners = (): SectionNode => sectionRegistry[7].create('banners');

describe('checking a page being saved', () => {
  it('takes every section of the gallery page as it is, with each value kept', () => {
    const document = pageDocument.parse(allSectionsPage);
    const checked = checkSections(document.sections, 'document.sections');
    expect(checked.ok).toBe(true);
    if (checked.ok)
      expect(checked.value.map((s) => s.settings)).toEqual(
        document.sections.map((s) => ({ ...sectionRegistry[s.type as 1].readSettings({}), ...s.settings })),
      );
  });

  it.each([
    [
      'a value out of range',
      (s: SectionNode) => ({ ...s, settings: { ...s.settings, overlay: 95 } }),
      'document.sections.1.settings.overlay',
    ],
    [
      'a value of the wrong type',
      (s: SectionNode) => ({ ...s, settings: { ...s.settings, heading: 42 } }),
      'document.sections.1.settings.heading',
    ],
    [
      'a setting the section does not have',
      (s: SectionNode) => ({ ...s, settings: { ...s.settings, headline: 'Hi' } }),
      'document.sections.1.settings.headline',
    ],
    [
      'a bad style value',
      (s: SectionNode) => ({ ...s, style: { ...s.style, section_width: 'huge' } }),
      'document.sections.1.style.section_width',
    ],
    ['an unknown style', (s: SectionNode) => ({ ...s, style: { ...s.style, glow: true } }), 'document.sections.1.style.glow'],
    ['blocks on a section without blocks', (s: SectionNode) => ({ ...s, blocks: [] }), 'document.sections.1.blocks'],
    ['a section of another version', (s: SectionNode) => ({ ...s, version: 2 }), 'document.sections.1.version'],
  ])('refuses %s, naming it', (_name, spoil, path) => {
    const checked = checkSections([banners(), spoil(hero())], 'document.sections');
    expect(checked.ok ? null : checked.problem.path).toBe(path);
  });

  it('checks blocks: their settings, their number and their ids', () => {
    const section = banners();
    const block = section.blocks![0]!;
    const spoilt = (blocks: SectionNode['blocks']) => checkSections([{ ...section, blocks }], 'document.sections');
    expect(spoilt([{ ...block, settings: { ...block.settings, heading: 'x'.repeat(1000) } }])).toMatchObject({
      ok: false,
      problem: { path: 'document.sections.0.blocks.0.settings.heading' },
    });
    expect(spoilt([block, { ...block }])).toMatchObject({ ok: false, problem: { path: 'document.sections.0.blocks.1.id' } });
    const max = sectionRegistry[7].blocks!.max;
    expect(spoilt(Array.from({ length: max + 1 }, (_, i) => ({ id: `b${i}`, settings: {} })))).toMatchObject({
      ok: false,
      problem: { path: 'document.sections.0.blocks' },
    });
  });

  it('refuses a page whose sections share an id, naming the second', () => {
    const parsed = savePageRequest.safeParse({
      pageId: 1,
      draftRevision: 1,
      document: { pageTypeId: 2, slug: 'a', title: 'A', sections: [hero(), hero()] },
    });
    expect(parsed.success ? null : parsed.error.issues[0]!.path.join('.')).toBe('document.sections.1.id');
  });

  it('starts the home page, product template and listing template with valid documents', () => {
    for (const type of [1, 3, 4] as const) {
      const page = defaultSystemPage(type);
      expect(page.pageTypeId).toBe(type);
      expect(checkSections(page.sections, 's').ok).toBe(true);
    }
    expect(defaultSystemPage(4).sections.map((s) => s.type)).toEqual([3]);
  });
});

describe('reading a stored page', () => {
  it('migrates what an older studio stored: bad values fall back, missing ones get defaults, ids made unique', () => {
    const stored = {
      title: 'Old',
      seo: { description: 'Kept' },
      sections: [
        { id: 'hero', type: 6, settings: { heading: 'Kept heading', overlay: 400, legacy_field: true }, style: { padding_top: -5 } },
        { id: 'hero', type: 7, version: 1, blocks: [{ id: 'x', settings: {} }, { settings: { heading: 'No id' } }] },
        { id: 'gone', type: 99, settings: {} },
        'not a section',
      ],
    };
    const dropped: number[] = [];
    const page = readStoredPage(stored, { pageTypeId: 2, slug: 'old', title: 'Old page' }, (index) => dropped.push(index));
    expect(dropped).toEqual([2, 3]);
    expect(page).toMatchObject({ pageTypeId: 2, slug: 'old', title: 'Old page', seo: { description: 'Kept', title: '' } });
    expect(page.sections.map((s) => s.id)).toEqual(['hero', 'hero-2']);
    expect(page.sections[0]!.settings).toEqual({ ...sectionRegistry[6].readSettings({}), heading: 'Kept heading' });
    expect(page.sections[0]!.style['padding_top']).toBeNull();
    expect(page.sections[1]!.blocks!.map((b) => b.id)).toEqual(['x', 'hero-b2']);
    // What was read can be saved as it is.
    expect(checkSections(page.sections, 'document.sections').ok).toBe(true);
  });

  it('reads anything at all as an empty page rather than failing', () => {
    expect(readStoredPage(null, { pageTypeId: 1, slug: '', title: 'Home' }).sections).toEqual([]);
    expect(readStoredPage({ sections: 'nope' }, { pageTypeId: 1, slug: '', title: 'Home' }).sections).toEqual([]);
  });
});

describe('themes', () => {
  it('refuses settings that do not fit, naming them under document.settings', () => {
    const theme = defaultThemeDocument();
    const bad = { ...theme, settings: { ...defaultThemeSettings, colors: { ...defaultThemeSettings.colors, brand: 'red' } } };
    expect(checkThemeDocument(bad)).toMatchObject({
      ok: false,
      problem: { path: 'document.settings.colors.brand', message: 'must be a hex colour' },
    });
    expect(
      checkThemeDocument({
        ...theme,
        settings: { ...defaultThemeSettings, fonts: { ...defaultThemeSettings.fonts, heading: 'Comic Sans' } },
      }),
    ).toMatchObject({
      ok: false,
      problem: { path: 'document.settings.fonts.heading' },
    });
  });

  it('takes a header only as the header and a footer only as the footer', () => {
    const theme = defaultThemeDocument();
    expect(checkThemeDocument({ ...theme, header: theme.footer })).toMatchObject({ ok: false, problem: { path: 'document.header.type' } });
    expect(checkThemeDocument({ ...theme, footer: { ...theme.footer!, settings: { nope: 1 } } })).toMatchObject({
      ok: false,
      problem: { path: 'document.footer.settings.nope' },
    });
    const checked = checkThemeDocument(themeDocument.parse({ settings: {}, header: null, footer: null }));
    expect(checked).toMatchObject({ ok: true, value: { settings: defaultThemeSettings, header: null, footer: null } });
  });

  it('reads a damaged stored theme as one that still compiles', () => {
    const theme = readStoredTheme({
      settings: { colors: 'blue', corners: 'rounded' },
      header: { id: 'f', type: 2 },
      footer: { id: 'f', type: 2 },
    });
    expect(theme.header).toBeNull();
    expect(theme.footer?.type).toBe(2);
    expect(theme.settings['corners']).toBe('rounded');
    expect(compileTheme(theme.settings).problems).toEqual([]);
  });
});
