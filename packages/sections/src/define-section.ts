import { z } from 'zod';
import type { BrandSummary, CategorySummary, ProductCard, ProductQuery, SectionNode, SectionTypeId } from '@vitrine/commerce';
import { readSectionStyle, type SectionStyle } from './section-style.ts';

/** Every control the studio can draw for a setting; a field hint names one of them. */
export const fieldControls = [
  'text',
  'textarea',
  'richtext',
  'color',
  'image',
  'url',
  'select',
  'range',
  'toggle',
  'number',
  'product',
  'category',
  'brand',
] as const;

/** The controls the studio draws for a setting. */
export type FieldControl = (typeof fieldControls)[number];

/**
 * What a setting's zod schema says of itself for the studio, in its `.meta()`: one declaration per setting. The
 * label, the control, a line of help, a range's step, and the words of a select's choices. Bounds and the choices
 * themselves come from the schema (`min`/`max`, the enum's values).
 */
export interface FieldMeta {
  label?: string;
  control?: FieldControl;
  help?: string;
  step?: number;
  /** The words of a select's choices, by value; a choice without words shows its value. */
  optionLabels?: Readonly<Record<string | number, string>>;
}

declare module 'zod' {
  // Settings' field hints live in zod's own metadata, typed here.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalMeta extends FieldMeta {}
}

/** How the studio shows one setting: its label, its control, and for selects and ranges their choices and bounds. */
export interface FieldHint {
  label: string;
  control: FieldControl;
  help?: string;
  options?: readonly { value: string | number; label: string }[];
  min?: number;
  max?: number;
  step?: number;
  /** A catalogue control whose setting is a list of ids: the owner picks several, in order, at most `max`. */
  multiple?: true;
}

/** The controls whose setting holds the id of something in the store's catalogue (0: none), or a list of such ids. */
const catalogueControls: ReadonlySet<FieldControl> = new Set(['product', 'category', 'brand']);

/** What a data-bound section's loader may read: the store's catalogue, already scoped to the site being rendered. */
export interface CatalogReader {
  getProducts(query: ProductQuery): Promise<ProductCard[]>;
  getCategories(options: { parentId?: number | null; limit: number }): Promise<CategorySummary[]>;
  getBrands(options: { limit: number }): Promise<BrandSummary[]>;
}

/** What a section's loader may use on the server. */
export interface SectionLoaderContext {
  catalog: CatalogReader;
  /** Cleans an owner's HTML for shoppers (`@vitrine/sections/owner-html`), given by the server so no schema imports it. */
  sanitizeOwnerHtml: (html: string) => string;
}

/** What a section's own component receives: parsed settings, style and blocks, and its loader's data. */
export interface SectionProps<S, B = never, D = undefined> {
  id: string;
  settings: S;
  style: SectionStyle;
  blocks: { id: string; settings: B }[];
  data: D;
}

type AnyObject = z.ZodObject<z.ZodRawShape>;

/**
 * What a section module declares. `T` is its type id: one of the 22 of §3.15 for the store's own sections, any other
 * positive integer for a theme developer's registry (see docs/sections.md).
 */
export interface SectionSpec<S extends AnyObject, B extends AnyObject | undefined, D, T extends number = SectionTypeId> {
  type: T;
  name: string;
  /** One line the studio's palette shows under the name: what the section is for, in the owner's words. */
  description: string;
  /** The palette's glyph: SVG path data on a 24 × 24 grid, drawn as a 1.8 px line. A generic block when left out. */
  icon?: string;
  /** The version of this section's settings shape; raise it and add a migration when the shape changes. */
  version: number;
  /** The settings, each with its field hint in `.meta()` (`FieldMeta`). */
  settings: S;
  blocks?: B extends AnyObject
    ? {
        name: string;
        settings: B;
        max: number;
        initial: number;
        /** Settings of the first blocks of a new section, in order, so it starts with distinct examples. */
        initialSettings?: readonly Partial<z.input<B>>[];
      }
    : undefined;
  /** `migrations[n]` turns settings of version n into version n + 1. */
  migrations?: Record<number, (settings: Record<string, unknown>) => Record<string, unknown>>;
  /** Runs on the server before rendering, so the page arrives with its data. */
  loader?: (settings: z.infer<S>, context: SectionLoaderContext) => Promise<D>;
}

