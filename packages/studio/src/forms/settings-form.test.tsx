// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CATALOGUE_PRODUCT_CHOICES, type CatalogueChoices } from '@vitrine/commerce';
import { fieldControls, sectionSchemas, sectionStyle, type FieldControl, type FieldHint } from '@vitrine/sections/schemas';
import { sampleCatalogue } from '../api/fake-server.fixture.ts';
import { CatalogueContext, createCatalogue, type Catalogue } from './catalogue-context.tsx';
import { SettingsForm } from './settings-form.tsx';
import { styleFields } from './style-fields.ts';

afterEach(cleanup);

const hex = z.union([z.literal(''), z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/)]);
const id = z.number().int().min(0).default(0);
/** One setting per control the studio can draw, with a schema like the sections use for it. */
const schemas: Record<FieldControl, z.ZodType> = {
  text: z.string().max(10).default('Hello'),
  textarea: z.string().max(400).default('Some text'),
  richtext: z.string().default('<p>Rich</p>'),
  color: hex.default('#112233'),
  image: z.string().max(2048).default('/media/1/a.webp'),
  url: z.string().max(2048).default('/shop'),
  select: z.enum(['small', 'large']).default('small'),
  range: z.number().int().min(0).max(90).default(30),
  toggle: z.boolean().default(false),
  number: z.number().int().min(0).max(400).nullable().default(null),
  product: id,
  category: id,
  brand: id,
};
const schema = z.object(schemas as Record<string, z.ZodType>);
const fields: Record<string, FieldHint> = Object.fromEntries(
  fieldControls.map((control) => [
    control,
    {
      label: `The ${control}`,
      control,
      ...(control === 'select'
        ? {
            options: [
              { value: 'small', label: 'Small' },
              { value: 'large', label: 'Large' },
            ],
          }
        : {}),
      ...(control === 'range' ? { min: 0, max: 90, step: 5 } : {}),
    },
  ]),
);

/** The sample store's catalogue, already loaded, as the editor provides it once the server has answered. */
const loaded = createCatalogue(async () => sampleCatalogue());
beforeAll(() => loaded.load());
const withCatalogue = (children: ReactNode, catalogue: Catalogue = loaded) => (
  <CatalogueContext value={catalogue}>{children}</CatalogueContext>
);

function form(values = schema.parse({})) {
  const onChange = vi.fn();
  render(withCatalogue(<SettingsForm schema={schema} fields={fields} values={values} onChange={onChange} />));
  return onChange;
}

/** How each control is changed by the owner, and the value the form must store. */
const edits: Record<FieldControl, { element: () => HTMLElement; act: (element: HTMLElement) => void; stored: unknown }> = {
  text: {
    element: () => screen.getByRole('textbox', { name: 'The text' }),
    act: (e) => fireEvent.input(e, { target: { value: 'Hi' } }),
    stored: 'Hi',
  },
  textarea: {
    element: () => screen.getByRole('textbox', { name: 'The textarea' }),
    act: (e) => fireEvent.input(e, { target: { value: 'Longer words' } }),
    stored: 'Longer words',
  },
  richtext: {
    element: () => screen.getByRole('textbox', { name: 'The richtext' }),
    act: (e) => {
      e.innerHTML = '<p><b>Bold</b></p>';
      fireEvent.input(e);
    },
    stored: '<p><b>Bold</b></p>',
  },
  color: {
    element: () => screen.getByRole('textbox', { name: 'The color' }),
    act: (e) => fireEvent.input(e, { target: { value: '#abcdef' } }),
    stored: '#abcdef',
  },
  image: {
    element: () => screen.getByRole('textbox', { name: 'The image' }),
    act: (e) => fireEvent.input(e, { target: { value: '/media/1/b.webp' } }),
    stored: '/media/1/b.webp',
  },
  url: {
    element: () => screen.getByRole('textbox', { name: 'The url' }),
    act: (e) => fireEvent.input(e, { target: { value: 'https://example.com' } }),
    stored: 'https://example.com',
  },
  select: {
    element: () => screen.getByRole('combobox', { name: 'The select' }),
    act: (e) => fireEvent.change(e, { target: { value: 'large' } }),
    stored: 'large',
  },
  range: {
    element: () => screen.getByRole('slider', { name: 'The range' }),
    act: (e) => fireEvent.input(e, { target: { value: '45' } }),
    stored: 45,
  },
  toggle: { element: () => screen.getByRole('switch', { name: 'The toggle' }), act: (e) => fireEvent.click(e), stored: true },
  number: {
    element: () => screen.getByRole('spinbutton', { name: 'The number' }),
    act: (e) => fireEvent.input(e, { target: { value: '120' } }),
    stored: 120,
  },
  product: {
    element: () => screen.getByRole('combobox', { name: 'The product' }),
    act: (e) => fireEvent.change(e, { target: { value: '12' } }),
    stored: 12,
  },
  category: {
    element: () => screen.getByRole('combobox', { name: 'The category' }),
    act: (e) => fireEvent.change(e, { target: { value: '4' } }),
    stored: 4,
  },
  brand: {
    element: () => screen.getByRole('combobox', { name: 'The brand' }),
    act: (e) => fireEvent.change(e, { target: { value: '5' } }),
    stored: 5,
  },
};

