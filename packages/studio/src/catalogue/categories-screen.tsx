import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useMatch, useNavigate } from 'react-router-dom';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDndContext,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { StudioCategory } from '@vitrine/commerce';
import { useStudio } from '../context.tsx';
import { problemText } from '../state/controller.ts';
import { Button, ButtonLink } from '../ui/button.tsx';
import { GripIcon } from '../ui/icons.tsx';
import { productCount } from './catalogue-form.tsx';
import { CategoryForm } from './category-form.tsx';
import { arranged, branchOf, childrenOf } from './category-tree.ts';

const instructions =
  'To move a category, press Space on its handle, move it with the arrow keys and press Space to drop it, or Escape to cancel. ' +
  'Or hold Alt: Alt with Up or Down moves it among its siblings, Alt with Right puts it inside the category above it, Alt with Left takes it out of its parent.';

/**
 * The store's category tree (`/editor/categories`), the category open beside it at `/editor/categories/{id}` (or
 * `new`, `new?parent={id}`): each category with its own products' count; dragged with the pointer or moved from the
 * keyboard (dnd-kit's Space and arrows, or Alt with an arrow), every move said aloud and saved at once.
 */
export function CategoriesScreen() {
  const { controller, store } = useStudio();
  const navigate = useNavigate();
  const openParam = useMatch('/editor/categories/:categoryId')?.params.categoryId ?? null;
  const [categories, setCategories] = useState<StudioCategory[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [said, setSaid] = useState('');
  const focusAfter = useRef<number | null>(null);
  const tree = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    controller.catalogue.getCategories().then(
      (found) => {
        if (!live) return;
        setCategories(found);
        setError(null);
      },
      (failure: unknown) => live && setError(problemText(failure)),
    );
    return () => {
      live = false;
    };
  }, [controller, attempt]);

  // A category moved from the keyboard keeps the keyboard, in its new place.
  useEffect(() => {
    if (focusAfter.current === null) return;
    tree.current?.querySelector<HTMLElement>(`[data-category-handle="${focusAfter.current}"]`)?.focus();
    focusAfter.current = null;
  }, [categories]);

  const named = (id: number | null) => (id === null ? null : (categories?.find((c) => c.id === id)?.name ?? null));

  /** Moves a category (saved at once, shown before the answer, put back if refused) and says where it went. */
  const move = async (id: number, parentId: number | null, position: number, keepFocus: boolean) => {
    if (!categories) return;
    const moving = categories.find((c) => c.id === id)!;
    const before = categories;
    const next = arranged(categories, id, parentId, position);
    const siblings = childrenOf(next, parentId);
    const at = siblings.findIndex((c) => c.id === id);
    if (moving.parentId === parentId && childrenOf(categories, parentId).findIndex((c) => c.id === id) === at) return;
    if (keepFocus) focusAfter.current = id;
    setCategories(next);
    try {
      const answer =
        moving.parentId === parentId
          ? await controller.catalogue.reorderCategories({ parentId, categoryIds: siblings.map((c) => c.id) })
          : await controller.catalogue.moveCategory({ categoryId: id, parentId, position: at });
      if (keepFocus) focusAfter.current = id;
      setCategories(answer);
      setSaid(
        `${moving.name} moved to position ${at + 1} of ${siblings.length}, ${parentId === null ? 'at the top' : `in ${named(parentId)}`}.`,
      );
    } catch (failure) {
      if (keepFocus) focusAfter.current = id;
      setCategories(before);
      setSaid(`${moving.name} was not moved: ${problemText(failure)}`);
      store.getState().notify(`${moving.name} was not moved: ${problemText(failure)}`, 'error');
    }
  };

  /** Alt with an arrow on a handle: up and down among the siblings, right into the sibling above, left out of the parent. */
  const moveByKey = (category: StudioCategory, event: KeyboardEvent<HTMLElement>): boolean => {
    if (!categories || !event.altKey) return false;
    const siblings = childrenOf(categories, category.parentId);
    const at = siblings.findIndex((c) => c.id === category.id);
    const parent = categories.find((c) => c.id === category.parentId);
    const above = siblings[at - 1];
    const target: Record<string, [number | null, number] | null> = {
      ArrowUp: at > 0 ? [category.parentId, at - 1] : null,
      ArrowDown: at < siblings.length - 1 ? [category.parentId, at + 1] : null,
      ArrowRight: above ? [above.id, childrenOf(categories, above.id).length] : null,
      ArrowLeft: parent ? [parent.parentId, childrenOf(categories, parent.parentId).findIndex((c) => c.id === parent.id) + 1] : null,
    };
    if (!(event.key in target)) return false;
    event.preventDefault();
    const to = target[event.key];
    if (to) void move(category.id, to[0], to[1], true);
    else setSaid(`${category.name} cannot move that way.`);
    return true;
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const placeOf = (id: string | number | undefined) => {
    const category = categories?.find((c) => c.id === Number(id));
    if (!category || !categories) return '';
    const siblings = childrenOf(categories, category.parentId);
    return `position ${siblings.indexOf(category) + 1} of ${siblings.length}${category.parentId === null ? ' at the top' : ` in ${named(category.parentId)}`}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${named(Number(active.id))}, ${placeOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${named(Number(active.id))} is over ${named(Number(over.id))}, ${placeOf(over.id)}.`
        : `${named(Number(active.id))} is over no category.`,
    onDragEnd: ({ active, over }) =>
      over ? `${named(Number(active.id))} dropped at ${placeOf(over.id)}.` : `${named(Number(active.id))} dropped where it was.`,
    onDragCancel: ({ active }) => `Moving ${named(Number(active.id))} was cancelled; it is back in its place.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!categories || !over || active.id === over.id) return;
    const id = Number(active.id);
    const target = categories.find((c) => c.id === Number(over.id));
    // Dropped on its own sub-category: a category cannot go under itself.
    if (!target || branchOf(categories, id).has(target.id)) return;
    const position = childrenOf(categories, target.parentId).findIndex((c) => c.id === target.id);
    void move(id, target.parentId, position, true);
  };

  /** ↑ ↓ Home End move between the categories' names, as in the navigation. */
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (!target.matches('[data-category-link]') || event.altKey) return;
    const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('[data-category-link]')];
    const at = links.indexOf(target as HTMLAnchorElement);
    const to = { ArrowDown: Math.min(links.length - 1, at + 1), ArrowUp: Math.max(0, at - 1), Home: 0, End: links.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    links[to]?.focus();
  };

  const openId = openParam === null || openParam === 'new' ? null : Number(openParam);
  return (
    <div className="flex h-full min-h-0">
      <section
        aria-labelledby="category-tree-title"
        className={`flex min-h-0 min-w-0 flex-col border-slate-200 max-md:flex-1 md:w-96 md:shrink-0 md:border-r ${openParam ? 'max-md:hidden' : ''}`}
      >
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-3 sm:px-5">
          <h2 id="category-tree-title" className="mr-auto text-sm font-semibold text-slate-900">
            Category tree
          </h2>
          <ButtonLink tone="primary" to="/editor/categories/new">
            Add category
          </ButtonLink>
        </div>
        <div ref={tree} className="min-h-0 flex-1 overflow-y-auto px-2 py-2 sm:px-3" aria-busy={categories === null} onKeyDown={moveFocus}>
          {error && !categories ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 px-2 py-6 text-sm text-red-700">
              Categories could not be loaded: {error}
              <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
            </div>
          ) : categories === null ? (
            <>
              <p role="status" className="sr-only">
                Loading…
              </p>
              <ul aria-hidden="true" className="space-y-1">
                {Array.from({ length: 6 }, (_, i) => (
                  <li key={i} data-skeleton className="flex h-9 items-center px-2">
                    <span className="block h-3 w-40 animate-pulse rounded bg-slate-200" />
                  </li>
                ))}
              </ul>
            </>
          ) : categories.length === 0 ? (
            <div role="status" className="px-3 py-10 text-center">
              <p className="text-sm font-medium text-slate-800">No categories yet</p>
              <p className="mt-1 text-sm text-slate-500">Add a category to group your products for shoppers.</p>
            </div>
          ) : (
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              onDragEnd={onDragEnd}
              accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
            >
              <CategoryList categories={categories} parentId={null} label="Categories" openId={openId} onKey={moveByKey} />
            </DndContext>
          )}
        </div>
        <p role="status" aria-live="polite" className="sr-only">
          {said}
        </p>
      </section>
      {openParam ? (
        <div
          className="min-h-0 min-w-0 flex-1"
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || (event.target as HTMLElement).closest('input, textarea, select, [contenteditable="true"]'))
              return;
            event.preventDefault();
            void navigate('/editor/categories');
          }}
        >
          {categories ? (
            <CategoryForm key={openParam} param={openParam} categories={categories} onChanged={setCategories} />
          ) : (
            <p role="status" className="px-5 py-10 text-center text-sm text-slate-500">
              Loading the category…
            </p>
          )}
        </div>
      ) : (
        <div className="flex flex-1 items-center justify-center px-5 text-center text-sm text-slate-500 max-md:hidden">
          <p>
            Choose a category to edit it, or{' '}
            <Link to="/editor/categories/new" className="text-indigo-700 underline hover:text-indigo-900">
              add one
            </Link>
            .
          </p>
        </div>
      )}
    </div>
  );
}

/** The sub-categories of one parent, sortable among themselves; each draws its own below it. */
function CategoryList({
  categories,
  parentId,
  label,
  openId,
  onKey,
}: {
  categories: readonly StudioCategory[];
  parentId: number | null;
  label: string;
  openId: number | null;
  onKey: (category: StudioCategory, event: KeyboardEvent<HTMLElement>) => boolean;
}) {
  const shown = childrenOf(categories, parentId);
  return (
    <SortableContext items={shown.map((c) => c.id)} strategy={verticalListSortingStrategy}>
      <ul aria-label={label} className={parentId === null ? 'space-y-0.5' : 'mt-0.5 ml-5 space-y-0.5 border-l border-slate-200 pl-1'}>
        {shown.map((category) => (
          <CategoryRow key={category.id} category={category} categories={categories} openId={openId} onKey={onKey} />
        ))}
      </ul>
    </SortableContext>
  );
}

function CategoryRow({
  category,
  categories,
  openId,
  onKey,
}: {
  category: StudioCategory;
  categories: readonly StudioCategory[];
  openId: number | null;
  onKey: (category: StudioCategory, event: KeyboardEvent<HTMLElement>) => boolean;
}) {
  // A category picked up takes its sub-categories with it: they are no place to drop it.
  const { active } = useDndContext();
  const carried = active !== null && active.id !== category.id && branchOf(categories, Number(active.id)).has(category.id);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: category.id,
    // A boolean would only stop it being picked up; its place must not take the drop either.
    disabled: { draggable: carried, droppable: carried },
  });
  const open = openId === category.id;
  const below = childrenOf(categories, category.id);
  return (
    <li
      ref={setNodeRef}
      data-category-id={category.id}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`rounded-md ${isDragging ? 'relative z-20 bg-white shadow-lg' : ''}`}
    >
      <div className={`flex items-center gap-1 rounded-md px-1 py-0.5 ${open ? 'bg-indigo-50' : 'hover:bg-slate-50'}`}>
        <button
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          type="button"
          data-category-handle={category.id}
          aria-label={`Reorder ${category.name}`}
          aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Alt+ArrowRight Alt+ArrowLeft"
          onKeyDown={(event) => {
            if (onKey(category, event)) return;
            listeners?.onKeyDown?.(event);
          }}
          className="flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-500 active:cursor-grabbing"
        >
          <GripIcon />
        </button>
        <Link
          to={`/editor/categories/${category.id}`}
          data-category-link
          aria-current={open ? 'page' : undefined}
          className="min-w-0 flex-1 truncate rounded px-1 py-1 text-sm font-medium text-slate-800 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-[current=page]:text-indigo-800"
        >
          {category.name}
        </Link>
        <span className="shrink-0 pr-1 text-xs text-slate-500 tabular-nums">{productCount(category.productCount)}</span>
      </div>
      {below.length ? (
        <CategoryList categories={categories} parentId={category.id} label={`Inside ${category.name}`} openId={openId} onKey={onKey} />
      ) : null}
    </li>
  );
}