/**
 * A section type's schema as the schema registry holds it: what the studio, the server and the component need, with
 * the settings' own type erased so that all 22 fit in one object. No React: the studio reads only these.
 */
export interface SectionSchema<T extends number = number> {
  readonly type: T;
  readonly name: string;
  readonly description: string;
  readonly icon: string | undefined;
  readonly version: number;
  readonly settings: AnyObject;
  readonly fields: Readonly<Record<string, FieldHint>>;
  readonly blocks?:
    | {
        name: string;
        settings: AnyObject;
        fields: Readonly<Record<string, FieldHint>>;
        max: number;
        initial: number;
        initialSettings?: readonly Record<string, unknown>[];
      }
    | undefined;
  /** Runs on the server before rendering; takes settings as `readSettings` gives them. */
  readonly loader?: ((settings: Record<string, unknown>, context: SectionLoaderContext) => Promise<unknown>) | undefined;
  /** Settings after migration, defaults and fallback of values that do not fit. */
  readSettings(raw: unknown, fromVersion?: number): Record<string, unknown>;
  /** A block's settings after defaults and fallback. */
  readBlock(raw: unknown): Record<string, unknown>;
  /** A new section of this type with its default settings, style and blocks. */
  create(id: string, blockId?: () => string): SectionNode;
}

/** A section schema that still knows its settings', blocks' and data's own types, for its component's props. */
export interface TypedSectionSchema<T extends number, Settings, Block, Data> extends SectionSchema<T> {
  /** Types only (never set): what `sectionComponent` gives the component. */
  readonly types?: { settings: Settings; block: Block; data: Data };
}

/**
 * Declares a section type's schema in its `<name>.schema.ts`: settings with defaults, the studio's field hints,
 * blocks, version and migrations, and an optional data loader. Its component (`<name>.tsx`) draws it with
 * `sectionComponent`.
 */
export function defineSectionSchema<
  S extends AnyObject,
  B extends AnyObject | undefined = undefined,
  D = undefined,
  T extends number = SectionTypeId,
>(spec: SectionSpec<S, B, D, T>): TypedSectionSchema<T, z.infer<S>, B extends AnyObject ? z.infer<B> : never, D> {
  const readSettings = (raw: unknown, fromVersion = spec.version): Record<string, unknown> =>
    readWithFallback(spec.settings, migrate(spec, raw, fromVersion));
  const blockSchema = spec.blocks?.settings as AnyObject | undefined;
  const readBlock = (raw: unknown): Record<string, unknown> => (blockSchema ? readWithFallback(blockSchema, raw) : {});
  const loader = spec.loader as ((settings: Record<string, unknown>, context: SectionLoaderContext) => Promise<unknown>) | undefined;
  return {
    type: spec.type,
    name: spec.name,
    description: spec.description,
    icon: spec.icon,
    version: spec.version,
    settings: spec.settings,
    fields: fieldHintsOf(spec.settings),
    blocks: spec.blocks && { ...spec.blocks, fields: fieldHintsOf(spec.blocks.settings as AnyObject) },
    loader,
    readSettings,
    readBlock,
    create(id, blockId) {
      const blocks = spec.blocks
        ? Array.from({ length: spec.blocks.initial }, (_, i) => ({
            id: blockId?.() ?? `${id}-b${i + 1}`,
            settings: readBlock(spec.blocks?.initialSettings?.[i] ?? {}),
          }))
        : undefined;
      return {
        id,
        type: spec.type,
        version: spec.version,
        settings: readSettings({}),
        style: readSectionStyle({}),
        ...(blocks ? { blocks } : {}),
      };
    },
  };
}

