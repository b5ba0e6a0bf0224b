import type { SectionNode } from '@vitrine/commerce';
import type { FramePage, StudioMessage } from '@vitrine/frame-protocol';
import type { Documents } from '../state/section-ops.ts';

/** The page as the frame draws it: the page's sections, the theme's header and footer, the page's address and type. */
export function framePage(docs: Documents): FramePage {
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
 * contents changed (immer keeps untouched sections the same objects), the new order alone when sections were only
 * reordered, and the whole page when sections were added or removed, or when many changed at once (an undo of a
 * large paste).
 */
export function sectionMessages(previous: Documents, next: Documents): StudioMessage[] {
  if (!next.page) return [];
  const before = previous.page?.sections;
  const after = next.page.sections;
  const whole: StudioMessage[] = [{ type: 'SET_COMPONENT', payload: { page: framePage(next) } }];
  const sameSlots = (a: SectionNode | null | undefined, b: SectionNode | null | undefined) => (a?.id ?? null) === (b?.id ?? null);
  if (
    !before ||
    before.length !== after.length ||
    !sameSlots(previous.theme?.header, next.theme?.header) ||
    !sameSlots(previous.theme?.footer, next.theme?.footer) ||
    previous.page?.slug !== next.page.slug
  ) {
    return whole;
  }
  const messages: StudioMessage[] = [];
  let changed: SectionNode[];
  if (before.some((section, i) => section.id !== after[i]!.id)) {
    const earlier = new Map(before.map((section) => [section.id, section]));
    if (after.some((section) => !earlier.has(section.id))) return whole;
    messages.push({ type: 'SET_ORDER', payload: { sectionIds: after.map((section) => section.id) } });
    changed = after.filter((section) => section !== earlier.get(section.id));
  } else {
    changed = after.filter((section, i) => section !== before[i]);
  }
  for (const slot of ['header', 'footer'] as const) {
    const section = next.theme?.[slot];
    if (section && section !== previous.theme?.[slot]) changed.push(section);
  }
  if (changed.length > MAX_SINGLE_UPDATES) return whole;
  return [...messages, ...changed.map((section): StudioMessage => ({ type: 'SET_COMPONENT', payload: { section } }))];
}
