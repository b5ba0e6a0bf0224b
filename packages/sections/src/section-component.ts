import { createElement, memo, type ComponentType } from 'react';
import type { SectionBlock, SectionNode } from '@vitrine/commerce';
import type { SectionRenderProps } from '@vitrine/renderer';
import type { SectionProps, SectionSchema, TypedSectionSchema } from './define-section.ts';
import { readSectionStyle } from './section-style.ts';

/** A section type as the renderer's registry holds it: its schema and the component that draws a node of it. */
export interface SectionDefinition<T extends number = number> extends SectionSchema<T> {
  /** Draws a section node of this type, its settings read through the schema. */
  readonly Component: ComponentType<SectionRenderProps>;
}

/** What a section's component draws from: its schema's settings, blocks and loader data, typed. */
export type SectionComponentProps<Schema> =
  Schema extends TypedSectionSchema<number, infer S, infer B, infer D> ? SectionProps<S, B, D> : never;

/** A section's component as `sectionComponent` makes it, carrying its section's name (for a registry that loads it late). */
export type SectionComponentType = ComponentType<SectionRenderProps> & { readonly sectionName: string };

type ReadNode = Omit<SectionProps<unknown, unknown>, 'data'>;

/**
 * Each section node as its component reads it, kept per node object. Page documents are never changed in place (the
 * studio's drafts are immutable updates, the server's kept page data is frozen), so a node drawn again — by every
 * render of a kept page, by every re-render in the browser — is read through its schema once.
 */
const readNodes = new WeakMap<SectionNode, ReadNode>();

/**
 * A section's component (`<name>.tsx`), drawing nodes of the type `schema` declares: each node's settings, style and
 * blocks are read (migrated, defaulted) through the schema before the component sees them.
 */
export function sectionComponent<T extends number, S, B, D>(
  schema: TypedSectionSchema<T, S, B, D>,
  component: ComponentType<SectionProps<S, B, D>>,
): SectionComponentType {
  const draw = component as ComponentType<SectionProps<unknown, unknown, unknown>>;
  const read = (node: SectionNode): ReadNode => {
    let props = readNodes.get(node);
    if (!props) {
      props = {
        id: node.id,
        settings: schema.readSettings(node.settings, node.version),
        style: readSectionStyle(node.style),
        blocks: (node.blocks ?? []).map((block: SectionBlock) => ({ id: block.id, settings: schema.readBlock(block.settings) })),
      };
      readNodes.set(node, props);
    }
    return props;
  };
  const Rendered = memo(function SectionComponent({ section, data }: SectionRenderProps) {
    return createElement(draw, { ...read(section as SectionNode), data });
  });
  Rendered.displayName = `Section(${schema.name})`;
  return Object.assign(Rendered as ComponentType<SectionRenderProps>, { sectionName: schema.name });
}
