import { applyPatches, castDraft, enablePatches, produceWithPatches, type Draft, type Patch } from 'immer';
import { createStore, type Mutate, type StoreApi } from 'zustand/vanilla';
import { immer } from 'zustand/middleware/immer';
import { tempId, type PageDocument, type SectionNode, type ThemeDocument } from '@vitrine/commerce';
import { sectionSchemas } from '@vitrine/sections/schemas';
import type { BreakpointName } from '@vitrine/theme-engine';
import type { StudioPageSummary } from '@vitrine/commerce';
import { cloneWithNewIds, createSection, findSection, locateSection, moveItem, type Documents } from './section-ops.ts';

enablePatches();

/** What is saved as one draft on the server. */
export type Scope = 'page' | 'theme';
/** The save state the top bar shows for a draft. */
export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'error' | 'conflict';

export interface SaveState {
  status: SaveStatus;
  /** The server's draft revision this tab's edits are based on; sent with every save (the version check). */
  revision: number;
  /** What went wrong, in words for the owner (error and conflict). */
  message: string | null;
  savedAt: number | null;
}

/** One undoable change: the immer patches that made it and the ones that take it back. */
export interface HistoryEntry {
  patches: Patch[];
  inverse: Patch[];
  /** Changes with the same key in quick succession (typing in one field) are merged into one entry. */
  key: string | null;
  at: number;
}

/** The page being edited, besides its document. */
export interface PageInfo {
  pageId: number;
  pageTypeId: number;
  /** 0 until first published. */
  publishedVersion: number;
}

export interface ThemeInfo {
  themeId: number;
  name: string;
  publishedVersion: number;
}

/** The right-hand panel: the selected section's settings, the theme, or the store's settings. */
export type Panel = 'section' | 'theme' | 'store';

/** The signed-in owner, the sites they own and the bearer token of their studio session. */
export interface StudioSession {
  owner: { ownerId: number; name: string; email: string };
  sites: { webId: number; title: string; domain: string }[];
  sessionToken: string;
}

/** A short message for the owner at the foot of the screen. */
export interface Notice {
  id: number;
  text: string;
  tone: 'info' | 'success' | 'error';
  /**
   * The change an Undo button on the notice takes back ("Deleted — Undo"): the history entry it made. The notice goes
   * as soon as that entry is no longer the last one (another edit, or undo by other means), so its Undo never takes
   * back anything else.
   */
  undoes?: HistoryEntry;
  /** The section the Undo brings back, selected once it is back. */
  restores?: string;
}

const HISTORY_LIMIT = 300;
const COALESCE_MS = 1200;

export interface EditorState {
  session: StudioSession | null;
  /** The site's pages as the page picker lists them. */
  pages: StudioPageSummary[];
  docs: Documents;
  pageInfo: PageInfo | null;
  themeInfo: ThemeInfo | null;
  save: Record<Scope, SaveState>;
  selectedId: string | null;
  /**
   * The block the owner chose in the outline, for the settings to open; a new object at each choice, so choosing the
   * same block again opens it again after it was closed.
   */
  openBlock: { sectionId: string; blockId: string } | null;
  hoveredId: string | null;
  panel: Panel;
  breakpoint: BreakpointName;
  history: { past: HistoryEntry[]; future: HistoryEntry[] };
  /** Editing (outlines, selection, inline text) or plain viewing in the frame. */
  mode: 'edit' | 'view';
  notice: Notice | null;

  setSession(session: StudioSession | null): void;
  setPages(pages: StudioPageSummary[]): void;
  setMode(mode: 'edit' | 'view'): void;
  notify(text: string, tone?: Notice['tone']): void;
  /** A notice whose Undo button takes back the last change (the one just made), through the undo history. */
  notifyUndoable(text: string, restores?: string): void;
  /** The notice's Undo: takes back its change when it is still the last one; false when there was nothing to take back. */
  undoNotice(): boolean;
  dismissNotice(): void;
  /** Shows a page's draft: no undo history carries over from another page. */
  loadPage(info: PageInfo, document: PageDocument, revision: number): void;
  loadTheme(info: ThemeInfo, document: ThemeDocument, revision: number): void;
  /** Changes the documents through an immer recipe, recording the change for undo. */
  edit(recipe: (docs: Draft<Documents>) => void, coalesceKey?: string): void;
  undo(): void;
  redo(): void;

