import type { StudioCategory } from '@vitrine/commerce';

const bySort = (a: StudioCategory, b: StudioCategory) => a.sort - b.sort || a.id - b.id;

/** The sub-categories of `parentId` (null: the top ones), in their order. */
export const childrenOf = (categories: readonly StudioCategory[], parentId: number | null) =>
  categories.filter((c) => c.parentId === parentId).sort(bySort);

/** A category and every category below it. */
export function branchOf(categories: readonly { id: number; parentId: number | null }[], id: number): Set<number> {
  const found = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of categories)
      if (c.parentId !== null && found.has(c.parentId) && !found.has(c.id)) {
        found.add(c.id);
        grew = true;
      }
  }
  return found;
}

/** The tree with `id` put under `parentId` at `position` among its siblings: parents before children, siblings in order. */
export function arranged(categories: readonly StudioCategory[], id: number, parentId: number | null, position: number): StudioCategory[] {
  const moving = categories.find((c) => c.id === id)!;
  const siblings = childrenOf(categories, parentId).filter((c) => c.id !== id);
  siblings.splice(position, 0, moving);
  const sorts = new Map(siblings.map((c, sort) => [c.id, sort]));
  const next = categories.map((c) => (c.id === id ? { ...c, parentId } : c)).map((c) => ({ ...c, sort: sorts.get(c.id) ?? c.sort }));
  const walk = (parent: number | null): StudioCategory[] => childrenOf(next, parent).flatMap((c) => [c, ...walk(c.id)]);
  return walk(null);
}
