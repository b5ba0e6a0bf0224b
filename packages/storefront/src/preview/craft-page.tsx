import { createContext, use, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Editor, Frame, ROOT_NODE, useEditor, useNode, type SerializedNodes, type UserComponent } from '@craftjs/core';
import type { FrameMessage } from '@vitrine/frame-protocol';
import { useFrame, useFrameStore } from './frame-store.ts';
import type { SectionDataLookup } from './published-data.ts';
import { HiddenSection, SectionView } from './section-view.tsx';

/**
 * The page's sections as craft.js nodes. Each node carries nothing but a section id; the section itself lives in
 * the frame's store, so editing a section never touches craft's tree (which craft re-renders as a whole) and
 * draws only that section. Craft gives the drag and drop of sections within the page.
 */

/** The craft canvas holding the page's sections. */
const PageCanvas: UserComponent<{ children?: ReactNode }> = ({ children }) => {
  const {
    connectors: { connect },
  } = useNode();
  return (
    <div ref={(element) => void (element && connect(element))} className="wxb-canvas">
      {children}
    </div>
  );
};
PageCanvas.craft = { displayName: 'Page', rules: { canDrag: () => false } };

/** A thin node: the section with this id, from the frame's store, connected to craft by its own element. */
const SectionSlot: UserComponent<{ sectionId: string }> = ({ sectionId }) => {
  const {
    connectors: { connect },
  } = useNode();
  const section = useFrame((s) => s.sections[sectionId]);
  const remounts = useFrame((s) => s.remounts[sectionId] ?? 0);
  const mode = useFrame((s) => s.mode);
  const dataFor = use(SectionDataContext);
  const wrapper = useRef<HTMLDivElement>(null);
  const connected = useRef<Element | null>(null);
  // The section draws its own outer element; that element is what craft measures and drops around.
  useLayoutEffect(() => {
    const element = wrapper.current?.firstElementChild as HTMLElement | null;
    if (element && element !== connected.current) {
      connect(element);
      connected.current = element;
    }
  });
  if (!section) return null;
  return (
    <div ref={wrapper} className="wxb-slot">
      {section.hidden ? mode === 'edit' ? <HiddenSection section={section} /> : null : <SectionView key={remounts} section={section} data={dataFor(section)} />}
    </div>
  );
};
SectionSlot.craft = { displayName: 'Section', rules: { canMoveIn: () => false } };

/** Where sections find their loaders' data (see `usePublishedData`). */
export const SectionDataContext = createContext<SectionDataLookup>(() => undefined);

/** Craft's serialized form of a page order: a canvas with one thin node per section id. */
export function serializeOrder(order: readonly string[]): SerializedNodes {
  const nodes: SerializedNodes = {
    [ROOT_NODE]: {
      type: { resolvedName: 'PageCanvas' },
      isCanvas: true,
      props: {},
      displayName: 'Page',
      custom: {},
      hidden: false,
      nodes: [...order],
      linkedNodes: {},
      parent: null,
    },
  };
  for (const id of order) {
    nodes[id] = {
      type: { resolvedName: 'SectionSlot' },
      isCanvas: false,
      props: { sectionId: id },
      displayName: 'Section',
      custom: {},
      hidden: false,
      nodes: [],
      linkedNodes: {},
      parent: ROOT_NODE,
    };
  }
  return nodes;
}

/**
 * Brings craft's tree to the order the studio sent with the fewest node changes (delete, add, move), so the nodes
 * of sections that stay keep their components and nothing is drawn again but what moved.
 */
function OrderSync() {
  const order = useFrame((s) => s.order);
  const { actions, query } = useEditor();
  useLayoutEffect(() => {
    const shown = () => query.node(ROOT_NODE).get()?.data.nodes ?? [];
    if (shown().join() === order.join()) return;
    const quiet = actions.history.ignore();
    const wanted = new Set(order);
    for (const id of shown()) if (!wanted.has(id)) quiet.delete(id);
    order.forEach((id, index) => {
      if (query.node(id).get()) return;
      const node = query.parseFreshNode({ id, data: { type: SectionSlot, props: { sectionId: id }, isCanvas: false } }).toNode();
      quiet.add(node, ROOT_NODE, index);
    });
    // Every id before `index` is in place, so the one that belongs at `index` sits after it and moves up.
    order.forEach((id, index) => {
      if (shown()[index] !== id) quiet.move(id, ROOT_NODE, index);
    });
  }, [order, actions, query]);
  return null;
}

/**
 * The page as craft.js nodes, with the studio's outline overlay inside the editor (its drag handles are craft
 * drag connectors). A section dropped in a new place is reported as SECTION_MOVED.
 */
export function CraftPage({ send, children }: { send: (message: FrameMessage) => void; children?: ReactNode }) {
  const store = useFrameStore();
  const mode = useFrame((s) => s.mode);
  const [initial] = useState(() => serializeOrder(store.getState().order));
  const dragged = useRef<string | null>(null);
  return (
    <Editor
      resolver={{ PageCanvas, SectionSlot }}
      enabled={mode === 'edit'}
      indicator={{ success: '#4f46e5', error: '#dc2626', thickness: 4 }}
      onBeforeMoveEnd={(target) => {
        dragged.current = target.id;
      }}
      onNodesChange={(query) => {
        const shown: string[] = query.node(ROOT_NODE).get()?.data.nodes ?? [];
        const order = store.getState().order;
        const id = dragged.current;
        if (!id || shown.join() === order.join()) return;
        dragged.current = null;
        const toIndex = shown.indexOf(id);
        if (toIndex < 0) return;
        store.getState().move(id, toIndex);
        send({ type: 'SECTION_MOVED', payload: { sectionId: id, toIndex } });
      }}
    >
      <Frame data={initial} />
      <OrderSync />
      {children}
    </Editor>
  );
}