  addSection(type: number, index?: number): string | null;
  insertSection(section: SectionNode, index?: number): string | null;
  moveSection(id: string, toIndex: number): void;
  removeSection(id: string): void;
  duplicateSection(id: string): string | null;
  toggleHidden(id: string): void;
  setSetting(id: string, key: string, value: unknown): void;
  setStyle(id: string, key: string, value: unknown): void;
  addBlock(id: string): void;
  removeBlock(id: string, blockId: string): void;
  moveBlock(id: string, from: number, to: number): void;
  setBlockSetting(id: string, blockId: string, key: string, value: unknown): void;
  /** Sets one theme setting at a path such as `['colors', 'brand']`. */
  setThemeSetting(path: readonly string[], value: unknown): void;

  select(id: string | null): void;
  /** Selects a section and asks its settings to open one of its blocks. */
  selectBlock(sectionId: string, blockId: string): void;
  hover(id: string | null): void;
  setPanel(panel: Panel): void;
  setBreakpoint(breakpoint: BreakpointName): void;
  setSave(scope: Scope, patch: Partial<SaveState>): void;
  /** Puts in place a draft the server restored from an earlier version, as one step that undo takes back. */
  restoreFromServer(scope: Scope, document: PageDocument | ThemeDocument, revision: number): void;
}

/** The editor's store. */
export type EditorStore = Mutate<StoreApi<EditorState>, [['zustand/immer', never]]>;

const freshSave = (revision = 0): SaveState => ({ status: 'saved', revision, message: null, savedAt: null });

/** The section with `id` inside a draft, wherever it lives, for recipes to change. */
function draftSection(docs: Draft<Documents>, id: string): Draft<SectionNode> | null {
  return findSection(docs as Documents, id) as Draft<SectionNode> | null;
}

/**
 * The studio's one store: the page and theme drafts, selection, save states and the undo history. Every change to
 * the drafts goes through `edit`, which records immer patches, so every change can be undone and redone.
 */
