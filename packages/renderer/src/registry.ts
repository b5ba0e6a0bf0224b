import type { ComponentType } from 'react';

/** The least the renderer needs of a section in a page document. */
export interface RenderableSection {
  id: string;
  type: number;
  hidden?: boolean | undefined;
}

/** What a section's component receives: its node from the page document and the data its loader produced. */
export interface SectionRenderProps<S extends RenderableSection = RenderableSection> {
  section: S;
  data: unknown;
}

/** One entry of a registry the renderer is given: a name for messages, and the component that draws the section. */
export interface RenderableSectionType {
  name: string;
  Component: ComponentType<SectionRenderProps>;
}

/** Section types by id. The renderer never imports a section: whoever renders a page hands it a registry. */
export type RenderRegistry = Readonly<Record<number, RenderableSectionType | undefined>>;

/** Where a page is drawn: for shoppers (`live`) or inside the studio's frame (`preview`). */
export type RenderMode = 'live' | 'preview';
