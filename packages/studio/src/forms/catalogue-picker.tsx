import { useMemo, type SelectHTMLAttributes } from 'react';
import { CATALOGUE_PRODUCT_CHOICES, type CatalogueChoices, type CategoryChoice } from '@vitrine/commerce';
import type { FieldControl } from '@vitrine/sections/schemas';
import type { CatalogueStatus } from './catalogue-context.tsx';

/** The setting controls whose value is the id of something in the store's catalogue (0: none chosen). */
export type CatalogueKind = Extract<FieldControl, 'category' | 'brand' | 'product'>;

/** One choice of a picker: the id stored, the words shown. */
export interface CatalogueOption {
  id: number;
  label: string;
}

/**
 * What 0 means for a field, as its first choice. A help text written for a number box ("Leave empty for the top
 * level") says it in the field's own words; "every …" and no help read as "Any category", "Any brand", "No product".
 */
export function noChoiceLabel(kind: CatalogueKind, help?: string): string {
  const meaning = /^leave empty for (?:the )?(.+?)\.?$/i.exec(help ?? '')?.[1];
  if (meaning && !/^(every|all|any)\b/i.test(meaning)) return meaning.charAt(0).toUpperCase() + meaning.slice(1);
  if (!meaning && kind === 'product') return 'No product';
  return `Any ${kind}`;
}

/** Categories in tree order, each under its parent, siblings in the server's order (by name). */
function categoryTree(categories: readonly CategoryChoice[]): { category: CategoryChoice; depth: number }[] {
  const known = new Set(categories.map((category) => category.id));
  const children = new Map<number | null, CategoryChoice[]>();
  for (const category of categories) {
    // A parent the list does not have (or the category itself) would hide the category: it is shown at the top.
    const parent =
      category.parentId !== null && category.parentId !== category.id && known.has(category.parentId) ? category.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  const ordered: { category: CategoryChoice; depth: number }[] = [];
  const seen = new Set<number>();
  const visit = (category: CategoryChoice, depth: number) => {
    if (seen.has(category.id)) return;
    seen.add(category.id);
    ordered.push({ category, depth });
    for (const child of children.get(category.id) ?? []) visit(child, depth + 1);
  };
  for (const top of children.get(null) ?? []) visit(top, 0);
  // Categories in a loop have no way down from the top level; they are listed there rather than lost.
  for (const category of categories) visit(category, 0);
  return ordered;
}

/** A picker's choices by name: categories indented under their parents and, like brands, with their product counts. */
export function catalogueOptions(kind: CatalogueKind, choices: CatalogueChoices): CatalogueOption[] {
  switch (kind) {
    case 'category':
      return categoryTree(choices.categories).map(({ category, depth }) => ({
        id: category.id,
        label: `${'— '.repeat(depth)}${category.name} (${category.productCount})`,
      }));
    case 'brand':
      return choices.brands.map((brand) => ({ id: brand.id, label: `${brand.name} (${brand.productCount})` }));
    case 'product':
      return choices.products.map((product) => ({ id: product.id, label: product.name }));
  }
}

/** How a stored id the list does not have is shown, so that it stays chosen until the owner picks another. */
function missingLabel(kind: CatalogueKind, id: number, choices: CatalogueChoices): string {
  // Only the first products are listed: one further down the alphabet is not unknown, just not among them.
  if (kind === 'product' && choices.products.length >= CATALOGUE_PRODUCT_CHOICES) return `Product #${id}`;
  return `Unknown ${kind} #${id}`;
}

type PickerProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'children'> & {
  kind: CatalogueKind;
  status: Exclude<CatalogueStatus, { state: 'failed' }>;
  value: number;
  noChoice: string;
  onChange: (id: number) => void;
};

/** A native select of the store's categories, brands or products by name, storing the chosen id (0: the first choice). */
export function CataloguePicker({ kind, status, value, noChoice, onChange, ...select }: PickerProps) {
  const choices = status.state === 'ready' ? status.choices : null;
  const options = useMemo(() => (choices ? catalogueOptions(kind, choices) : []), [kind, choices]);
  if (!choices) {
    return (
      <select {...select} disabled aria-busy="true" value="">
        <option value="">Loading…</option>
      </select>
    );
  }
  const missing = value !== 0 && !options.some((option) => option.id === value);
  return (
    <select {...select} value={String(value)} onChange={(e) => onChange(Number(e.target.value))}>
      <option value="0">{noChoice}</option>
      {missing ? <option value={String(value)}>{missingLabel(kind, value, choices)}</option> : null}
      {options.map((option) => (
        <option key={option.id} value={String(option.id)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
