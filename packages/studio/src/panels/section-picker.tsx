import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { searchPalette, type PaletteEntry } from '../palette.ts';

/** The glyph of a section type that brings none of its own: a plain block. */
const GENERIC_ICON = 'M4 5h16v14H4zM4 10h16';

/** How the picker treats one entry: why it cannot be added now (null when it can), and what its tooltip says. */
export interface PickerEntryState {
  unavailable: string | null;
  title: string;
}

/**
 * Section types to choose from: a search box ("Search sections") over their names and descriptions, and a list of
 * buttons, each with the type's icon, name and one-line description. Used by the palette (click or drag) and by the
 * outline's "+" between rows. Enter in the search box picks the first type it finds.
 */
export function SectionPicker({
  entries,
  listLabel,
  onPick,
  entryState,
  onDragStart,
  autoFocus = false,
  onKeyDown,
}: {
  entries: readonly PaletteEntry[];
  listLabel: string;
  onPick: (type: number) => void;
  entryState: (entry: PaletteEntry) => PickerEntryState;
  onDragStart?: (entry: PaletteEntry, event: DragEvent<HTMLButtonElement>) => void;
  autoFocus?: boolean;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const found = useMemo(() => searchPalette(entries, query), [entries, query]);
  const firstAddable = found.find((entry) => entryState(entry).unavailable === null);
  const search = useRef<HTMLInputElement>(null);
  // When the outline's "+" opens the picker, the owner can type at once. (Preact does not act on `autoFocus`.)
  useEffect(() => {
    if (autoFocus) search.current?.focus();
  }, [autoFocus]);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2" onKeyDown={onKeyDown}>
      <label htmlFor={`${id}-search`} className="sr-only">
        Search sections
      </label>
      <input
        id={`${id}-search`}
        type="search"
        value={query}
        placeholder="Search sections"
        autoComplete="off"
        spellCheck={false}
        ref={search}
        aria-describedby={`${id}-count`}
        onInput={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (firstAddable) onPick(firstAddable.type);
        }}
        className="h-8 w-full shrink-0 rounded-md border border-slate-300 bg-white px-2 text-sm placeholder:text-slate-500 focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/30"
      />
      <p id={`${id}-count`} aria-live="polite" className={found.length === 0 ? 'px-1 py-3 text-center text-xs text-slate-600' : 'sr-only'}>
        {found.length === 0
          ? `No section matches “${query.trim()}”. Try another word, such as “image” or “form”.`
          : query.trim()
            ? `${found.length} of ${entries.length} sections`
            : ''}
      </p>
      {found.length > 0 ? (
        // The list scrolls under the search box, which stays in view.
        <ul className="min-h-0 space-y-1 overflow-y-auto p-0.5" aria-label={listLabel}>
          {found.map((entry) => {
            const state = entryState(entry);
            const disabled = state.unavailable !== null;
            return (
              <li key={entry.type}>
                <button
                  type="button"
                  draggable={Boolean(onDragStart) && !disabled}
                  disabled={disabled}
                  aria-labelledby={`${id}-name-${entry.type}`}
                  aria-describedby={`${id}-about-${entry.type}`}
                  title={state.unavailable ?? state.title}
                  onClick={() => onPick(entry.type)}
                  onDragStart={onDragStart ? (event) => onDragStart(entry, event) : undefined}
                  className={`flex w-full items-start gap-2 rounded-md border border-slate-200 bg-white px-2 py-1.5 text-left hover:border-indigo-400 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:hover:border-slate-200 ${onDragStart ? 'cursor-grab active:cursor-grabbing' : ''}`}
                >
                  <svg
                    viewBox="0 0 24 24"
                    width="20"
                    height="20"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    aria-hidden="true"
                    className="mt-0.5 shrink-0 rounded bg-slate-100 p-0.5 text-indigo-700"
                  >
                    <path d={entry.icon ?? GENERIC_ICON} />
                  </svg>
                  <span className="min-w-0 flex-1">
                    <span
                      id={`${id}-name-${entry.type}`}
                      className={`block text-sm font-medium ${disabled ? 'text-slate-500' : 'text-slate-800'}`}
                    >
                      {entry.name}
                    </span>
                    <span id={`${id}-about-${entry.type}`} className="line-clamp-2 text-xs text-slate-600">
                      {state.unavailable ?? entry.description}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
