import { use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createFrameChannel, PROTOCOL_VERSION, type Channel, type FrameMessage } from '@vitrine/frame-protocol';
import { NavigationProvider } from '@vitrine/renderer';
import { ListingProvider, OwnerHtmlContext, ShopProvider, useShop } from '@vitrine/sections';
import { readThemeSettings } from '@vitrine/theme-engine';
import { shopSettingsFrom } from '../theme-settings.ts';
import { ProductDetailView } from '../product/product-view.tsx';
import { sanitizeOwnerHtml } from '@vitrine/sections/owner-html';
import { PageCanvas, SectionDataContext } from './page-canvas.tsx';
import { createFrameStore, FrameStoreContext, useFrame, useFrameStore, type FrameStore } from './frame-store.ts';
import { handleStudioMessage } from './handle-message.ts';
import { startInlineEdit } from './inline-text.ts';
import { Outlines } from './outlines.tsx';
import { acceptPaletteDrops } from './palette-drop.ts';
import { useDraftData, usePublishedData } from './published-data.ts';
import { HiddenSection, SectionView } from './section-view.tsx';
import { useTemplateSample } from './template-sample.ts';
import './preview.css';

/**
 * Opens the frame's end of the protocol to the studio (the parent window, same origin), says IFRAME_LOADED with the
 * protocol version, and handles every studio message. Returns the channel's send, or null outside a frame.
 */
function useStudioChannel(store: FrameStore): (message: FrameMessage) => void {
  const channel = useRef<Channel<FrameMessage> | null>(null);
  useEffect(() => {
    if (window.parent === window) return;
    const opened: Channel<FrameMessage> = createFrameChannel({
      self: window,
      peer: () => window.parent,
      peerOrigin: window.location.origin,
      onMessage: (message) => {
        const handle = () => handleStudioMessage(message, { store, send: (m) => opened.send(m), doc: document });
        // An edited section or a new order is drawn before the studio goes on, so the preview keeps up with typing.
        if (message.type === 'SET_ORDER' || (message.type === 'SET_COMPONENT' && 'section' in message.payload)) flushSync(handle);
        else handle();
      },
    });
    opened.send({ type: 'IFRAME_LOADED', payload: { protocolVersion: PROTOCOL_VERSION, sectionIds: store.getState().order } });
    channel.current = opened;
    return () => {
      channel.current = null;
      opened.close();
    };
  }, [store]);
  return useCallback((message: FrameMessage) => void channel.current?.send(message), []);
}

/**
 * Builder mode: selection and hover by pointer, in-place heading editing by double-click, the studio's shortcuts
 * while the frame has focus, and nothing that leaves the page (links, form posts). Listeners sit on the window in the capture phase, ahead of the sections' own.
 */
function useBuilderEvents(store: FrameStore, send: (message: FrameMessage) => void) {
  useEffect(() => {
    const sectionIdOf = (target: EventTarget | null) =>
      target instanceof Element ? (target.closest<HTMLElement>('[data-section-id]')?.dataset.sectionId ?? null) : null;
    const editing = (target: EventTarget | null) => target instanceof HTMLElement && target.isContentEditable;

    const onClick = (event: MouseEvent) => {
      const { mode } = store.getState();
      if (editing(event.target)) return;
      if (mode === 'view') {
        if (event.target instanceof Element && event.target.closest('a[href]')) event.preventDefault();
        return;
      }
      const id = sectionIdOf(event.target);
      if (!id) return;
      event.preventDefault();
      event.stopPropagation();
      if (store.getState().selectedId !== id) store.getState().select(id);
      send({ type: 'SECTION_SELECTED', payload: { sectionId: id } });
    };
    const onDoubleClick = (event: MouseEvent) => {
      if (store.getState().mode !== 'edit' || !(event.target instanceof Element)) return;
      if (startInlineEdit(event.target, { store, send })) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    const onOver = (event: PointerEvent) => {
      if (store.getState().mode !== 'edit') return;
      const id = sectionIdOf(event.target);
      if (id === store.getState().hoveredId) return;
      store.getState().hover(id);
      send({ type: 'SECTION_HOVERED', payload: { sectionId: id } });
    };
    const onLeave = () => {
      if (store.getState().hoveredId === null) return;
      store.getState().hover(null);
      send({ type: 'SECTION_HOVERED', payload: { sectionId: null } });
    };
    const onKey = (event: KeyboardEvent) => {
      if (store.getState().mode !== 'edit' || typingInto(event.target) || event.isComposing || !mayBeShortcut(event)) return;
      // Ctrl+C over text selected in the page copies that text, as it would anywhere.
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'c' && window.getSelection()?.toString()) return;
      if (event.key !== 'Escape') event.preventDefault();
      const { key, ctrlKey, metaKey, shiftKey, altKey } = event;
      send({ type: 'KEY_PRESSED', payload: { key, ctrlKey, metaKey, shiftKey, altKey } });
    };
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('click', onClick, true);
    window.addEventListener('dblclick', onDoubleClick, true);
    window.addEventListener('pointerover', onOver, true);
    document.documentElement.addEventListener('pointerleave', onLeave);
    window.addEventListener('submit', onSubmit, true);
    window.addEventListener('keydown', onKey);
    const stopDrops = acceptPaletteDrops(window, { store, send });
    return () => {
      window.removeEventListener('click', onClick, true);
      window.removeEventListener('dblclick', onDoubleClick, true);
      window.removeEventListener('pointerover', onOver, true);
      document.documentElement.removeEventListener('pointerleave', onLeave);
      window.removeEventListener('submit', onSubmit, true);
      window.removeEventListener('keydown', onKey);
      stopDrops();
    };
  }, [store, send]);
}

