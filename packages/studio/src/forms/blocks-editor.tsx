import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { SectionNode } from '@vitrine/commerce';
import type { SectionSchema } from '@vitrine/sections/schemas';
import { IconButton } from '../ui/button.tsx';
import { ChevronDownIcon, ChevronUpIcon, PlusIcon, TrashIcon } from '../ui/icons.tsx';
import { blockLabel } from '../state/section-ops.ts';
import { SettingsForm } from './settings-form.tsx';

/** What the blocks editor may do to the section's blocks. */
export interface BlockActions {
  add(): void;
  remove(blockId: string): void;
  move(from: number, to: number): void;
  set(blockId: string, key: string, value: unknown): void;
}

/** The repeated items of a section (slides, features, plans…): add up to the maximum, remove, reorder, edit each. */
export function BlocksEditor({
  section,
  definition,
  actions,
  openRequest = null,
}: {
  section: SectionNode;
  definition: SectionSchema;
  actions: BlockActions;
  /** A block to open and bring into view (chosen in the outline); each new request object opens it again. */
  openRequest?: { blockId: string } | null;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const blocks = section.blocks ?? NO_BLOCKS;
  const list = useRef<HTMLDivElement>(null);
  /** Where the keyboard goes once the blocks are drawn again, after a click took its button away or made a block. */
  const focusNext = useRef<{ blockId: string } | 'add-button' | 'added' | null>(null);
  const shown = useRef(blocks);
  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = blocks;
    const target = focusNext.current;
    focusNext.current = null;
    let blockId: string | null = null;
    if (target === 'added') {
      // The block Add made opens, ready to be filled in.
      blockId = blocks.find((block) => !before.some((old) => old.id === block.id))?.id ?? null;
      if (blockId) setOpen((current) => new Set(current).add(blockId!));
    } else if (target !== null && target !== 'add-button') blockId = target.blockId;
    const root = list.current;
    if (target === null || !root) return;
    (blockId
      ? root.querySelector<HTMLElement>(`[data-block-id="${blockId}"] [aria-expanded]`)
      : root.querySelector<HTMLElement>('[data-add-block]')
    )?.focus();
  }, [blocks]);
  // A block chosen in the outline opens here and comes into view (its group opened if the owner had closed it).
  const reveal = useRef<string | null>(null);
  useEffect(() => {
    if (!openRequest || !shown.current.some((block) => block.id === openRequest.blockId)) return;
    reveal.current = openRequest.blockId;
    setOpen((current) => new Set(current).add(openRequest.blockId));
  }, [openRequest]);
  useLayoutEffect(() => {
    const item = reveal.current && list.current?.querySelector<HTMLElement>(`[data-block-id="${reveal.current}"]`);
    reveal.current = null;
    if (!item) return;
    const group = item.closest('details');
    if (group) group.open = true;
    item.scrollIntoView?.({ block: 'nearest' });
  }, [open]);
  const spec = definition.blocks;
  if (!spec) return null;
  const full = blocks.length >= spec.max;
  const noun = spec.name;
  return (
    <div className="space-y-2" ref={list}>
      {blocks.length === 0 ? <p className="text-sm text-slate-500">No {noun}s yet.</p> : null}
      <ol className="space-y-2" aria-label={`${noun}s`}>
        {blocks.map((block, index) => {
          const settings = definition.readBlock(block.settings);
          const title = blockLabel(noun, settings, index);
          const isOpen = open.has(block.id);
          return (
            <li key={block.id} data-block-id={block.id} className="rounded-md border border-slate-200 bg-white">
              <div className="flex items-center gap-1 px-1 py-1">
                <button
                  type="button"
                  aria-expanded={isOpen}
                  onClick={() => setOpen((current) => toggled(current, block.id))}
                  className="flex min-w-0 flex-1 items-center gap-1.5 rounded px-1 py-0.5 text-left text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
                >
                  <span aria-hidden="true" className={`transition-transform ${isOpen ? 'rotate-180' : ''}`}>
                    <ChevronDownIcon />
                  </span>
                  <span className="truncate">{title}</span>
                </button>
                <IconButton label={`Move ${title} up`} disabled={index === 0} onClick={() => actions.move(index, index - 1)}>
                  <ChevronUpIcon />
                </IconButton>
                <IconButton
                  label={`Move ${title} down`}
                  disabled={index === blocks.length - 1}
                  onClick={() => actions.move(index, index + 1)}
                >
                  <ChevronDownIcon />
                </IconButton>
                <IconButton
                  label={`Remove ${title}`}
                  onClick={() => {
                    // The keyboard moves on to the next block (the previous at the end), or to Add when none is left.
                    const next = blocks[index + 1] ?? blocks[index - 1];
                    focusNext.current = next ? { blockId: next.id } : 'add-button';
                    actions.remove(block.id);
                  }}
                  className="hover:text-red-700"
                >
                  <TrashIcon />
                </IconButton>
              </div>
              {isOpen ? (
                <div className="border-t border-slate-200 px-3 py-3">
                  <SettingsForm
                    schema={spec.settings}
                    fields={spec.fields}
                    values={settings}
                    onChange={(key, value) => actions.set(block.id, key, value)}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        onClick={() => {
          focusNext.current = 'added';
          actions.add();
        }}
        disabled={full}
        data-add-block
        className="flex w-full items-center justify-center gap-1.5 rounded-md border border-dashed border-slate-300 py-2 text-sm font-medium text-slate-700 hover:border-indigo-400 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:border-slate-300"
      >
        <PlusIcon /> {full ? `At most ${spec.max} ${noun}s` : `Add ${noun}`}
      </button>
    </div>
  );
}

const NO_BLOCKS: readonly never[] = [];

const toggled = (set: ReadonlySet<string>, id: string): ReadonlySet<string> => {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
};
