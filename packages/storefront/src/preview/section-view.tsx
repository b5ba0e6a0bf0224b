import { memo } from 'react';
import type { SectionNode } from '@vitrine/commerce';
import { PageRenderer } from '@vitrine/renderer';
import { renderRegistry, sectionRegistry } from '@vitrine/sections';

/**
 * One section drawn by the renderer in preview mode (an unknown type or a failing section shows a card saying so).
 * Memoised on the section object: the frame store keeps unchanged sections the same object, so an edit to one
 * section draws that section alone.
 */
export const SectionView = memo(function SectionView({ section, data }: { section: SectionNode; data: unknown }) {
  return (
    <PageRenderer
      sections={[section]}
      registry={renderRegistry}
      data={data === undefined ? undefined : { [section.id]: data }}
      mode="preview"
    />
  );
});

/** A hidden section as the owner sees it while editing: a slim bar they can select and show again. */
export function HiddenSection({ section }: { section: SectionNode }) {
  const name = sectionRegistry[section.type as keyof typeof sectionRegistry]?.name ?? `section ${section.type}`;
  return (
    <div className="wxb-hidden-section" data-section-id={section.id}>
      Hidden {name} — shoppers do not see it
    </div>
  );
}
