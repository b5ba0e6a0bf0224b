import { createContext, memo, use, useState, type ReactNode } from 'react';
import { DndContext, DragOverlay, PointerSensor, useSensor, useSensors, type DragMoveEvent, type DragStartEvent } from '@dnd-kit/core';
import type { FrameMessage } from '@vitrine/frame-protocol';
import { sectionRegistry } from '@vitrine/sections';
import { useFrame, useFrameStore } from './frame-store.ts';
import { dropIndex } from './palette-drop.ts';
import type { SectionDataLookup } from './published-data.ts';
import { HiddenSection, SectionView } from './section-view.tsx';

/** Where sections find their loaders' data (see `usePublishedData`). */
export const SectionDataContext = createContext<SectionDataLookup>(() => undefined);

/** One page section, read from the frame's store by id, so an edit to one section draws that section alone. */
const SectionSlot = memo(function SectionSlot({ sectionId, moving }: { sectionId: string; moving: boolean }) {
  const section = useFrame((s) => s.sections[sectionId]);
  const remounts = useFrame((s) => s.remounts[sectionId] ?? 0);
  const mode = useFrame((s) => s.mode);
  const dataFor = use(SectionDataContext);
  if (!section) return null;
  return (
    <div className={moving ? 'wxb-slot wxb-moving' : 'wxb-slot'}>
      {section.hidden ? (
        mode === 'edit' ? (
          <HiddenSection section={section} />
        ) : null
      ) : (
        <SectionView key={remounts} section={section} data={dataFor(section)} />
      )}
    </div>
  );
});

/** Where a dragged section would land: the index among the page's sections as they stand, and the line's y on the page. */
interface DropPlace {
  index: number;
  y: number;
}

/**
 * The page's sections in the order the studio sent, and the moving of a section by the drag handle of its outline
 * (dnd-kit, on pointer events): a line shows where it will land, the page scrolls at the frame's edges, and the drop
 * is reported as SECTION_MOVED with the section's new index. Nothing is registered per section, so a page of hundreds
 * of sections costs nothing to set up; places are measured only while a drag is on.
 */
export function PageCanvas({ send, children }: { send: (message: FrameMessage) => void; children?: ReactNode }) {
  const store = useFrameStore();
  const order = useFrame((s) => s.order);
  const [moving, setMoving] = useState<string | null>(null);
  const [place, setPlace] = useState<DropPlace | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  const placeAt = (event: DragMoveEvent): DropPlace | null => {
    const start = event.activatorEvent as PointerEvent | MouseEvent;
    if (typeof start.clientY !== 'number') return null;
    const { index, y } = dropIndex(document, store.getState().order, start.clientY + event.delta.y);
    return { index, y: y + window.scrollY };
  };
  const end = () => {
    setMoving(null);
    setPlace(null);
  };
  const name = (id: string | null) => {
    const section = id ? store.getState().sections[id] : undefined;
    return section ? (sectionRegistry[section.type as keyof typeof sectionRegistry]?.name ?? 'section') : 'section';
  };

  return (
    <DndContext
      sensors={sensors}
      onDragStart={(event: DragStartEvent) => setMoving(String(event.active.id))}
      onDragMove={(event) => setPlace(placeAt(event))}
      onDragCancel={end}
      onDragEnd={(event) => {
        const id = String(event.active.id);
        const drop = placeAt(event);
        end();
        const from = store.getState().order.indexOf(id);
        if (!drop || from < 0) return;
        // The drop index counts the section itself where it stands; its new index is one less below its old place.
        const toIndex = drop.index > from ? drop.index - 1 : drop.index;
        if (toIndex === from) return;
        store.getState().move(id, toIndex);
        send({ type: 'SECTION_MOVED', payload: { sectionId: id, toIndex } });
      }}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Moving the ${name(String(active.id))}.`,
          onDragOver: () => undefined,
          onDragEnd: ({ active }) => `The ${name(String(active.id))} was dropped.`,
          onDragCancel: ({ active }) => `Moving the ${name(String(active.id))} was cancelled.`,
        },
      }}
    >
      <div className="wxb-canvas">
        {order.map((id) => (
          <SectionSlot key={id} sectionId={id} moving={id === moving} />
        ))}
      </div>
      {place ? <div className="wxb-drop-line" style={{ top: place.y - 2 }} /> : null}
      {children}
      <DragOverlay dropAnimation={null}>{moving ? <div className="wxb-drag-chip">Moving the {name(moving)}</div> : null}</DragOverlay>
    </DndContext>
  );
}