function migrate(
  spec: { version: number; migrations?: Record<number, (s: Record<string, unknown>) => Record<string, unknown>> },
  raw: unknown,
  from: number,
) {
  let settings = isRecord(raw) ? raw : {};
  for (let v = from; v < spec.version; v++) settings = spec.migrations?.[v]?.(settings) ?? settings;
  return settings;
}

/** Parses with the schema; every top-level key that does not fit falls back to its default instead of failing. */
export function readWithFallback<S extends AnyObject>(schema: S, raw: unknown): z.infer<S> {
  const candidate: Record<string, unknown> = isRecord(raw) ? { ...raw } : {};
  for (let attempt = 0; attempt < 8; attempt++) {
    const result = schema.safeParse(candidate);
    if (result.success) return result.data;
    for (const issue of result.error.issues) delete candidate[String(issue.path[0])];
  }
  return schema.parse({});
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The layers a setting's schema is wrapped in (default, optional, nullable, catch), outermost first. */
function layersOf(schema: z.ZodType): z.ZodType[] {
  const layers: z.ZodType[] = [schema];
  for (let inner = innerOf(schema); inner; inner = innerOf(inner)) layers.push(inner);
  return layers;
}

function innerOf(schema: z.ZodType): z.ZodType | undefined {
  const def = schema.def as { innerType?: z.ZodType; in?: z.ZodType };
  return def.innerType ?? def.in;
}

/**
 * The studio's field hint of each setting, read from the setting's own schema: its `.meta()` for the label, control,
 * help, step and the choices' words; its checks for a number's bounds; its enum for a select's choices. A setting
 * without a label and a control is a mistake in its section's schema, refused when the section is defined.
 */
export function fieldHintsOf(settings: AnyObject): Record<string, FieldHint> {
  const hints: Record<string, FieldHint> = {};
  for (const [key, schema] of Object.entries(settings.shape)) {
    const layers = layersOf(schema as z.ZodType);
    const meta = layers.map((layer) => layer.meta()).find((found) => found?.control) as FieldMeta | undefined;
    if (!meta?.label || !meta.control) throw new Error(`Setting "${key}" has no field hint: give it .meta({ label, control })`);
    const base = layers[layers.length - 1]!;
    const hint: FieldHint = { label: meta.label, control: meta.control };
    if (meta.help) hint.help = meta.help;
    if (base instanceof z.ZodNumber && (meta.control === 'range' || meta.control === 'number')) {
      if (base.minValue !== null && Number.isFinite(base.minValue)) hint.min = base.minValue;
      if (base.maxValue !== null && Number.isFinite(base.maxValue)) hint.max = base.maxValue;
    }
    if (meta.step !== undefined) hint.step = meta.step;
    if (catalogueControls.has(meta.control)) {
      const ids = base instanceof z.ZodArray ? base.element : base;
      if (!(ids instanceof z.ZodNumber))
        throw new Error(`Setting "${key}" picks a ${meta.control}: make it an id (a number) or a list of ids`);
      if (base instanceof z.ZodArray) {
        hint.multiple = true;
        const max = (base.def.checks ?? []).map((check) => (check._zod.def as { maximum?: number }).maximum).find(Number.isFinite);
        if (max !== undefined) hint.max = max;
      }
    }
    if (meta.control === 'select') {
      const values: (string | number)[] =
        base instanceof z.ZodEnum
          ? (base.options as (string | number)[])
          : Object.keys(meta.optionLabels ?? {}).map((value) => (base instanceof z.ZodNumber ? Number(value) : value));
      hint.options = values.map((value) => ({ value, label: meta.optionLabels?.[value] ?? String(value) }));
    }
    hints[key] = hint;
  }
  return hints;
}
