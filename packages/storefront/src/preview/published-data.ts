import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { publishedPage, themeDocument, type PublishedPage, type SectionNode } from '@vitrine/commerce';
import { sectionRegistry } from '@vitrine/sections';
import { useApi } from '../app-context.tsx';

/** JSON with object keys sorted, so equal settings compare equal whatever order their keys were written in. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v,
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
  for (const source of sources) for (const section of source.sections) if (section.id in source.data) byId.set(section.id, { section, data: source.data[section.id] });
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

const pageAnswer = z.object({ data: publishedPage });

/**
 * The lookup for the page being edited: its published version (home or a custom page; templates have none of
 * their own) fetched from the public page API, and the published theme's header and footer from the site config.
 */
export function usePublishedData(page: { slug: string; pageTypeId: number } | null, themeData: string, themeSectionData: Record<string, unknown>): SectionDataLookup {
  const api = useApi();
  const slug = page && (page.pageTypeId === 1 ? '' : page.pageTypeId === 2 ? page.slug : null);
  const [loaded, setLoaded] = useState<{ slug: string; page: PublishedPage | null } | null>(null);
  useEffect(() => {
    if (slug === null) return;
    let live = true;
    api.call(`/api/Page/GetPage?Slug=${encodeURIComponent(slug)}`, pageAnswer).then(
      (answer) => live && setLoaded({ slug, page: answer.data }),
      () => live && setLoaded({ slug, page: null }),
    );
    return () => {
      live = false;
    };
  }, [api, slug]);
  const published = loaded && loaded.slug === slug ? loaded.page : null;
  return useMemo(() => {
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
}
