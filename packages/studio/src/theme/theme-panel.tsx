import { useId, useMemo, useRef, type ReactNode } from 'react';
import type { z } from 'zod';
import type { FieldHint } from '@vitrine/sections/schemas';
import {
  defaultThemeSettings,
  fontFaceCss,
  fontStack,
  readThemeSettings,
  themeFontNames,
  themeSettings,
  type ThemeFont,
  type ThemeSettings,
} from '@vitrine/theme-engine';
import { useEditor, useStudio } from '../context.tsx';
import { describeValue, humanize } from '../forms/describe.ts';
import { FieldControl } from '../forms/field-control.tsx';
import { Group } from '../panels/section-panel.tsx';

type Shape = Readonly<Record<string, z.ZodType>>;

/** The theme's parts in the order the panel shows them, with their titles. */
const groups: { keys: string[]; title: string; open?: boolean }[] = [
  { keys: ['colors'], title: 'Colours', open: true },
  { keys: ['fonts'], title: 'Fonts', open: true },
  { keys: ['headings', 'subheading'], title: 'Headings' },
  { keys: ['buttons'], title: 'Buttons' },
  { keys: ['productCard'], title: 'Product cards' },
  { keys: ['inputs'], title: 'Inputs' },
  { keys: ['cards'], title: 'Cards' },
  { keys: ['badges'], title: 'Badges' },
  { keys: ['corners', 'radius'], title: 'Rounded corners' },
  { keys: ['logo'], title: 'Logo widths' },
  { keys: ['spacing', 'containers'], title: 'Spacing and widths' },
  { keys: ['add_to_card_action'], title: 'Add to cart' },
  { keys: ['product_image_zoom'], title: 'Product pictures' },
  { keys: ['show_currency'], title: 'Prices' },
  { keys: ['media'], title: 'Logo, icon and placeholder' },
  { keys: ['custom_css'], title: 'Custom CSS' },
];

const labels: Record<string, string> = {
  brandContrast: 'Text on brand colour',
  mutedText: 'Muted text',
  badgeSale: 'Sale badge',
  badgeNew: 'New badge',
  badgeSoldOut: 'Sold-out badge',
  badgeText: 'Badge text',
  hoverBackground: 'Hover background',
  hoverText: 'Hover text',
  baseSize: 'Base size (px)',
  lineHeight: 'Line height',
  paddingX: 'Padding across (px)',
  paddingY: 'Padding down (px)',
  fontSize: 'Font size (px)',
  size: 'Size (px)',
  imageRatio: 'Image ratio',
  showBrand: 'Show brand',
  showRating: 'Show rating',
  textAlign: 'Text alignment',
  desktopWidth: 'On large screens (px)',
  mobileWidth: 'On phones (px)',
  sectionY: 'Space around sections (px)',
  gap: 'Gap between items (px)',
  default: 'Default container (px)',
  fluid: 'Fluid container (px)',
  stretched: 'Stretched container (px)',
  corners: 'Corners',
  radius: 'Corner radius (px)',
  uppercase: 'Capital letters',
  shadow: 'Shadow',
  height: 'Height (px)',
  logo: 'Logo',
  favicon: 'Browser tab icon',
  placeholder: 'Placeholder for missing images',
  focus: 'Focus ring',
  product_image_zoom: 'Zoom on the product page',
  show_currency: 'Show the currency code beside prices',
};

/** The words of choices whose stored names say too little. */
const choiceWords: Record<string, string> = {
  no_zoom: 'No zoom',
  zoom: 'Click to zoom (3×)',
  inner_zoom_circle: 'Magnifier lens (5×)',
};

const weights = [100, 200, 300, 400, 500, 600, 700, 800, 900].map((w) => ({ value: w, label: String(w) }));