describe('a form generated from field hints and a zod schema', () => {
  it.each(fieldControls.map((control) => [control]))('draws a labelled %s control that stores a value of the schema’s type', (control) => {
    const onChange = form();
    const edit = edits[control];
    const element = edit.element();
    edit.act(element);
    expect(onChange).toHaveBeenCalledWith(control, edit.stored);
    expect(schemas[control].safeParse(edit.stored).success).toBe(true);
  });

  it('covers every control the registry can name', () => {
    expect(Object.keys(edits).sort()).toEqual([...fieldControls].sort());
  });

  it('keeps a value the schema refuses out of the store and says why beside it', () => {
    const onChange = form();
    const text = screen.getByRole('textbox', { name: 'The text' });
    fireEvent.input(text, { target: { value: 'far too long for ten' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(text).toHaveProperty('value', 'far too long for ten');
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Use at most 10 characters.');
    fireEvent.input(text, { target: { value: 'Short' } });
    expect(onChange).toHaveBeenCalledWith('text', 'Short');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a link with a stray % or another scheme is refused at the field, not saved to break the store (§5)', () => {
    const onChange = form();
    const url = screen.getByRole('textbox', { name: 'The url' });
    for (const [typed, reason] of [
      ['#100%', /% must start an escape/],
      ['/sale%', /% must start an escape/],
      ['javascript:alert(1)', /Only http:\/\/ and https:\/\//],
      ['/two words', /no spaces/],
    ] as const) {
      fireEvent.input(url, { target: { value: typed } });
      expect(url.getAttribute('aria-invalid'), typed).toBe('true');
      expect(screen.getByRole('alert').textContent, typed).toMatch(reason);
    }
    expect(onChange).not.toHaveBeenCalled();
    for (const good of ['https://example.com/a', '/sale%20now', '#faq', 'contact', '']) {
      fireEvent.input(url, { target: { value: good } });
      expect(onChange).toHaveBeenLastCalledWith('url', good);
      expect(screen.queryByRole('alert')).toBeNull();
    }
  });

  it('every colour picker is named after its setting, not announced as “Pick a colour”', () => {
    form();
    expect(screen.getByLabelText('The color: pick a colour').getAttribute('type')).toBe('color');
    expect(screen.queryByLabelText('Pick a colour')).toBeNull();
  });

  it('refuses a colour that is not hex, and lets an optional colour be cleared', () => {
    const onChange = form();
    const color = screen.getByRole('textbox', { name: 'The color' });
    fireEvent.input(color, { target: { value: 'red' } });
    expect(screen.getByRole('alert').textContent).toMatch(/hex colour/);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenCalledWith('color', '');
  });

  it('an emptied number goes back to “theme default” (null)', () => {
    const onChange = form({ ...schema.parse({}), number: 40 });
    fireEvent.input(screen.getByRole('spinbutton', { name: 'The number' }), { target: { value: '' } });
    expect(onChange).toHaveBeenCalledWith('number', null);
  });

  it('refuses a number outside the schema’s bounds', () => {
    const onChange = form();
    fireEvent.input(screen.getByRole('spinbutton', { name: 'The number' }), { target: { value: '999' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Use 400 or less.');
  });

  it('a select with number values stores numbers', () => {
    const onChange = vi.fn();
    const sorting = z.object({ sort: z.number().int().min(1).max(8).default(1) });
    render(
      <SettingsForm
        schema={sorting}
        fields={{
          sort: {
            label: 'Order',
            control: 'select',
            options: [
              { value: 1, label: 'popularity' },
              { value: 7, label: 'recently added' },
            ],
          },
        }}
        values={{ sort: 1 }}
        onChange={onChange}
      />,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: '7' } });
    expect(onChange).toHaveBeenCalledWith('sort', 7);
  });
});

describe('every section of the registry gets its form', () => {
  it.each(Object.values(sectionSchemas).map((d) => [d.name, d]))(
    '%s: one labelled control per field hint, blocks included',
    (_name, definition) => {
      const { container } = render(
        withCatalogue(
          <div>
            <SettingsForm
              schema={definition.settings}
              fields={definition.fields}
              values={definition.readSettings({})}
              onChange={() => {}}
            />
            {definition.blocks ? (
              <SettingsForm
                schema={definition.blocks.settings}
                fields={definition.blocks.fields}
                values={definition.readBlock({})}
                onChange={() => {}}
              />
            ) : null}
          </div>,
        ),
      );
      const expected = Object.keys(definition.fields).length + Object.keys(definition.blocks?.fields ?? {}).length;
      const labels = [...container.querySelectorAll('label')].filter((label) => label.htmlFor);
      expect(labels).toHaveLength(expected);
      for (const label of labels)
        expect(within(container).getAllByLabelText(label.textContent!.replace(/\s+$/, ''), { exact: false }).length).toBeGreaterThan(0);
    },
  );

  it('the style form of §3.10 has a control for every style setting', () => {
    render(<SettingsForm schema={sectionStyle} fields={styleFields} values={sectionStyle.parse({})} onChange={() => {}} />);
    expect(Object.keys(styleFields).sort()).toEqual(Object.keys(sectionStyle.shape).sort());
    for (const hint of Object.values(styleFields)) expect(screen.getAllByLabelText(hint.label, { exact: false }).length).toBeGreaterThan(0);
  });
});

describe('category, brand and product pickers', () => {
  const ids = z.object({ category_id: id, brand_id: id, product_id: id });
  const pickerFields: Record<string, FieldHint> = {
    category_id: { label: 'Category', control: 'category', help: 'Leave empty for every category' },
    brand_id: { label: 'Brand', control: 'brand', help: 'Leave empty for every brand' },
    product_id: { label: 'Product', control: 'product' },
  };
  function pickers(values: Partial<z.infer<typeof ids>> = {}, catalogue: Catalogue = loaded) {
    const onChange = vi.fn();
    render(withCatalogue(<SettingsForm schema={ids} fields={pickerFields} values={ids.parse(values)} onChange={onChange} />, catalogue));
    return onChange;
  }
  const optionTexts = (name: string) =>
    within(screen.getByRole('combobox', { name }))
      .getAllByRole('option')
      .map((option) => option.textContent);
  const choice = (name: string) => (screen.getByRole('combobox', { name }) as HTMLSelectElement).selectedOptions[0]!.textContent;

  it('list the store’s choices by name: categories under their parents, with product counts', () => {
    pickers();
    expect(optionTexts('Category')).toEqual(['Any category', 'Garden (2)', 'Kitchen (8)', '— Cookware (5)', '— — Pans (3)']);
    expect(optionTexts('Brand')).toEqual(['Any brand', 'Acme (4)', 'Birch & Co (0)']);
    expect(optionTexts('Product')).toEqual(['No product', 'Cast-iron pan', 'Chef knife']);
    // "Leave empty" was written for a number box; the first choice says it now.
    expect(screen.queryByText('Leave empty for every category')).toBeNull();
  });

  it('say what “none” means in the field’s own words', () => {
    const categories = sectionSchemas[4];
    render(
      withCatalogue(
        <SettingsForm schema={categories.settings} fields={categories.fields} values={categories.readSettings({})} onChange={() => {}} />,
      ),
    );
    expect(optionTexts('Show the sub-categories of')[0]).toBe('Top level');
  });

  it('store the chosen id as a number, and 0 for “any”', () => {
    const onChange = pickers({ brand_id: 5 });
    expect(choice('Brand')).toBe('Acme (4)');
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: '2' } });
    expect(onChange).toHaveBeenCalledWith('category_id', 2);
    fireEvent.change(screen.getByRole('combobox', { name: 'Brand' }), { target: { value: '0' } });
    expect(onChange).toHaveBeenCalledWith('brand_id', 0);
  });

  it('keep an id the store no longer has, shown as unknown, rather than silently choosing another', () => {
    const onChange = pickers({ category_id: 12, brand_id: 99 });
    expect(choice('Category')).toBe('Unknown category #12');
    expect(choice('Brand')).toBe('Unknown brand #99');
    expect(optionTexts('Category')).toHaveLength(6);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('do not call a product unknown when only the first products are listed', async () => {
    const many = createCatalogue(async () => ({
      ...sampleCatalogue(),
      products: Array.from({ length: CATALOGUE_PRODUCT_CHOICES }, (_, i) => ({ id: i + 1, name: `Product ${i + 1}` })),
    }));
    await many.load();
    pickers({ product_id: 500 }, many);
    expect(choice('Product')).toBe('Product #500');
  });

  it('say they are loading, ask the server once for all of them, and fill in when it answers', async () => {
    let answer!: (choices: CatalogueChoices) => void;
    const fetchChoices = vi.fn(() => new Promise<CatalogueChoices>((resolve) => (answer = resolve)));
    pickers({ category_id: 1 }, createCatalogue(fetchChoices));
    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(category).toHaveProperty('disabled', true);
    expect(category.textContent).toBe('Loading…');
    expect(fetchChoices).toHaveBeenCalledOnce();
    act(() => answer(sampleCatalogue()));
    expect(await screen.findByRole('option', { name: 'Kitchen (8)', selected: true })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveProperty('disabled', false);
  });

  it('fall back to typing the number, saying why, when the choices cannot be loaded', async () => {
    const fetchChoices = vi
      .fn()
      .mockRejectedValueOnce(new Error('The server could not be reached.'))
      .mockResolvedValueOnce(sampleCatalogue());
    const onChange = pickers({ category_id: 3 }, createCatalogue(fetchChoices));
    const category = await screen.findByRole('spinbutton', { name: 'Category' });
    expect(category).toHaveProperty('value', '3');
    expect(category.getAttribute('aria-describedby')).toContain(screen.getAllByText(/Could not load the store’s categories/)[0]!.id);
    expect(screen.getByText('Leave empty for every category')).toBeTruthy();
    fireEvent.input(category, { target: { value: '4' } });
    expect(onChange).toHaveBeenCalledWith('category_id', 4);
    fireEvent.input(category, { target: { value: '' } });
    expect(onChange).toHaveBeenCalledWith('category_id', 0);

    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByRole('combobox', { name: 'Category' })).toBeTruthy();
    expect(fetchChoices).toHaveBeenCalledTimes(2);
  });
});
