import { useLayoutEffect, useState } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { sectionRegistry } from '@vitrine/sections';
import { useFrame } from './frame-store.ts';
import { sectionElement } from './handle-message.ts';

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** Where a section's element sits in the document, kept up to date as the page's layout changes. */
function useSectionBox(id: string): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  // A new version of the section can resize it or replace its element; a new order moves it without resizing it.
  const version = useFrame((s) => s.sections[id]);
  const order = useFrame((s) => s.order);
  useLayoutEffect(() => {
    const measure = () => {
      const element = sectionElement(document, id);
      if (!element) return setBox(null);
      const rect = element.getBoundingClientRect();
      setBox((old) => {
        const next = { top: rect.top + window.scrollY, left: rect.left + window.scrollX, width: rect.width, height: rect.height };
        return old && old.top === next.top && old.left === next.left && old.width === next.width && old.height === next.height ? old : next;
      });
    };
    // Measured before the next paint, not at once: a forced layout here would sit between an edit and its commit.
    const frame = requestAnimationFrame(measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    const element = sectionElement(document, id);
    if (element) observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [id, version, order]);
  return box;
}

/** The handle that moves a page section: pressed and dragged, it carries the section to a new place (see PageCanvas). */
function DragHandle({ id, name }: { id: string; name: string }) {
  const { attributes, listeners, setNodeRef } = useDraggable({ id });
  return (
    <button
      type="button"
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      className="wxb-handle"
      aria-label={`Drag to move the ${name}`}
      title="Drag to move"
    >
      ⠿
    </button>
  );
}

function Outline({ id, kind }: { id: string; kind: 'hovered' | 'selected' }) {
  const box = useSectionBox(id);
  const section = useFrame((s) => s.sections[id]);
  const inPage = useFrame((s) => s.order.includes(id));
  if (!box || !section) return null;
  const name = sectionRegistry[section.type as keyof typeof sectionRegistry]?.name ?? `Section ${section.type}`;
  return (
    <div className={`wxb-outline wxb-outline-${kind}`} style={{ top: box.top, left: box.left, width: box.width, height: box.height }}>
      <div className="wxb-toolbar">
        {kind === 'selected' && inPage ? <DragHandle id={id} name={name} /> : null}
        <span className="wxb-name">{name}</span>
        {kind === 'selected' && !section.hidden ? <span className="wxb-hint">double-click a heading to edit it</span> : null}
      </div>
    </div>
  );
}

/** The hover and selection outlines of edit mode, drawn over the page so they never change its layout. */
export function Outlines() {
  const mode = useFrame((s) => s.mode);
  const hovered = useFrame((s) => s.hoveredId);
  const selected = useFrame((s) => s.selectedId);
  if (mode !== 'edit') return null;
  return (
    <div className="wxb-outlines" aria-hidden={false}>
      {hovered && hovered !== selected ? <Outline id={hovered} kind="hovered" /> : null}
      {selected ? <Outline id={selected} kind="selected" /> : null}
    </div>
  );
}
