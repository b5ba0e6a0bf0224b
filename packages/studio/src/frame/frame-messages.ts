import type { SectionNode } from '@vitrine/commerce';
import type { StudioMessage } from '@vitrine/frame-protocol';
import type { Documents } from '../state/section-ops.ts';

/**
 * The page as the frame draws it: the page's sections, and the theme's header and footer around them. The header
 * and footer, and the page's address and type (for the frame to find the published page's data), ride along as
 * extra keys of the page payload, which the protocol keeps (it is a loose object).
 */
export function framePage(docs: Documents): { sections: SectionNode[]; header: SectionNode | null; footer: SectionNode | null; slug: string; pageTypeId: number } {
  return {
    sections: docs.page?.sections ?? [],
    header: docs.theme?.header ?? null,
    footer: docs.theme?.footer ?? null,
    slug: docs.page?.slug ?? '',
    pageTypeId: docs.page?.pageTypeId ?? 1,
  };
}

const MAX_SINGLE_UPDATES = 8;

/**
 * What the frame must be told after the documents changed: each changed section on its own when only sections'
 * contents changed (immer keeps untouched sections the same objects), the whole page when sections were added,
 * removed or reordered, or when many changed at once (an undo of a large paste).
 */
export function sectionMessages(previous: Documents, next: Documents): StudioMessage[] {
  if (!next.page) return [];
  const before = previous.page?.sections;
  const after = next.page.sections;
  const whole: StudioMessage = { type: 'SET_COMPONENT', payload: { page: framePage(next) } };
  const sameSlots = (a: SectionNode | null | undefined, b: SectionNode | null | undefined) => (a?.id ?? null) === (b?.id ?? null);
  if (
    !before ||
    before.length !== after.length ||
    before.some((section, i) => section.id !== after[i]!.id) ||
    !sameSlots(previous.theme?.header, next.theme?.header) ||
    !sameSlots(previous.theme?.footer, next.theme?.footer) ||
    previous.page?.slug !== next.page.slug
  ) {
    return [whole];
  }
  const changed = after.filter((section, i) => section !== before[i]);
  for (const slot of ['header', 'footer'] as const) {
    const section = next.theme?.[slot];
    if (section && section !== previous.theme?.[slot]) changed.push(section);
  }
  if (changed.length > MAX_SINGLE_UPDATES) return [whole];
  return changed.map((section) => ({ type: 'SET_COMPONENT', payload: { section } }));
}
