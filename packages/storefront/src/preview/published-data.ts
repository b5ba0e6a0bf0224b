import { useEffect, useMemo, useState } from 'react';
import { pageEndpoints, themeDocument, type PublishedPage, type SectionNode } from '@vitrine/commerce';
import { sectionRegistry } from '@vitrine/sections';
import { useApi } from '../app-context.tsx';
import type { FrameStore } from './frame-store.ts';

/** JSON with object keys sorted, so equal settings compare equal whatever order their keys were written in. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** Looks up the data a section's loader produced, or undefined. */
export type SectionDataLookup = (section: SectionNode) => unknown;

interface Published {
  section: SectionNode;
  data: unknown;
}

/**
 * Data for the draft's data-bound sections (products, categories, brands, the header's menu). Loaders run on the
 * server for published pages only, so the frame borrows what the published page and theme loaded — for a section
 * whose type and settings are still as published. A section that is new or changed gets no data and shows its
 * empty state, never data that belongs to other settings.
 */
export function publishedLookup(
  sources: readonly { sections: readonly SectionNode[]; data: Readonly<Record<string, unknown>> }[],
  settingsOf: (section: SectionNode) => unknown = readSettings,
): SectionDataLookup {
  const byId = new Map<string, Published>();
  for (const source of sources)
    for (const section of source.sections) if (section.id in source.data) byId.set(section.id, { section, data: source.data[section.id] });
  const publishedJson = new Map<string, string>();
  return (section) => {
    const published = byId.get(section.id);
    if (!published || published.section.type !== section.type) return undefined;
    let json = publishedJson.get(section.id);
    if (json === undefined) publishedJson.set(section.id, (json = stableJson(settingsOf(published.section))));
    return stableJson(settingsOf(section)) === json ? published.data : undefined;
  };
}

/** Settings as the section reads them (migrated, defaults filled in), so a stored default and a missing key compare equal. */
function readSettings(section: SectionNode): unknown {
  const definition = sectionRegistry[section.type as keyof typeof sectionRegistry];
  return definition ? definition.readSettings(section.settings, section.version) : section.settings;
}

/**
 * The lookup for the page being edited: its published version (home or a custom page; templates have none of
 * their own) fetched from the public page API, and the published theme's header and footer from the site config.
 * Null while the published page is on its way.
 */
export function usePublishedData(
  page: { slug: string; pageTypeId: number } | null,
  themeData: string,
  themeSectionData: Record<string, unknown>,
): SectionDataLookup | null {
  const api = useApi();
  const slug = page && (page.pageTypeId === 1 ? '' : page.pageTypeId === 2 ? page.slug : null);
  const [loaded, setLoaded] = useState<{ slug: string; page: PublishedPage | null } | null>(null);
  useEffect(() => {
    if (slug === null) return;
    let live = true;
    api.request(pageEndpoints.getPage, { query: { Slug: slug } }).then(
      (answer) => live && setLoaded({ slug, page: answer.data }),
      () => live && setLoaded({ slug, page: null }),
    );
    return () => {
      live = false;
    };
  }, [api, slug]);
  const settled = slug === null || loaded?.slug === slug;
  const published = loaded && loaded.slug === slug ? loaded.page : null;
  const lookup = useMemo(() => {
    let theme: { header: SectionNode | null; footer: SectionNode | null } = { header: null, footer: null };
    try {
      theme = themeDocument.parse(JSON.parse(themeData));
    } catch {
      // A theme that does not parse lends no data.
    }
    return publishedLookup([
      { sections: [theme.header, theme.footer].filter((s): s is SectionNode => s !== null), data: themeSectionData },
      ...(published ? [{ sections: published.document.sections, data: published.sectionData }] : []),
    ]);
  }, [published, themeData, themeSectionData]);
  return settled ? lookup : null;
}

/** How long the frame waits after a change before asking for a draft section's data (typing a limit, picking a category). */
const DRAFT_DATA_DELAY = 200;
const DRAFT_DATA_BATCH = 50;

/** A section's type and settings as its loader reads them: equal keys load equal data. */
const loadKey = (section: SectionNode) => `${section.type}:${stableJson(readSettings(section))}`;
const hasLoader = (section: SectionNode) => Boolean(sectionRegistry[section.type as keyof typeof sectionRegistry]?.loader);

/**
 * Data for the sections the published page cannot lend — new ones, or ones whose settings changed — loaded by the
 * server for their draft settings (`POST /api/Page/GetSectionData`) a moment after they change, and kept by type
 * and settings, so a product grid shows its products as the owner picks its category, before anything is published.
 */
export function useDraftData(store: FrameStore, published: SectionDataLookup | null): SectionDataLookup {
  const api = useApi();
  const [loaded, setLoaded] = useState<ReadonlyMap<string, unknown>>(() => new Map());
  useEffect(() => {
    // Until the published page has answered, what it lends is not known; nothing is asked twice.
    if (!published) return;
    const asked = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const ask = () => {
      const wanted = new Map<string, SectionNode>();
      for (const section of Object.values(store.getState().sections)) {
        if (section.hidden || !hasLoader(section) || published(section) !== undefined) continue;
        const key = loadKey(section);
        if (!loaded.has(key) && !asked.has(key) && !wanted.has(key)) wanted.set(key, section);
      }
      const batch = [...wanted].slice(0, DRAFT_DATA_BATCH);
      if (batch.length === 0) return;
      for (const [key] of batch) asked.add(key);
      api.request(pageEndpoints.getSectionData, { body: { sections: batch.map(([, section]) => section) } }).then(
        ({ data }) => {
          if (!live) return;
          setLoaded((before) => {
            const next = new Map(before);
            for (const [key, section] of batch) if (section.id in data.sectionData) next.set(key, data.sectionData[section.id]);
            return next;
          });
        },
        (error: unknown) => {
          // Asked again after the next change; until then the section shows its empty state.
          for (const [key] of batch) asked.delete(key);
          console.warn('[preview] draft section data did not load', error);
        },
      );
      if (wanted.size > batch.length) timer = setTimeout(ask, 0);
    };
    ask();
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.sections === previous.sections) return;
      clearTimeout(timer);
      timer = setTimeout(ask, DRAFT_DATA_DELAY);
    });
    return () => {
      live = false;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [api, store, published, loaded]);
  return useMemo(() => withDraftData(published, loaded), [published, loaded]);
}

/** What the published page lends, and for the rest of the data-bound sections what was loaded for their settings. */
function withDraftData(published: SectionDataLookup | null, loaded: ReadonlyMap<string, unknown>): SectionDataLookup {
  if (!published) return () => undefined;
  if (loaded.size === 0) return published;
  return (section) => {
    const data = published(section);
    return data !== undefined || !hasLoader(section) ? data : loaded.get(loadKey(section));
  };
}