/** The control a theme value gets, from its schema, default and place. */
function hintFor(path: readonly string[], schema: z.ZodType, value: unknown): FieldHint {
  const key = path.at(-1)!;
  const label = labels[key] ?? humanize(key);
  const shape = describeValue(schema);
  if (path[0] === 'media') return { label, control: 'image' };
  if (shape.kind === 'boolean') return { label, control: 'toggle' };
  if (shape.kind === 'enum')
    return {
      label,
      control: 'select',
      options: (shape.options ?? []).map((o) => ({
        value: o,
        label: choiceWords[String(o)] ?? humanize(String(o)).replace('1:1', '1 : 1'),
      })),
    };
  if (shape.kind === 'string' && typeof value === 'string' && /^#[0-9a-f]{3,8}$/i.test(value)) return { label, control: 'color' };
  if (shape.kind === 'number') {
    if (key === 'weight') return { label: 'Weight', control: 'select', options: weights };
    return {
      label,
      control: 'number',
      ...(shape.min === undefined ? {} : { min: shape.min }),
      ...(shape.max === undefined ? {} : { max: shape.max }),
      step: key === 'lineHeight' ? 0.05 : 1,
    };
  }
  return { label, control: 'text' };
}

/** A theme value or object of values, drawn from the theme schema itself, so every setting of §3.8 has a control. */
function ThemeFields({
  shape,
  values,
  path,
  colors,
}: {
  shape: Shape;
  values: Record<string, unknown>;
  path: readonly string[];
  colors: ThemeSettings['colors'];
}) {
  const { store } = useStudio();
  const nested = path.length > 0;
  return (
    <div className={nested ? 'grid grid-cols-2 gap-x-3 gap-y-3' : 'space-y-4'}>
      {Object.entries(shape).map(([key, schema]) => {
        const at = [...path, key];
        const value = values[key];
        const described = describeValue(schema);
        if (described.kind === 'object' && described.shape) {
          return (
            <fieldset key={key} className="col-span-2 space-y-2 rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-xs font-semibold text-slate-700">{labels[key] ?? humanize(key)}</legend>
              <ThemeFields shape={described.shape} values={(value ?? {}) as Record<string, unknown>} path={at} colors={colors} />
            </fieldset>
          );
        }
        const onChange = (next: unknown) => store.getState().setThemeSetting(at, next);
        // A colour that can follow a theme colour: its schema takes a theme colour's name, and nothing else that is not a colour.
        const followable = schema.safeParse('brand').success && !schema.safeParse('not a colour').success;
        return (
          <div key={key} className={nested && described.kind !== 'string' && !followable ? '' : 'col-span-2'}>
            {followable ? (
              <FollowableColor
                path={at}
                label={labels[key] ?? humanize(key)}
                schema={schema}
                value={value}
                colors={colors}
                onChange={onChange}
              />
            ) : (
              <FieldControl name={at.join('.')} hint={hintFor(at, schema, value)} schema={schema} value={value} onChange={onChange} />
            )}
          </div>
        );
      })}
    </div>
  );
}

/** The names theme colours go by in the panel, for "Follows Brand". */
const colorNames: Record<string, string> = {
  brand: 'Brand',
  brandContrast: 'Text on brand colour',
  accent: 'Accent',
  heading: 'Heading',
  background: 'Background',
  link: 'Link',
};

/** The colour a value paints: its own, or that of the theme colour it follows (which may follow another). */
function paintOf(value: unknown, colors: ThemeSettings['colors'], depth = 0): string {
  if (typeof value !== 'string') return '#000000';
  if (value.startsWith('#') || depth > 3) return value;
  return paintOf(colors[value as keyof ThemeSettings['colors']], colors, depth + 1);
}

const defaultAt = (path: readonly string[]) =>
  path.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], defaultThemeSettings);

/**
 * A button, link or focus colour: by default it follows a theme colour (Brand, mostly), shown as "Follows Brand" with
 * a Detach button that gives it a colour of its own, starting from the one it shows; a detached colour can follow
 * again.
 */
