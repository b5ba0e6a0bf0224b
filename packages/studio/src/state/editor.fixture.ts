import type { PageDocument, SectionNode, ThemeDocument } from '@vitrine/commerce';
import { sectionSchemas } from '@vitrine/sections/schemas';
import { defaultThemeSettings } from '@vitrine/theme-engine';
import { createEditorStore, type EditorStore } from './editor-store.ts';

/** A section of a type with its defaults and a fixed id, for tests. */
export function section(id: string, type: number, settings: Record<string, unknown> = {}): SectionNode {
  const made = sectionSchemas[type as keyof typeof sectionSchemas]!.create(id);
  return { ...made, settings: { ...made.settings, ...settings } };
}

/** A home page with a hero, a content section and a CTA. */
export function samplePage(): PageDocument {
  return {
    schemaVersion: 1,
    pageTypeId: 1,
    slug: '',
    title: 'Home',
    seo: { title: '', description: '', keywords: '', image: '' },
    sections: [section('hero', 6, { heading: 'Welcome' }), section('story', 8), section('offer', 9)],
  };
}

export function sampleTheme(): ThemeDocument {
  return {
    schemaVersion: 1,
    settings: structuredClone(defaultThemeSettings) as unknown as Record<string, unknown>,
    header: section('theme-header', 1),
    footer: section('theme-footer', 2),
  };
}

/** A store with the sample page (revision 3) and theme (revision 5) loaded. */
export function loadedStore(): EditorStore {
  const store = createEditorStore();
  store.getState().loadPage({ pageId: 7, pageTypeId: 1, publishedVersion: 1 }, samplePage(), 3);
  store.getState().loadTheme({ themeId: 2, name: 'Harbor', publishedVersion: 1 }, sampleTheme(), 5);
  return store;
}

export const ids = (store: EditorStore) => store.getState().docs.page!.sections.map((s) => s.id);

/** Browser storage in memory. */
export function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, String(v)),
    removeItem: (k) => void data.delete(k),
    clear: () => data.clear(),
  };
}