/** Whether a key goes to text the owner is typing: an in-place heading, or a field of the page (a subscribe form). */
function typingInto(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** Keys the studio may have a shortcut for (the studio decides): with Ctrl, ⌘ or Alt, and a few single keys. */
function mayBeShortcut({ key, ctrlKey, metaKey, altKey }: KeyboardEvent): boolean {
  return ctrlKey || metaKey || (altKey && key.startsWith('Arrow')) || ['Delete', 'Backspace', 'Escape', 'h', 'H', '?'].includes(key);
}

/** The theme's header or footer from the studio's draft; not movable with the page's sections, as it is every page's. */
function GlobalSection({ slot }: { slot: 'headerId' | 'footerId' }) {
  const section = useFrame((s) => (s[slot] ? s.sections[s[slot]] : undefined));
  const dataFor = use(SectionDataContext);
  const remounts = useFrame((s) => (section ? (s.remounts[section.id] ?? 0) : 0));
  const mode = useFrame((s) => s.mode);
  if (!section) return null;
  if (section.hidden) return mode === 'edit' ? <HiddenSection section={section} /> : null;
  return <SectionView key={remounts} section={section} data={dataFor(section)} />;
}

/** The shop context with what the studio's draft theme says of it (show_currency), as the owner changes it. */
function DraftShop({ draft, children }: { draft: Record<string, unknown> | null; children: ReactNode }) {
  const shop = useShop();
  const value = useMemo(() => (draft ? { ...shop, ...shopSettingsFrom(readThemeSettings(draft).settings) } : shop), [draft, shop]);
  return <ShopProvider value={value}>{children}</ShopProvider>;
}

function FrameBody({ themeData, themeSectionData }: { themeData: string; themeSectionData: Record<string, unknown> }) {
  const store = useFrameStore();
  const page = useFrame((s) => s.page);
  const dataFor = useDraftData(store, usePublishedData(page, themeData, themeSectionData));
  const send = useStudioChannel(store);
  useBuilderEvents(store, send);
  const received = useFrame((s) => s.received);
  const mode = useFrame((s) => s.mode);
  const sample = useTemplateSample(page?.pageTypeId ?? null);
  // The product template shows the draft theme's picture zoom as the owner changes it, and every section its prices.
  const themeSettings = useFrame((s) => s.themeSettings);
  // The listing template's products area: its first products section, as on the store (§2.3).
  const areaId = useFrame((s) => s.order.find((id) => s.sections[id]?.type === 3) ?? null);
  const listing = sample?.kind === 'listing' && areaId ? { listing: sample.listing, areaId } : null;
  if (!received)
    return (
      <p className="wxb-waiting">
        {window.parent === window ? 'This is the studio’s preview. Open /editor to edit the store.' : 'Waiting for the studio…'}
      </p>
    );
  // Drafts of the HTML section show as they are typed: the frame sanitizes them itself (shoppers' pages get them
  // sanitized by the server, and never load the sanitizer).
  return (
    // Builder mode leaves the page for nothing (§2.11): a listing's filters or a product's links go nowhere here.
    <NavigationProvider navigate={stayOnPage}>
      <DraftShop draft={themeSettings}>
        <OwnerHtmlContext value={sanitizeOwnerHtml}>
          <SectionDataContext value={dataFor}>
            <div className={mode === 'edit' ? 'wxb-frame-edit' : 'wxb-frame-view'}>
              <GlobalSection slot="headerId" />
              <main id="main" className="vt-page">
                {sample?.kind === 'product' ? (
                  <ProductDetailView
                    product={sample.product}
                    origin={window.location.origin}
                    variantId={null}
                    themeSettings={themeSettings}
                  />
                ) : null}
                <ListingProvider value={listing}>
                  <PageCanvas send={send}>
                    <Outlines />
                  </PageCanvas>
                </ListingProvider>
              </main>
              <GlobalSection slot="footerId" />
            </div>
          </SectionDataContext>
        </OwnerHtmlContext>
      </DraftShop>
    </NavigationProvider>
  );
}

const stayOnPage = () => {};

/**
 * The studio's preview frame (§2.11), in the browser only: draws the draft the studio sends with the renderer and
 * the section registry, in builder mode (no tracking, no leaving the page), with sections moved by drag (dnd-kit) and headings edited in place.
 * `themeData` and `themeSectionData` are the published theme and what its header and footer loaded (site config).
 */
export default function PreviewFrame({
  themeData = '{}',
  themeSectionData = {},
}: {
  themeData?: string;
  themeSectionData?: Record<string, unknown>;
}) {
  const [store] = useState(createFrameStore);
  return (
    <FrameStoreContext value={store}>
      <FrameBody themeData={themeData} themeSectionData={themeSectionData} />
    </FrameStoreContext>
  );
}