function FollowableColor({
  path,
  label,
  schema,
  value,
  colors,
  onChange,
}: {
  path: readonly string[];
  label: string;
  schema: z.ZodType;
  value: unknown;
  colors: ThemeSettings['colors'];
  onChange: (next: unknown) => void;
}) {
  const followed = typeof value === 'string' && !value.startsWith('#') ? value : null;
  const fallback = defaultAt(path);
  const canFollow = typeof fallback === 'string' && !fallback.startsWith('#') ? fallback : null;
  if (followed) {
    const name = colorNames[followed] ?? humanize(followed);
    return (
      <div className="space-y-1">
        <span className="block text-xs font-medium text-slate-700">{label}</span>
        <div className="flex items-center gap-2">
          <span
            className="h-8 w-10 shrink-0 rounded border border-slate-300"
            style={{ background: paintOf(followed, colors) }}
            aria-hidden="true"
          />
          <span className="flex-1 text-xs text-slate-600">Follows {name}</span>
          <button
            type="button"
            aria-label={`Detach ${label} from ${name}`}
            onClick={() => onChange(paintOf(followed, colors))}
            className="rounded border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            Detach
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <FieldControl name={path.join('.')} hint={{ label, control: 'color' }} schema={schema} value={value} onChange={onChange} />
      {canFollow ? (
        <button
          type="button"
          onClick={() => onChange(canFollow)}
          className="text-xs font-medium text-indigo-700 underline hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          {`Follow ${colorNames[canFollow] ?? humanize(canFollow)} again`}
        </button>
      ) : null}
    </div>
  );
}

/** The 21 fonts, each named in its own face, as radio buttons. */
function FontPicker({ role, value }: { role: 'heading' | 'body'; value: ThemeFont }) {
  const { store } = useStudio();
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1 text-xs font-medium text-slate-700">{role === 'heading' ? 'Headings' : 'Body text'}</legend>
      <div className="relative max-h-48 overflow-y-auto rounded-md border border-slate-300 p-1">
        {themeFontNames.map((font) => (
          <label
            key={font}
            className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 hover:bg-slate-50 has-checked:bg-indigo-50 has-focus-visible:outline-2 has-focus-visible:outline-indigo-500"
          >
            <input
              type="radio"
              name={name}
              value={font}
              checked={value === font}
              onChange={() => store.getState().setThemeSetting(['fonts', role], font)}
              className="sr-only"
            />
            <span className="w-12 text-lg leading-6 text-slate-900" style={{ fontFamily: fontStack(font) }} aria-hidden="true">
              Aa
            </span>
            <span className="flex-1 text-sm text-slate-800" style={{ fontFamily: fontStack(font) }}>
              {font}
            </span>
            {value === font ? <span className="text-xs font-semibold text-indigo-700">✓</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The owner's own CSS, added after the theme's; compiled with the rest in a worker, so typing never waits. */
function CustomCss({ value }: { value: string }) {
  const { store } = useStudio();
  const id = useId();
  const leaving = useRef(false);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        CSS added after the theme
      </label>
      <textarea
        id={id}
        value={value}
        spellCheck={false}
        rows={12}
        aria-describedby={`${id}-help`}
        onChange={(event) => store.getState().setThemeSetting(['custom_css'], event.target.value.slice(0, 100_000))}
        onKeyDown={(event) => {
          // Tab indents inside the editor; Escape, then Tab, leaves it, so the keyboard is never trapped here.
          if (event.key === 'Escape') {
            leaving.current = true;
            return;
          }
          const leave = leaving.current;
          leaving.current = false;
          if (event.key !== 'Tab' || event.shiftKey || leave) return;
          event.preventDefault();
          const area = event.currentTarget;
          const { selectionStart, selectionEnd } = area;
          const next = `${area.value.slice(0, selectionStart)}  ${area.value.slice(selectionEnd)}`;
          store.getState().setThemeSetting(['custom_css'], next);
          requestAnimationFrame(() => area.setSelectionRange(selectionStart + 2, selectionStart + 2));
        }}
        className="block w-full rounded-md border border-slate-300 bg-slate-950 px-3 py-2 font-mono text-xs leading-5 text-slate-100 focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/30"
        placeholder=".vt-section-hero h1 { letter-spacing: -0.02em; }"
      />
      <p id={`${id}-help`} className="text-xs text-slate-500">
        {value.length.toLocaleString('en-US')} of 100,000 characters. Tab indents; press Escape, then Tab, to move on.
      </p>
    </div>
  );
}

function AddToCart({ value }: { value: string }) {
  const { store } = useStudio();
  const name = useId();
  const options = [
    { value: 'OPEN_DRAWER', label: 'Open the cart drawer', help: 'The shopper stays on the page.' },
    { value: 'OPEN_CART', label: 'Go to the cart page', help: 'The shopper sees the whole cart.' },
  ];
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-xs font-medium text-slate-700">When a shopper adds a product to the cart</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-2 text-sm has-checked:border-indigo-400 has-checked:bg-indigo-50"
        >
          <input
            type="radio"
            name={name}
            checked={value === option.value}
            onChange={() => store.getState().setThemeSetting(['add_to_card_action'], option.value)}
            className="mt-0.5 accent-indigo-600"
          />
          <span>
            <span className="block font-medium text-slate-800">{option.label}</span>
            <span className="block text-xs text-slate-600">{option.help}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

const previewFaces = fontFaceCss(themeFontNames.map((font) => ({ font, weights: [400] })));

/** Every theme setting of §3.8: colours, the 21 fonts with previews, headings, buttons, cards, inputs, badges, spacing, widths, corners, custom CSS, the add-to-cart action, media. */
export function ThemePanel() {
  const raw = useEditor((s) => s.docs.theme?.settings);
  const name = useEditor((s) => s.themeInfo?.name ?? 'Theme');
  const settings = useMemo(() => (raw ? readThemeSettings(raw).settings : null), [raw]);
  if (!settings) return <p className="px-4 py-6 text-sm text-slate-600">The theme is loading…</p>;
  const shape = themeSettings.shape as unknown as Shape;
  const values = settings as unknown as Record<string, unknown>;
  const part = (key: string): ReactNode => {
    if (key === 'fonts') {
      return (
        <div key={key} className="space-y-4">
          <FontPicker role="heading" value={settings.fonts.heading} />
          <FontPicker role="body" value={settings.fonts.body} />
          <ThemeFields
            shape={{ baseSize: (describeValue(shape.fonts!).shape ?? {}).baseSize! }}
            values={settings.fonts}
            path={['fonts']}
            colors={settings.colors}
          />
        </div>
      );
    }
    if (key === 'custom_css') return <CustomCss key={key} value={settings.custom_css} />;
    if (key === 'add_to_card_action') return <AddToCart key={key} value={settings.add_to_card_action} />;
    const described = describeValue(shape[key]!);
    if (described.kind === 'object' && described.shape)
      return (
        <ThemeFields
          key={key}
          shape={described.shape}
          values={values[key] as Record<string, unknown>}
          path={[key]}
          colors={settings.colors}
        />
      );
    return <ThemeFields key={key} shape={{ [key]: shape[key]! }} values={values} path={[]} colors={settings.colors} />;
  };
  return (
    // A form of its own, so the browser's autofill weighs these fields on each keystroke, not every control of the studio.
    <form onSubmit={(event) => event.preventDefault()} noValidate>
      <style>{previewFaces}</style>
      <p className="border-b border-slate-200 px-4 py-2 text-xs text-slate-500">
        <span className="font-semibold text-slate-800">{name}</span> — applies to every page of the store.
      </p>
      {groups.map((group) => (
        <Group key={group.title} title={group.title} open={group.open ?? false}>
          <div className="space-y-4">{group.keys.map(part)}</div>
        </Group>
      ))}
    </form>
  );
}
