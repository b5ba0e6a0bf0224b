import { createContext, use } from 'react';
import { useStore } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { createStore, type Mutate, type StoreApi } from 'zustand/vanilla';
import { castDraft } from 'immer';
import type { SectionNode } from '@vitrine/commerce';
import type { FramePage } from '@vitrine/frame-protocol';

/**
 * The preview frame's own store: the sections the studio last sent, kept by id so that an update to one section
 * wakes only the component that draws it, and the order of the page's sections.
 */
export interface FrameState {
  /** Whether the studio has sent a page yet. */
  received: boolean;
  /** The page's address and type, which the studio sends along with its sections. */
  page: { slug: string; pageTypeId: number } | null;
  /** The page's section ids in order (the header and footer are not among them). */
  order: string[];
  sections: Record<string, SectionNode>;
  headerId: string | null;
  footerId: string | null;
  /** Theme settings (§3.8) as SET_SETTINGS last gave them. */
  themeSettings: Record<string, unknown> | null;
  mode: 'edit' | 'view';
  selectedId: string | null;
  hoveredId: string | null;
  /** Raised to draw a section afresh (after its text was edited in place, the browser changed its DOM). */
  remounts: Record<string, number>;

  setPage(page: FramePage): void;
  /** Puts the page's sections in a new order; false (nothing changes) unless it holds exactly the ids shown. */
  setOrder(ids: readonly string[]): boolean;
  /** Replaces one section the frame already shows; false when the id is unknown. */
  setSection(section: SentSection): boolean;
  setThemeSettings(settings: Record<string, unknown>): void;
  setMode(mode: 'edit' | 'view'): void;
  select(id: string | null): void;
  hover(id: string | null): void;
  /** Moves a page section in the frame's order, as a drag in the frame does before the studio confirms it. */
  move(id: string, toIndex: number): void;
  remount(id: string): void;
}

export type FrameStore = Mutate<StoreApi<FrameState>, [['zustand/immer', never]]>;

/** A section as the protocol delivered it: already checked against the message schema by the channel. */
type SentSection = FramePage['sections'][number];
const asNode = (section: SentSection): SectionNode => section as SectionNode;

const sameSection = (a: SectionNode | undefined, b: SectionNode) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/** Creates the frame's store. */
export function createFrameStore(): FrameStore {
  return createStore<FrameState>()(
    immer((set, get) => ({
      received: false,
      page: null,
      order: [],
      sections: {},
      headerId: null,
      footerId: null,
      themeSettings: null,
      mode: 'edit',
      selectedId: null,
      hoveredId: null,
      remounts: {},

      setPage(page) {
        const sections = page.sections.map(asNode);
        const header = page.header ? asNode(page.header) : null;
        const footer = page.footer ? asNode(page.footer) : null;
        const previous = get().sections;
        const next: Record<string, SectionNode> = {};
        // A section that arrives unchanged keeps its object, so its component does not draw again.
        for (const section of [...sections, ...(header ? [header] : []), ...(footer ? [footer] : [])]) {
          next[section.id] = sameSection(previous[section.id], section) ? previous[section.id]! : section;
        }
        const order = sections.map((s) => s.id);
        const where = page.slug !== undefined && page.pageTypeId !== undefined ? { slug: page.slug, pageTypeId: page.pageTypeId } : null;
        set((state) => {
          state.received = true;
          if (where?.slug !== state.page?.slug || where?.pageTypeId !== state.page?.pageTypeId) state.page = where;
          state.sections = castDraft(next);
          if (order.join() !== state.order.join()) state.order = order;
          state.headerId = header?.id ?? null;
          state.footerId = footer?.id ?? null;
          if (state.selectedId && !next[state.selectedId]) state.selectedId = null;
          if (state.hoveredId && !next[state.hoveredId]) state.hoveredId = null;
        });
      },
      setOrder(ids) {
        const shown = get().order;
        const known = new Set(shown);
        if (ids.length !== shown.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) return false;
        if (ids.every((id, i) => id === shown[i])) return true;
        set({ order: [...ids] });
        return true;
      },
      setSection(value) {
        const section = asNode(value);
        if (!get().sections[section.id]) return false;
        set((state) => {
          state.sections[section.id] = castDraft(section);
        });
        return true;
      },
      setThemeSettings(settings) {
        set({ themeSettings: settings });
      },
      setMode(mode) {
        set((state) => {
          state.mode = mode;
          if (mode === 'view') {
            state.hoveredId = null;
            state.selectedId = null;
          }
        });
      },
      select(id) {
        if (get().selectedId !== id) set({ selectedId: id });
      },
      hover(id) {
        if (get().hoveredId !== id) set({ hoveredId: id });
      },
      move(id, toIndex) {
        set((state) => {
          const from = state.order.indexOf(id);
          if (from < 0) return;
          state.order.splice(from, 1);
          state.order.splice(Math.max(0, Math.min(toIndex, state.order.length)), 0, id);
        });
      },
      remount(id) {
        set((state) => {
          state.remounts[id] = (state.remounts[id] ?? 0) + 1;
        });
      },
    })),
  );
}

export const FrameStoreContext = createContext<FrameStore | null>(null);

/** Reads the frame's store inside the preview. */
export function useFrame<T>(selector: (state: FrameState) => T): T {
  const store = use(FrameStoreContext);
  if (!store) throw new Error('useFrame is only available inside the preview frame');
  return useStore(store, selector);
}

/** The frame's store itself, for event handlers. */
export function useFrameStore(): FrameStore {
  const store = use(FrameStoreContext);
  if (!store) throw new Error('useFrameStore is only available inside the preview frame');
  return store;
}
