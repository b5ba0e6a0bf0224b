import { memo, useDeferredValue, useEffect, useRef, useState, type DragEvent, type FocusEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { SectionNode } from '@vitrine/commerce';
import { sectionSchemas } from '@vitrine/sections/schemas';
import { useEditor, useStudio } from '../context.tsx';
import { PALETTE_DRAG_TYPE, takePaletteDrop } from '../frame/palette-drag.ts';
import { blockLabel, locateSection, pageSection, sectionLabel, type Documents } from '../state/section-ops.ts';
import { paletteEntries } from '../palette.ts';
import { SectionPicker } from './section-picker.tsx';
import { deleteSection } from '../state/delete-section.ts';
import { IconButton } from '../ui/button.tsx';
import { DuplicateIcon, EyeIcon, EyeOffIcon, GripIcon, PlusIcon, TrashIcon } from '../ui/icons.tsx';
import { useGrowingCount } from '../ui/growing-count.ts';

const rowClass = (selected: boolean, hovered: boolean) =>
  `group relative rounded-md border text-sm ${selected ? 'border-indigo-300 bg-indigo-50' : hovered ? 'border-slate-300 bg-white' : 'border-transparent bg-white hover:border-slate-300'}`;

/** A row's first line: handle or badge, the section's name, and its actions laid over the end. */
const rowLineClass = 'relative flex items-center gap-1 rounded-[inherit] bg-inherit px-1 py-1';

/** The section's blocks (slides, features, columns…) under its row; choosing one opens it in the settings. */
function BlockList({ section, name }: { section: SectionNode; name: string }) {
  const { store } = useStudio();
  const openBlockId = useEditor((s) => (s.selectedId === section.id ? (s.openBlock?.blockId ?? null) : null));
  const spec = sectionSchemas[section.type as keyof typeof sectionSchemas]?.blocks;
  const definition = sectionSchemas[section.type as keyof typeof sectionSchemas];
  if (!spec || !definition || !section.blocks?.length) return null;
  return (
    <ul aria-label={`${name}: ${spec.name}s`} className="ml-8 space-y-px border-l border-slate-200 pb-1 pl-1">
      {section.blocks.map((block, index) => (
        <li key={block.id} data-outline-block={block.id}>
          <button
            type="button"
            aria-current={openBlockId === block.id ? 'true' : undefined}
            onClick={() => store.getState().selectBlock(section.id, block.id)}
            className="block w-full truncate rounded px-1.5 py-0.5 text-left text-xs text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-[current=true]:bg-indigo-100 aria-[current=true]:text-indigo-900"
          >
            {blockLabel(spec.name, definition.readBlock(block.settings), index)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Page section types, for the "+" between rows: header and footer belong to the theme, not to a place in the page. */
const insertableEntries = paletteEntries().filter((entry) => entry.type !== 1 && entry.type !== 2);

/**
 * The "+" under a row: it opens the section types (search and list) in a small popover, and the one chosen goes into
 * the page right after the row, as one undo step. Escape, or a click elsewhere, closes it.
 */
function InsertAfter({ name, insertAt }: { name: string; insertAt: () => number }) {
  const { store } = useStudio();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const label = `Add a section after ${name}`;
  return (
    <div
      ref={box}
      className="absolute inset-x-0 -bottom-2.5 z-10 flex flex-col items-center"
      onBlur={(event) => {
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-haspopup="dialog"
        data-outline-insert
        onClick={() => setOpen(!open)}
        className={`flex size-5 items-center justify-center rounded-full border border-indigo-300 bg-white text-indigo-700 shadow-sm hover:bg-indigo-600 hover:text-white focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500 ${open ? 'opacity-100' : 'pointer-events-none opacity-0 group-hover:pointer-events-auto group-hover:opacity-100 focus-visible:pointer-events-auto'}`}
      >
        <PlusIcon />
      </button>
      {open ? (
        <div
          role="dialog"
          aria-label={label}
          className="absolute inset-x-0 top-full mt-1 flex max-h-80 flex-col rounded-lg border border-slate-200 bg-white p-2 shadow-xl"
        >
          <SectionPicker
            entries={insertableEntries}
            listLabel="Sections to add here"
            autoFocus
            entryState={(entry) => ({ unavailable: null, title: `Add ${entry.name} here` })}
            onPick={(type) => {
              store.getState().addSection(type, insertAt());
              close(true);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              event.stopPropagation();
              close(true);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

function SectionName({ section }: { section: SectionNode }) {
  const { type, detail } = sectionLabel(section);
  return (
    <span className="min-w-0 flex-1">
      <span className={`block truncate font-medium ${section.hidden ? 'text-slate-400 line-through' : 'text-slate-800'}`}>{type}</span>
      {detail ? <span className="block truncate text-xs text-slate-600">{detail}</span> : null}
    </span>
  );
}

function RowActions({ section, inPage }: { section: SectionNode; inPage: boolean }) {
  const { store } = useStudio();
  const { type } = sectionLabel(section);
  const state = store.getState();
  return (
    // Laid over the row's end, so their coming and going (on hover, focus, selection) never moves the name under a
    // pointer that is pressing it.
    <span
      className="absolute inset-y-0 right-1 flex items-center bg-inherit opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 group-aria-[current=true]:opacity-100"
      data-row-actions
    >
      <IconButton
        label={section.hidden ? `Show ${type}` : `Hide ${type}`}
        onClick={() => state.toggleHidden(section.id)}
        className="size-7"
      >
        {section.hidden ? <EyeOffIcon /> : <EyeIcon />}
      </IconButton>
      {inPage ? (
        <IconButton label={`Duplicate ${type}`} onClick={() => state.duplicateSection(section.id)} className="size-7">
          <DuplicateIcon />
        </IconButton>
      ) : null}
      <IconButton label={`Delete ${type}`} onClick={() => deleteSection(store, section.id)} className="size-7 hover:text-red-700">
        <TrashIcon />
      </IconButton>
    </span>
  );
}

/** One page section's row; it reads its own section, so an edit to one section redraws one row. */
const SortableRow = memo(function SortableRow({ id }: { id: string }) {
  const { store } = useStudio();
  const section = useEditor((s) => pageSection(s.docs, id));
  const selected = useEditor((s) => s.selectedId === id);
  const hovered = useEditor((s) => s.hoveredId === id);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  // The row's actions exist only while they can be reached (pointer over the row, focus in it, or selected): on a
  // long page they would otherwise be most of the outline's elements.
  const [focused, setFocused] = useState(false);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  if (!section) return null;
  const { type } = sectionLabel(section);
  return (
    <li
      ref={setNodeRef}
      data-outline-id={section.id}
      aria-current={selected ? 'true' : undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`${rowClass(selected, hovered)} ${isDragging ? 'z-20 shadow-lg' : ''}`}
      onPointerEnter={() => store.getState().hover(section.id)}
      onPointerLeave={() => store.getState().hover(null)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {/* Drawn only when in view; the "+" below stays outside it, since it reaches over the gap to the next row. */}
      <div className="rounded-[inherit] bg-inherit [contain-intrinsic-size:auto_38px] [content-visibility:auto]">
        <div className={rowLineClass}>
          <button
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Reorder ${type}`}
            className="flex size-7 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-500 active:cursor-grabbing"
          >
            <GripIcon />
          </button>
          <button
            type="button"
            data-outline-select
            onClick={() => store.getState().select(section.id)}
            className="flex min-w-0 flex-1 rounded px-1 text-left focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <SectionName section={section} />
          </button>
          {selected || hovered || focused ? <RowActions section={section} inPage /> : null}
        </div>
        <BlockList section={section} name={type} />
      </div>
      {/* Like the row's actions, only while it can be reached: one "+" per row would be a Tab stop per section. */}
      {selected || hovered || focused ? <InsertAfter name={type} insertAt={() => afterSection(store.getState().docs, section.id)} /> : null}
    </li>
  );
});

/** The page index just after a section (the page's end if it has gone meanwhile). */
function afterSection(docs: Documents, id: string): number {
  const place = locateSection(docs, id);
  return place?.scope === 'page' ? place.index + 1 : (docs.page?.sections.length ?? 0);
}

function GlobalRow({ slot }: { slot: 'header' | 'footer' }) {
  const { store } = useStudio();
  const section = useEditor((s) => s.docs.theme?.[slot] ?? null);
  const selected = useEditor((s) => section !== null && s.selectedId === section.id);
  const hovered = useEditor((s) => section !== null && s.hoveredId === section.id);
  if (!section) {
    return (
      <li>
        <button
          type="button"
          onClick={() => store.getState().addSection(slot === 'header' ? 1 : 2)}
          className="w-full rounded-md border border-dashed border-slate-300 px-2 py-1.5 text-left text-xs text-slate-600 hover:border-indigo-400 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          + Add a store {slot}
        </button>
      </li>
    );
  }
  const { type } = sectionLabel(section);
  return (
    <li
      aria-current={selected ? 'true' : undefined}
      className={rowClass(selected, hovered)}
      onPointerEnter={() => store.getState().hover(section.id)}
      onPointerLeave={() => store.getState().hover(null)}
    >
      <div className={rowLineClass}>
        <span
          className="flex size-7 shrink-0 items-center justify-center text-[10px] font-semibold text-slate-600 uppercase"
          title="Shared by every page"
        >
          All
        </span>
        <button
          type="button"
          onClick={() => store.getState().select(section.id)}
          className="flex min-w-0 flex-1 rounded px-1 text-left focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          <SectionName section={section} />
        </button>
        <RowActions section={section} inPage={false} />
      </div>
      <BlockList section={section} name={type} />
      {/* After the header: the top of the page. */}
      {slot === 'header' ? <InsertAfter name={type} insertAt={() => 0} /> : null}
    </li>
  );
}

/**
 * The outline of the page: the theme's header and footer (shared by every page) around the page's sections, which
 * reorder by dragging their handles with the mouse, or from the keyboard (Space, arrows, Space). New sections can be
 * dropped in from the palette.
 */
export function Outline() {
  // The ids alone: typing in a section's settings leaves them equal, so the outline does not redraw its rows.
  const latestIds = useEditor(useShallow((s) => s.docs.page?.sections.map((section) => section.id) ?? null));
  // A new order (a shortcut, undo, a move in the preview) is drawn here in a background render React interrupts
  // for anything the owner does, so the preview shows it first; so is the first list of a page (hundreds of rows).
  // A drop in this list is drawn at once, where the owner let go, not back where it was.
  const deferredIds = useDeferredValue(latestIds, null);
  const [dropped, setDropped] = useState<Dropped | null>(null);
  const ids = dropped && dropped.base === deferredIds ? dropped.order : deferredIds;
  if (!ids) return null;
  return <OutlineList ids={ids} base={deferredIds} onDropped={setDropped} />;
}

/** An order dropped in the outline, drawn until the store's order (which was `base` then) catches up. */
interface Dropped {
  order: string[];
  base: string[] | null;
}

/** The rows in `ids` order; memoised, so the moment a new order arrives (before it is drawn) costs nothing. */
const OutlineList = memo(function OutlineList({
  ids,
  base,
  onDropped,
}: {
  ids: string[];
  base: string[] | null;
  onDropped: (dropped: Dropped) => void;
}) {
  const { store } = useStudio();
  const [dropAt, setDropAt] = useState<number | null>(null);
  // A long page's rows arrive 20 at a time, each batch a short task, so the studio answers at once after it opens.
  const drawn = useGrowingCount(ids.length, ROWS_PER_BATCH);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const name = (id: string | number) => {
    const section = pageSection(store.getState().docs, String(id));
    return section ? sectionLabel(section).type : 'section';
  };
  const position = (id: string | number | undefined) =>
    id === undefined ? '' : `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} moved to ${position(over.id)}.` : `${name(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped at ${position(over.id)}.` : `${name(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled; it is back in its place.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const toIndex = ids.indexOf(String(over.id));
    const order = ids.filter((id) => id !== active.id);
    order.splice(toIndex, 0, String(active.id));
    onDropped({ order, base });
    store.getState().moveSection(String(active.id), toIndex);
  };

  const paletteIndex = (event: DragEvent<HTMLElement>) => {
    const rows = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-outline-id]')];
    const index = rows.findIndex((row) => {
      const rect = row.getBoundingClientRect();
      return event.clientY < rect.top + rect.height / 2;
    });
    return index < 0 ? rows.length : index;
  };
  const fromPalette = (event: DragEvent<HTMLElement>) => event.dataTransfer.types.includes(PALETTE_DRAG_TYPE);

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
      <ul className="space-y-1" aria-label="Store header">
        <GlobalRow slot="header" />
      </ul>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol
          aria-label="Page sections"
          className="relative my-1 min-h-16 space-y-1 rounded-md border-l-2 border-slate-200 py-1 pl-1"
          onDragOver={(event) => {
            if (!fromPalette(event)) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'copy';
            setDropAt(paletteIndex(event));
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropAt(null);
          }}
          onDrop={(event) => {
            setDropAt(null);
            if (!fromPalette(event)) return;
            event.preventDefault();
            try {
              const { id } = JSON.parse(event.dataTransfer.getData(PALETTE_DRAG_TYPE)) as { id: string };
              const type = takePaletteDrop(id);
              if (type !== null) store.getState().addSection(type, paletteIndex(event));
            } catch {
              // Not one of ours.
            }
          }}
        >
          {ids.length === 0 ? (
            <li className="px-2 py-4 text-center text-xs text-slate-500">This page has no sections yet. Add one from the list below.</li>
          ) : null}
          {ids.slice(0, drawn).map((id, index) => (
            <SortableRowWithDrop key={id} id={id} showLine={dropAt === index} />
          ))}
          {dropAt !== null && dropAt >= ids.length ? <DropLine /> : null}
        </ol>
      </SortableContext>
      <ul className="space-y-1" aria-label="Store footer">
        <GlobalRow slot="footer" />
      </ul>
    </DndContext>
  );
});

const ROWS_PER_BATCH = 20;

const DropLine = () => <li aria-hidden="true" className="h-0.5 rounded bg-indigo-600" />;

function SortableRowWithDrop({ id, showLine }: { id: string; showLine: boolean }) {
  return (
    <>
      {showLine ? <DropLine /> : null}
      <SortableRow id={id} />
    </>
  );
}
