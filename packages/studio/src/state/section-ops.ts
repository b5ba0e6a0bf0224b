import type { PageDocument, SectionNode, ThemeDocument } from '@vitrine/commerce';
import { tempId } from '@vitrine/commerce';
import { sectionSchemas } from '@vitrine/sections/schemas';

/** The documents the owner edits: the current page's draft and the site theme's draft (settings, header, footer). */
export interface Documents {
  page: PageDocument | null;
  theme: ThemeDocument | null;
}

/** Where a section lives: in the page at an index, or in the theme as the global header or footer. */
export type SectionPlace = { scope: 'page'; index: number } | { scope: 'theme'; slot: 'header' | 'footer' };

/** Finds a section by id in the page or the theme. */
export function locateSection(docs: Documents, id: string | null): SectionPlace | null {
  if (!id) return null;
  const index = docs.page?.sections.findIndex((s) => s.id === id) ?? -1;
  if (index >= 0) return { scope: 'page', index };
  if (docs.theme?.header?.id === id) return { scope: 'theme', slot: 'header' };
  if (docs.theme?.footer?.id === id) return { scope: 'theme', slot: 'footer' };
  return null;
}

const indexes = new WeakMap<readonly SectionNode[], Map<string, SectionNode>>();

/**
 * The page section with this id, looked up in an index built once per sections array (immer gives a new array on
 * every change), so hundreds of outline rows can each find their own section without scanning the page.
 */
export function pageSection(docs: Documents, id: string): SectionNode | null {
  const sections = docs.page?.sections;
  if (!sections) return null;
  let index = indexes.get(sections);
  if (!index) {
    index = new Map(sections.map((section) => [section.id, section]));
    indexes.set(sections, index);
  }
  return index.get(id) ?? null;
}

/** The section with this id, wherever it lives. */
export function findSection(docs: Documents, id: string | null): SectionNode | null {
  const place = locateSection(docs, id);
  if (!place) return null;
  return place.scope === 'page' ? docs.page!.sections[place.index]! : docs.theme![place.slot]!;
}

/** A new section of a type with its defaults, fresh temp ids for it and its blocks. */
export function createSection(type: number): SectionNode {
  const definition = sectionSchemas[type as keyof typeof sectionSchemas];
  if (!definition) throw new Error(`Unknown section type ${type}`);
  return definition.create(tempId(), tempId);
}

/** A copy of a section with new ids for it and its blocks, so it can sit beside the original or on another page. */
export function cloneWithNewIds(section: SectionNode): SectionNode {
  const copy = structuredClone(section);
  copy.id = tempId();
  if (copy.blocks) copy.blocks = copy.blocks.map((block) => ({ ...block, id: tempId() }));
  return copy;
}

/** Moves one item of an array to a new index, in place. */
export function moveItem<T>(list: T[], from: number, to: number): void {
  const target = Math.max(0, Math.min(to, list.length - 1));
  if (from === target || from < 0 || from >= list.length) return;
  const [item] = list.splice(from, 1);
  list.splice(target, 0, item!);
}

/** A section type's name as the owner reads it ("Hero banner", "CTA"), from its definition in the registry. */
function sectionTypeName(type: number): string {
  const definition = sectionSchemas[type as keyof typeof sectionSchemas];
  return definition ? capitalised(definition.name) : `Unknown section (${type})`;
}

/** A short, human name for a section in the outline: its type, and its heading or title when it has one. */
export function sectionLabel(section: SectionNode): { type: string; detail: string } {
  const settings = section.settings as Record<string, unknown>;
  const detail = ['heading', 'title', 'store_name', 'label', 'text']
    .map((key) => settings[key])
    .find((v): v is string => typeof v === 'string' && v.trim() !== '');
  return { type: sectionTypeName(section.type), detail: detail ? detail.trim().slice(0, 60) : '' };
}

/**
 * A block's name as the outline and the blocks editor show it: its title (or heading, name, question…), else its
 * kind and place ("Feature 2").
 */
export function blockLabel(noun: string, settings: Record<string, unknown>, index: number): string {
  for (const key of ['title', 'heading', 'name', 'label', 'field_name', 'question', 'network', 'text']) {
    const value = settings[key];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 48);
  }
  return `${capitalised(noun)} ${index + 1}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
