import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useCombobox } from 'downshift';
import type { CatalogueChoices, CategoryChoice, ProductChoice } from '@vitrine/commerce';
import type { FieldControl } from '@vitrine/sections/schemas';
import type { Catalogue, CatalogueStatus } from './catalogue-context.tsx';

/** The setting controls whose value is the id of something in the store's catalogue (0: none chosen), or a list of ids. */
export type CatalogueKind = Extract<FieldControl, 'category' | 'brand' | 'product'>;

/** One choice of a picker: the id stored, the name shown, and what tells like names apart. */
export interface CatalogueOption {
  id: number;
  name: string;
  /** Where it sits: a category's parents ("Kitchen › Cookware"), a product's SKU. */
  context?: string;
  /** The published products a grid picking it shows (categories and brands). */
  count?: number;
  /** A category's depth in the tree, for the indented list shown before the owner types. */
  depth?: number;
  imageFile?: string | null;
}

/** How long typing must pause before the store's products are searched. */
export const PRODUCT_SEARCH_DELAY_MS = 150;
/** How many matches a category or brand list shows at once; typing narrows it. */
const SHOWN = 100;

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
function categoryTree(categories: readonly CategoryChoice[]): { category: CategoryChoice; path: string[] }[] {
  const known = new Set(categories.map((category) => category.id));
  const children = new Map<number | null, CategoryChoice[]>();
  for (const category of categories) {
    // A parent the list does not have (or the category itself) would hide the category: it is shown at the top.
    const parent =
      category.parentId !== null && category.parentId !== category.id && known.has(category.parentId) ? category.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  const ordered: { category: CategoryChoice; path: string[] }[] = [];
  const seen = new Set<number>();
  const visit = (category: CategoryChoice, path: string[]) => {
    if (seen.has(category.id)) return;
    seen.add(category.id);
    ordered.push({ category, path });
    for (const child of children.get(category.id) ?? []) visit(child, [...path, category.name]);
  };
  for (const top of children.get(null) ?? []) visit(top, []);
  // Categories in a loop have no way down from the top level; they are listed there rather than lost.
  for (const category of categories) visit(category, []);
  return ordered;
}

/** A category or brand picker's choices: categories in tree order under their parents, each with its product count. */
export function catalogueOptions(kind: 'category' | 'brand', choices: CatalogueChoices): CatalogueOption[] {
  if (kind === 'brand') return choices.brands.map((brand) => ({ id: brand.id, name: brand.name, count: brand.productCount }));
  return categoryTree(choices.categories).map(({ category, path }) => ({
    id: category.id,
    name: category.name,
    count: category.productCount,
    depth: path.length,
    ...(path.length ? { context: path.join(' › ') } : {}),
  }));
}

/** Text as a search compares it: lower case, accents aside ("Crème" finds "creme"). */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The options holding every word of `query` in their name or context, in their order; all of them for no words. */
export function matching(options: readonly CatalogueOption[], query: string): CatalogueOption[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [...options];
  return options.filter((option) => {
    const text = fold(`${option.context ?? ''} ${option.name}`);
    return words.every((word) => text.includes(word));
  });
}

/** An option as a screen reader says it: "Pans, in Kitchen › Cookware, 3 products"; "Chef knife, SKU KN-CH". */
export function spokenOption(kind: CatalogueKind, option: CatalogueOption): string {
  if (option.id === 0) return option.name;
  if (kind === 'product') return option.context ? `${option.name}, SKU ${option.context}` : option.name;
  const where = option.context ? `, in ${option.context}` : '';
  return option.count === undefined
    ? `${option.name}${where}`
    : `${option.name}${where}, ${option.count} ${option.count === 1 ? 'product' : 'products'}`;
}

const productOption = (product: ProductChoice): CatalogueOption => ({
  id: product.id,
  name: product.name,
  context: product.sku,
  imageFile: product.imageFile,
});

type Found = { state: 'loading' } | { state: 'ready'; options: CatalogueOption[]; more: number } | { state: 'failed'; message: string };

/**
 * What a picker offers for the words typed: categories and brands filtered here from the loaded choices, products
 * searched on the server once typing pauses (the answer to older words is dropped).
 */
function useFound(kind: CatalogueKind, query: string, status: CatalogueStatus, catalogue: Catalogue): Found {
  const local = useMemo(() => {
    if (kind === 'product' || status.state !== 'ready') return null;
    const all = matching(catalogueOptions(kind, status.choices), query);
    return { options: all.slice(0, SHOWN), more: Math.max(0, all.length - SHOWN) };
  }, [kind, query, status]);
  // The answer is kept with the words it answers: until the words typed now are answered, the list says it is
  // searching rather than offering the last answer, which Enter could pick by mistake.
  const [products, setProducts] = useState<{ words: string; found: Found } | null>(null);
  const words = query.trim();
  useEffect(() => {
    if (kind !== 'product') return;
    let live = true;
    const timer = setTimeout(() => {
      catalogue.findProducts({ q: words }).then(
        (found) => live && setProducts({ words, found: { state: 'ready', options: found.map(productOption), more: 0 } }),
        (error: unknown) =>
          live &&
          setProducts({
            words,
            found: { state: 'failed', message: error instanceof Error ? error.message : 'The server did not answer.' },
          }),
      );
    }, PRODUCT_SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [kind, words, catalogue]);
  if (kind === 'product') return products?.words === words ? products.found : { state: 'loading' };
  if (status.state === 'failed') return { state: 'failed', message: status.message };
  return local ? { state: 'ready', ...local } : { state: 'loading' };
}

/** The products a setting holds, by name: from the catalogue's memory, or asked for once when some are not there. */
function usePickedProducts(ids: readonly number[], catalogue: Catalogue): Map<number, CatalogueOption> {
  const [, setAnswered] = useState(0);
  const unknown = ids.filter((id) => !catalogue.knownProduct(id));
  const key = unknown.join(',');
  useEffect(() => {
    if (!key) return;
    let live = true;
    // A product the store no longer shows stays unknown and is shown by its number.
    void catalogue.findProducts({ ids: key.split(',').map(Number) }).then(
      () => live && setAnswered((n) => n + 1),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [key, catalogue]);
  return new Map(
    ids.flatMap((id) => {
      const product = catalogue.knownProduct(id);
      return product ? [[id, productOption(product)] as const] : [];
    }),
  );
}

export interface InputProps {
  id: string;
  name: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface PickerProps {
  input: InputProps;
  kind: CatalogueKind;
  catalogue: Catalogue;
  /** The category and brand choices (products do not need them). */
  status: CatalogueStatus;
}

const plural = (kind: CatalogueKind) => (kind === 'category' ? 'categories' : `${kind}s`);

/**
 * One catalogue id, picked from a searchable list (a combobox): the field shows the chosen name; typing narrows the
 * list (categories show where they sit, products their SKU); arrows move, Enter picks, Escape goes back to the name.
 * The first choice is `noChoice` (0).
 */
export function CataloguePicker({
  input,
  kind,
  catalogue,
  status,
  noChoice,
  value,
  onChange,
}: PickerProps & {
  noChoice: string;
  value: number;
  onChange: (id: number) => void;
}) {
  const [query, setQuery] = useState<string | null>(null);
  const found = useFound(kind, query ?? '', status, catalogue);
  const picked = usePickedProducts(kind === 'product' && value ? [value] : [], catalogue);
  const none: CatalogueOption = { id: 0, name: noChoice };
  const options = found.state === 'ready' ? found.options : [];
  const selected =
    value === 0
      ? none
      : (options.find((option) => option.id === value) ??
        picked.get(value) ??
        (kind === 'product' || found.state === 'ready'
          ? { id: value, name: `${kind === 'product' ? 'Product' : `Unknown ${kind}`} #${value}` }
          : null));
  const items = query ? options : [none, ...options.filter((option) => option.id !== 0)];
  return (
    <Combobox
      input={input}
      kind={kind}
      items={items}
      found={found}
      selected={selected}
      inputValue={query ?? (selected ? selected.name : found.state === 'loading' ? 'Loading…' : '')}
      searching={Boolean(query?.trim())}
      placeholder={`Search ${plural(kind)}`}
      onType={setQuery}
      onDone={() => setQuery(null)}
      onPick={(option) => {
        setQuery(null);
        if (option.id !== value) onChange(option.id);
      }}
    />
  );
}

/**
 * A list of catalogue ids in order (products picked by hand): the picked ones with their pictures, each moved up or
 * down or removed by its own buttons, and a search field below that adds the one picked, at most `max`.
 */
export function CatalogueListPicker({
  input,
  kind,
  catalogue,
  status,
  value,
  max,
  onChange,
}: PickerProps & {
  value: readonly number[];
  max: number | undefined;
  onChange: (ids: number[]) => void;
}) {
  const [query, setQuery] = useState('');
  const found = useFound(kind, query, status, catalogue);
  const named = usePickedProducts(kind === 'product' ? value : [], catalogue);
  const local = found.state === 'ready' ? found.options : [];
  const nameOf = (id: number) =>
    named.get(id) ??
    local.find((option) => option.id === id) ?? { id, name: `${kind === 'product' ? 'Product' : `Unknown ${kind}`} #${id}` };
  const full = max !== undefined && value.length >= max;
  const move = (from: number, to: number) => {
    const next = [...value];
    const [id] = next.splice(from, 1);
    next.splice(to, 0, id!);
    onChange(next);
  };
  return (
    <div className="space-y-2">
      {value.length ? (
        <ol aria-label={`Picked ${plural(kind)}`} className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {value.map((id, index) => {
            const option = nameOf(id);
            return (
              <li key={id} className="flex items-center gap-2 px-2 py-1.5 text-sm">
                <Thumb option={option} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-slate-800">{option.name}</span>
                  {option.context ? <span className="block truncate text-xs text-slate-500">{option.context}</span> : null}
                </span>
                <ListButton label={`Move ${option.name} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                  ↑
                </ListButton>
                <ListButton label={`Move ${option.name} down`} disabled={index === value.length - 1} onClick={() => move(index, index + 1)}>
                  ↓
                </ListButton>
                <ListButton label={`Remove ${option.name}`} onClick={() => onChange(value.filter((other) => other !== id))}>
                  ×
                </ListButton>
              </li>
            );
          })}
        </ol>
      ) : null}
      <Combobox
        input={input}
        kind={kind}
        items={local.filter((option) => !value.includes(option.id))}
        found={found}
        selected={null}
        inputValue={query}
        searching={Boolean(query.trim())}
        placeholder={full ? `${value.length} picked, the most there can be` : `Search ${plural(kind)} to add`}
        disabled={full}
        keepOpen
        onType={setQuery}
        onDone={() => setQuery('')}
        onPick={(option) => {
          setQuery('');
          if (!value.includes(option.id) && !full) onChange([...value, option.id]);
        }}
      />
    </div>
  );
}

function ListButton({ label, disabled, onClick, children }: { label: string; disabled?: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="grid size-7 shrink-0 place-items-center rounded text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-30"
    >
      {children}
    </button>
  );
}

function Thumb({ option }: { option: CatalogueOption }) {
  if (option.imageFile === undefined) return null;
  return option.imageFile ? (
    <img src={option.imageFile} alt="" width={32} height={32} className="size-8 shrink-0 rounded border border-slate-200 object-cover" />
  ) : (
    <span aria-hidden="true" className="size-8 shrink-0 rounded border border-slate-200 bg-slate-100" />
  );
}

interface ComboboxProps {
  input: InputProps;
  kind: CatalogueKind;
  items: CatalogueOption[];
  found: Found;
  selected: CatalogueOption | null;
  inputValue: string;
  /** Words are typed: categories show where they sit instead of being indented under their parents. */
  searching: boolean;
  placeholder: string;
  disabled?: boolean;
  /** Several are picked one after another: the list stays open and the field empties after each. */
  keepOpen?: boolean;
  onType: (text: string) => void;
  /** The owner left the field or pressed Escape: what was typed goes. */
  onDone: () => void;
  onPick: (option: CatalogueOption) => void;
}

/** The searchable list itself (downshift's combobox: ARIA 1.2, keyboard and pointer), with its loading and failure lines. */
function Combobox({
  input,
  kind,
  items,
  found,
  selected,
  inputValue,
  searching,
  placeholder,
  disabled,
  keepOpen,
  onType,
  onDone,
  onPick,
}: ComboboxProps) {
  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } = useCombobox<CatalogueOption>({
    items,
    inputId: input.id,
    labelId: `${input.id}-label`,
    menuId: `${input.id}-list`,
    itemToString: (item) => item?.name ?? '',
    itemToKey: (item) => item?.id,
    selectedItem: selected,
    inputValue,
    onInputValueChange: ({ type, inputValue: typed }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) onType(typed);
    },
    stateReducer: (state, { type, changes }) => {
      switch (type) {
        case useCombobox.stateChangeTypes.InputBlur:
          // Leaving the field never picks: only Enter or a click does.
          return { ...changes, selectedItem: state.selectedItem };
        case useCombobox.stateChangeTypes.InputKeyDownEnter:
        case useCombobox.stateChangeTypes.ItemClick:
          return keepOpen ? { ...changes, isOpen: true, highlightedIndex: state.highlightedIndex } : changes;
        default:
          return changes;
      }
    },
    onStateChange: ({ type, selectedItem }) => {
      switch (type) {
        case useCombobox.stateChangeTypes.InputKeyDownEnter:
        case useCombobox.stateChangeTypes.ItemClick:
          // The same choice again changes nothing, but the typed words still give way to its name.
          if (selectedItem) onPick(selectedItem);
          else if (!keepOpen) onDone();
          break;
        case useCombobox.stateChangeTypes.InputBlur:
        case useCombobox.stateChangeTypes.InputKeyDownEscape:
          onDone();
          break;
      }
    },
  });
  const inputProps = getInputProps({
    name: input.name,
    disabled: disabled ?? false,
    placeholder,
    spellCheck: false,
    autoComplete: 'off',
    'aria-describedby': input['aria-describedby'],
    'aria-invalid': input['aria-invalid'],
    onFocus: (event) => event.currentTarget.select(),
  });
  const line = (text: string, tone = 'text-slate-500') => <li className={`px-2.5 py-2 text-xs ${tone}`}>{text}</li>;
  let status: ReactNode = null;
  if (found.state === 'loading') status = line(kind === 'product' ? 'Searching…' : 'Loading…');
  else if (found.state === 'failed')
    status = line(`Could not load the store’s ${plural(kind)} (${found.message.replace(/\.$/, '')}).`, 'text-amber-800');
  else if (!items.length)
    status = line(inputValue.trim() ? `No ${kind} matches “${inputValue.trim()}”.` : `The store has no ${plural(kind)} to pick.`);
  else if (found.more) status = line(`${found.more} more: type to narrow the list.`);
  return (
    <div className="relative">
      <div className="flex rounded-md border border-slate-300 bg-white focus-within:border-indigo-500 focus-within:ring-1 focus-within:ring-indigo-500 aria-[invalid]:border-red-600">
        <input
          {...inputProps}
          className="min-w-0 flex-1 rounded-md bg-transparent px-2.5 py-1.5 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none disabled:cursor-not-allowed disabled:text-slate-500"
        />
        <button
          type="button"
          {...getToggleButtonProps({ disabled: disabled ?? false })}
          aria-label={`Show the ${plural(kind)}`}
          className="grid w-8 shrink-0 place-items-center rounded-r-md text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-40"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
          </svg>
        </button>
      </div>
      <ul
        {...getMenuProps({ 'aria-label': `${kind.charAt(0).toUpperCase()}${kind.slice(1)} choices` })}
        className={`absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg ${isOpen ? '' : 'hidden'}`}
      >
        {isOpen
          ? items.map((item, index) => (
              <li
                key={item.id}
                {...getItemProps({ item, index, 'aria-label': spokenOption(kind, item) })}
                className={`flex cursor-pointer items-center gap-2 px-2.5 py-1.5 text-sm ${
                  highlightedIndex === index ? 'bg-indigo-50 text-indigo-900' : 'text-slate-800'
                } ${selected?.id === item.id ? 'font-semibold' : ''}`}
                style={searching || !item.depth ? undefined : { paddingLeft: `${0.625 + item.depth * 0.9}rem` }}
              >
                <Thumb option={item} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate">
                    {searching && kind === 'category' && item.context ? <span className="text-slate-500">{item.context} › </span> : null}
                    {item.name}
                  </span>
                  {kind === 'product' && item.context ? (
                    <span className="block truncate text-xs text-slate-500">{item.context}</span>
                  ) : null}
                </span>
                {item.count !== undefined ? <span className="shrink-0 text-xs tabular-nums text-slate-500">{item.count}</span> : null}
              </li>
            ))
          : null}
        {isOpen ? status : null}
      </ul>
    </div>
  );
}