export function createEditorStore(initial: Partial<Pick<EditorState, 'breakpoint' | 'session'>> = {}): EditorStore {
  return createStore<EditorState>()(
    immer((set, get) => {
      const edit: EditorState['edit'] = (recipe, coalesceKey) => {
        const [next, patches, inverse] = produceWithPatches(get().docs, recipe);
        if (patches.length === 0) return;
        const now = Date.now();
        // The new state is put together by hand rather than through another immer draft: this runs on every keystroke.
        const { past, future } = get().history;
        const last = past.at(-1);
        const merge = coalesceKey && last && last.key === coalesceKey && now - last.at < COALESCE_MS && future.length === 0;
        const entry: HistoryEntry = merge
          ? { patches: [...last.patches, ...patches], inverse: [...inverse, ...last.inverse], key: coalesceKey, at: now }
          : { patches, inverse, key: coalesceKey ?? null, at: now };
        const nextPast = merge ? [...past.slice(0, -1), entry] : [...past, entry].slice(-HISTORY_LIMIT);
        set({ docs: next, history: { past: nextPast, future: [] }, ...staleNotice(nextPast) });
      };

      /** Clears a notice whose Undo would no longer take back its own change. */
      const staleNotice = (past: readonly HistoryEntry[]): Partial<EditorState> => {
        const undoes = get().notice?.undoes;
        return undoes && past.at(-1) !== undoes ? { notice: null } : {};
      };

      const travel = (from: 'past' | 'future') => {
        const entry = get().history[from].at(-1);
        if (!entry) return;
        const docs = applyPatches(get().docs, from === 'past' ? entry.inverse : entry.patches);
        set((state) => {
          state.history[from].pop();
          state.history[from === 'past' ? 'future' : 'past'].push(castDraft({ ...entry, key: null }));
          state.docs = castDraft(docs);
          if (!locateSection(docs, state.selectedId)) state.selectedId = null;
        });
        const stale = staleNotice(get().history.past);
        if ('notice' in stale) set(stale);
      };

      const pageSections = (docs: Draft<Documents>) => docs.page?.sections ?? null;

      let noticeId = 0;
      return {
        session: initial.session ?? null,
        pages: [],
        mode: 'edit',
        notice: null,
        setSession(session) {
          set({ session });
        },
        setPages(pages) {
          set({ pages: castDraft(pages) });
        },
        setMode(mode) {
          set({ mode });
        },
        notify(text, tone = 'info') {
          set({ notice: { id: ++noticeId, text, tone } });
        },
        notifyUndoable(text, restores) {
          const last = get().history.past.at(-1);
          set({
            notice: { id: ++noticeId, text, tone: 'info', ...(last ? { undoes: castDraft(last) } : {}), ...(restores ? { restores } : {}) },
          });
        },
        undoNotice() {
          const notice = get().notice;
          if (!notice?.undoes || get().history.past.at(-1) !== notice.undoes) return false;
          travel('past');
          set({ notice: null });
          if (notice.restores && locateSection(get().docs, notice.restores)) get().select(notice.restores);
          return true;
        },
        dismissNotice() {
          set({ notice: null });
        },
        docs: { page: null, theme: null },
        pageInfo: null,
        themeInfo: null,
        save: { page: freshSave(), theme: freshSave() },
        selectedId: null,
        openBlock: null,
        hoveredId: null,
        panel: 'section',
        breakpoint: initial.breakpoint ?? 'desktop',
        history: { past: [], future: [] },

        loadPage(info, document, revision) {
          set((state) => {
            state.docs.page = castDraft(document);
            state.pageInfo = info;
            state.save.page = freshSave(revision);
            state.history = { past: [], future: [] };
            state.selectedId = null;
            state.hoveredId = null;
            if (state.notice?.undoes) state.notice = null;
          });
        },
        loadTheme(info, document, revision) {
          set((state) => {
            state.docs.theme = castDraft(document);
            state.themeInfo = info;
            state.save.theme = freshSave(revision);
          });
        },
        edit,
        undo: () => travel('past'),
        redo: () => travel('future'),

        addSection(type, index) {
          // Header and footer are the theme's, shared by every page: adding one fills the theme's empty slot.
          if (type === 1 || type === 2) {
            const slot = type === 1 ? 'header' : 'footer';
            if (!get().docs.theme || get().docs.theme![slot]) return null;
            const section = createSection(type);
            edit((docs) => {
              docs.theme![slot] = castDraft(section);
            });
            set({ selectedId: section.id, panel: 'section' });
            return section.id;
          }
          return get().insertSection(createSection(type), index);
        },
        insertSection(section, index) {
          if (!get().docs.page || !sectionSchemas[section.type as keyof typeof sectionSchemas]) return null;
          edit((docs) => {
            const sections = pageSections(docs)!;
            sections.splice(index ?? sections.length, 0, castDraft(section));
          });
          set({ selectedId: section.id, panel: 'section' });
          return section.id;
        },
        moveSection(id, toIndex) {
          edit((docs) => {
            const sections = pageSections(docs);
            if (!sections) return;
            moveItem(
              sections,
              sections.findIndex((s) => s.id === id),
              toIndex,
            );
          });
        },
        removeSection(id) {
          const place = locateSection(get().docs, id);
          if (!place) return;
          const order = get().docs.page?.sections.map((s) => s.id) ?? [];
          edit((docs) => {
            if (place.scope === 'page') docs.page!.sections.splice(place.index, 1);
            else docs.theme![place.slot] = null;
          });
          if (get().selectedId === id) {
            // Selection moves to the neighbour, so pressing Delete repeatedly walks down the page.
            const neighbour = place.scope === 'page' ? (order[place.index + 1] ?? order[place.index - 1] ?? null) : null;
            set({ selectedId: neighbour });
          }
        },
        duplicateSection(id) {
          const place = locateSection(get().docs, id);
          if (!place || place.scope !== 'page') return null;
          const copy = cloneWithNewIds(get().docs.page!.sections[place.index]!);
          return get().insertSection(copy, place.index + 1);
        },
        toggleHidden(id) {
          edit((docs) => {
            const section = draftSection(docs, id);
            if (!section) return;
            if (section.hidden) delete section.hidden;
            else section.hidden = true;
          });
        },
        setSetting(id, key, value) {
          edit((docs) => {
            const section = draftSection(docs, id);
            if (section) section.settings[key] = castDraft(value);
          }, `setting:${id}:${key}`);
        },
        setStyle(id, key, value) {
          edit((docs) => {
            const section = draftSection(docs, id);
            if (section) section.style[key] = castDraft(value);
          }, `style:${id}:${key}`);
        },
        addBlock(id) {
          edit((docs) => {
            const section = draftSection(docs, id);
            const spec = section && sectionSchemas[section.type as keyof typeof sectionSchemas]?.blocks;
            if (!section || !spec) return;
            const blocks = (section.blocks ??= []);
            if (blocks.length >= spec.max) return;
            const definition = sectionSchemas[section.type as keyof typeof sectionSchemas]!;
            blocks.push({ id: tempId(), settings: castDraft(definition.readBlock({})) });
          });
        },
        removeBlock(id, blockId) {
          edit((docs) => {
            const section = draftSection(docs, id);
            if (!section?.blocks) return;
            const index = section.blocks.findIndex((b) => b.id === blockId);
            if (index >= 0) section.blocks.splice(index, 1);
          });
        },
        moveBlock(id, from, to) {
          edit((docs) => {
            const section = draftSection(docs, id);
            if (section?.blocks) moveItem(section.blocks, from, to);
          });
        },
        setBlockSetting(id, blockId, key, value) {
          edit((docs) => {
            const block = draftSection(docs, id)?.blocks?.find((b) => b.id === blockId);
            if (block) block.settings[key] = castDraft(value);
          }, `block:${id}:${blockId}:${key}`);
        },
        setThemeSetting(path, value) {
          edit(
            (docs) => {
              if (!docs.theme || path.length === 0) return;
              let node = docs.theme.settings as Record<string, unknown>;
              for (const key of path.slice(0, -1)) {
                const child = node[key];
                if (typeof child !== 'object' || child === null || Array.isArray(child)) node[key] = {};
                node = node[key] as Record<string, unknown>;
              }
              node[path.at(-1)!] = castDraft(value);
            },
            `theme:${path.join('.')}`,
          );
        },

        select(id) {
          set((state) => {
            state.selectedId = id;
            state.openBlock = null;
            if (id) state.panel = 'section';
          });
        },
        selectBlock(sectionId, blockId) {
          set((state) => {
            state.selectedId = sectionId;
            state.openBlock = { sectionId, blockId };
            state.panel = 'section';
          });
        },
        hover(id) {
          if (get().hoveredId !== id) set({ hoveredId: id });
        },
        setPanel(panel) {
          set({ panel });
        },
        setBreakpoint(breakpoint) {
          set({ breakpoint });
        },
        setSave(scope, patch) {
          set((state) => {
            Object.assign(state.save[scope], patch);
          });
        },
        restoreFromServer(scope, document, revision) {
          // The whole document is one replacement, so the edits before it stay in the history and undo walks back
          // through the restore to them (autosave then saves the draft undo brings back).
          edit((docs) => {
            if (scope === 'page') docs.page = castDraft(document as PageDocument);
            else docs.theme = castDraft(document as ThemeDocument);
          });
          set((state) => {
            state.save[scope] = freshSave(revision);
            if (!locateSection(state.docs as Documents, state.selectedId)) state.selectedId = null;
          });
        },
      };
    }),
  );
}
