import { Component, createContext, Suspense, use, useEffect, type ErrorInfo, type ReactNode } from 'react';
import type { RenderableSection, RenderMode, RenderRegistry } from './registry.ts';

interface SectionContextValue {
  id: string;
  data: unknown;
  /** Whether it is the first section the page draws. */
  first: boolean;
}
const SectionContext = createContext<SectionContextValue | null>(null);

/** The data a section's loader produced, for components deep inside the section. */
export function useSectionData<T = unknown>(): T {
  const value = use(SectionContext);
  if (!value) throw new Error('useSectionData is only available inside a section rendered by PageRenderer');
  return value.data as T;
}

/**
 * Whether this section is the first the page draws: the one a shopper sees as the page opens. Its images are the ones
 * to fetch first (`priority`); a later section's wait for the screen to come near them, so they never take the
 * bandwidth of the picture the page is judged by (issue 18: its largest paint).
 */
export function useFirstSection(): boolean {
  return use(SectionContext)?.first ?? false;
}

/**
 * Told each time a section a live page draws has taken over its part of the page: hydrated, where the server drew it.
 * The app knows from it when a page it took over is whole (each section hydrates on its own, `PageRenderer`).
 */
export const SectionHydrated = createContext<(() => void) | null>(null);

/** Tells `SectionHydrated` once its section has hydrated; draws nothing. */
function HydratedSignal() {
  const hydrated = use(SectionHydrated);
  useEffect(() => hydrated?.(), [hydrated]);
  return null;
}

export interface PageRendererProps {
  sections: readonly RenderableSection[];
  registry: RenderRegistry;
  /** Loader results by section id. */
  data?: Readonly<Record<string, unknown>>;
  mode?: RenderMode;
  /** Whether these sections open the page's content (the default); not those drawn under a product's own, say. */
  opensPage?: boolean;
}

/**
 * Draws the sections of a page document in order with the registry it is given. A hidden section is skipped; an
 * unknown type or a section that throws never takes the page down: shoppers see nothing in its place, the preview
 * sees a card that says what went wrong.
 *
 * On a live page each section is a Suspense boundary of its own, so the browser hydrates the page a section at a time
 * after its frame (React's selective hydration): a tap hydrates the section it falls in first, and is answered then
 * rather than once the whole page has hydrated (issue 33).
 */
export function PageRenderer({ sections, registry, data = {}, mode = 'live', opensPage = true }: PageRendererProps) {
  let drawn = opensPage ? 0 : 1;
  return (
    <>
      {sections.map((section) => {
        if (section.hidden && mode === 'live') return null;
        const type = registry[section.type];
        if (!type) {
          return mode === 'preview' ? (
            <SectionProblem key={section.id} sectionId={section.id} message={`Unknown section type ${section.type}`} />
          ) : null;
        }
        const { Component: Section } = type;
        const drawnSection = (
          <SectionBoundary key={section.id} sectionId={section.id} name={type.name} mode={mode}>
            <SectionContext value={{ id: section.id, data: data[section.id], first: drawn++ === 0 }}>
              <Section section={section} data={data[section.id]} />
            </SectionContext>
          </SectionBoundary>
        );
        return mode === 'live' ? (
          <Suspense key={section.id} fallback={null}>
            <HydratedSignal />
            {drawnSection}
          </Suspense>
        ) : (
          drawnSection
        );
      })}
    </>
  );
}

interface BoundaryProps {
  sectionId: string;
  name: string;
  mode: RenderMode;
  children: ReactNode;
}

/** Isolates one section: its error is logged and shown (preview) or hidden (live), and the rest of the page stays. */
class SectionBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Section ${this.props.name} (${this.props.sectionId}) failed to render`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.mode === 'live') return null;
    return <SectionProblem sectionId={this.props.sectionId} message={`${this.props.name}: ${error.message}`} />;
  }
}

function SectionProblem({ sectionId, message }: { sectionId: string; message: string }) {
  return (
    <div role="alert" data-section-id={sectionId} className="vt-section-problem">
      <strong>This section cannot be shown.</strong> {message}
    </div>
  );
}
