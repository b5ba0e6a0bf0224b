// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { CatalogueChoices } from '@vitrine/commerce';
import { fieldControls, sectionSchemas, sectionStyle, type FieldControl, type FieldHint } from '@vitrine/sections/schemas';
import { findSampleProducts, sampleCatalogue } from '../api/fake-server.fixture.ts';
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
const findProducts = async (search: Parameters<typeof findSampleProducts>[0]) => findSampleProducts(search);
const loaded = createCatalogue(async () => sampleCatalogue(), findProducts);
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
const edits: Record<FieldControl, { element: () => HTMLElement; act: (element: HTMLElement) => unknown; stored: unknown }> = {
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
    act: async (e) => {
      fireEvent.change(e, { target: { value: 'pan' } });
      fireEvent.click(await screen.findByRole('option', { name: 'Cast-iron pan, SKU PAN-CI' }));
    },
    stored: 12,
  },
  category: {
    element: () => screen.getByRole('combobox', { name: 'The category' }),
    act: (e) => {
      fireEvent.change(e, { target: { value: 'pans' } });
      fireEvent.click(screen.getByRole('option', { name: 'Pans, in Kitchen › Cookware, 3 products' }));
    },
    stored: 4,
  },
  brand: {
    element: () => screen.getByRole('combobox', { name: 'The brand' }),
    act: (e) => {
      fireEvent.change(e, { target: { value: 'acm' } });
      fireEvent.click(screen.getByRole('option', { name: 'Acme, 4 products' }));
    },
    stored: 5,
  },
};

describe('a form generated from field hints and a zod schema', () => {
  it.each(fieldControls.map((control) => [control]))(
    'draws a labelled %s control that stores a value of the schema’s type',
    async (control) => {
      const onChange = form();
      const edit = edits[control];
      const element = edit.element();
      await edit.act(element);
      expect(onChange).toHaveBeenCalledWith(control, edit.stored);
      expect(schemas[control].safeParse(edit.stored).success).toBe(true);
    },
  );

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
  const field = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;
  const shown = (name: string) => {
    const list = screen.getByRole('listbox', { name: `${name} choices` });
    return within(list)
      .queryAllByRole('option')
      .map((option) => option.getAttribute('aria-label'));
  };
  const open = (name: string) => fireEvent.click(screen.getByRole('button', { name: `Show the ${name}` }));
  const type = (name: string, text: string) => fireEvent.change(field(name), { target: { value: text } });

  it('show the chosen name, and list the store’s choices: categories under their parents, with product counts', () => {
    pickers({ category_id: 4, brand_id: 5 });
    expect(field('Category').value).toBe('Pans');
    expect(field('Brand').value).toBe('Acme');
    open('categories');
    expect(shown('Category')).toEqual([
      'Any category',
      'Garden, 2 products',
      'Kitchen, 8 products',
      'Cookware, in Kitchen, 5 products',
      'Pans, in Kitchen › Cookware, 3 products',
    ]);
    expect(field('Category').getAttribute('aria-expanded')).toBe('true');
    open('brands');
    expect(shown('Brand')).toEqual(['Any brand', 'Acme, 4 products', 'Birch & Co, 0 products']);
    // "Leave empty" was written for a number box; the first choice says it now.
    expect(screen.queryByText('Leave empty for every category')).toBeNull();
  });

  it('narrow the list as the owner types: by name or by the parents a category sits in, case and accents aside', () => {
    pickers();
    type('Category', 'COOK');
    expect(shown('Category')).toEqual(['Cookware, in Kitchen, 5 products', 'Pans, in Kitchen › Cookware, 3 products']);
    type('Category', 'kitchen pans');
    expect(shown('Category')).toEqual(['Pans, in Kitchen › Cookware, 3 products']);
    type('Category', 'sofa');
    expect(shown('Category')).toEqual([]);
    expect(screen.getByText('No category matches “sofa”.')).toBeTruthy();
  });

  it('pick by keyboard: arrows move, Enter stores the id, Escape gives the chosen name back', () => {
    const onChange = pickers({ brand_id: 5 });
    const category = field('Category');
    type('Category', 'gard');
    fireEvent.keyDown(category, { key: 'ArrowDown' });
    expect(category.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Garden, 2 products' }).id);
    fireEvent.keyDown(category, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('category_id', 3);

    const brand = field('Brand');
    type('Brand', 'zzz');
    fireEvent.keyDown(brand, { key: 'Escape' });
    expect(brand.value).toBe('Acme');
    open('brands');
    fireEvent.click(screen.getByRole('option', { name: 'Any brand' }));
    expect(onChange).toHaveBeenCalledWith('brand_id', 0);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('say what “none” means in the field’s own words', () => {
    const categories = sectionSchemas[4];
    render(
      withCatalogue(
        <SettingsForm schema={categories.settings} fields={categories.fields} values={categories.readSettings({})} onChange={() => {}} />,
      ),
    );
    expect(field('Show the sub-categories of').value).toBe('Top level');
    open('categories');
    expect(shown('Category')[0]).toBe('Top level');
  });

  it('keep an id the store no longer has, shown as unknown, rather than silently choosing another', async () => {
    const onChange = pickers({ category_id: 12, brand_id: 99, product_id: 500 });
    expect(field('Category').value).toBe('Unknown category #12');
    expect(field('Brand').value).toBe('Unknown brand #99');
    expect(field('Product').value).toBe('Product #500');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(field('Product').value).toBe('Product #500');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('search the store’s products on the server as the owner types, showing SKUs, and name a picked one', async () => {
    const asked: unknown[] = [];
    const catalogue = createCatalogue(
      async () => sampleCatalogue(),
      async (search) => (asked.push(search), findSampleProducts(search)),
    );
    const onChange = pickers({ product_id: 11 }, catalogue);
    await waitFor(() => expect(field('Product').value).toBe('Chef knife'));
    expect(asked).toEqual([{ ids: [11] }]);
    type('Product', 'k');
    type('Product', 'kn');
    type('Product', 'knife');
    expect(await screen.findByRole('option', { name: 'Bread knife, SKU KN-BR' })).toBeTruthy();
    // Only the words the owner paused on were asked for.
    expect(asked).toEqual([{ ids: [11] }, { q: 'knife' }]);
    expect(shown('Product')).toEqual(['Bread knife, SKU KN-BR', 'Chef knife, SKU KN-CH']);
    type('Product', 'creme');
    // Until the new words are answered, the last answer is not offered: Enter cannot pick a knife by mistake.
    expect(shown('Product')).toEqual([]);
    expect(screen.getByText('Searching…')).toBeTruthy();
    fireEvent.click(await screen.findByRole('option', { name: 'Crème brûlée torch, SKU TORCH-1' }));
    expect(onChange).toHaveBeenCalledWith('product_id', 14);
  });

  it('say they are loading, ask the server once for all of them, and fill in when it answers', async () => {
    let answer!: (choices: CatalogueChoices) => void;
    const fetchChoices = vi.fn(() => new Promise<CatalogueChoices>((resolve) => (answer = resolve)));
    pickers({ category_id: 1 }, createCatalogue(fetchChoices, findProducts));
    expect(field('Category').value).toBe('Loading…');
    open('categories');
    expect(within(screen.getByRole('listbox', { name: 'Category choices' })).getByText('Loading…')).toBeTruthy();
    expect(fetchChoices).toHaveBeenCalledOnce();
    act(() => answer(sampleCatalogue()));
    await waitFor(() => expect(field('Category').value).toBe('Kitchen'));
    expect(shown('Category')).toHaveLength(5);
  });

  it('fall back to typing the number, saying why, when the choices cannot be loaded', async () => {
    const fetchChoices = vi
      .fn()
      .mockRejectedValueOnce(new Error('The server could not be reached.'))
      .mockResolvedValueOnce(sampleCatalogue());
    const onChange = pickers({ category_id: 3 }, createCatalogue(fetchChoices, findProducts));
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

describe('products picked by hand', () => {
  const picked = z.object({ product_ids: z.array(z.number().int().positive()).max(3).default([]) });
  const pickedFields: Record<string, FieldHint> = { product_ids: { label: 'Products', control: 'product', multiple: true, max: 3 } };
  function list(ids: number[], catalogue: Catalogue | null = loaded) {
    const onChange = vi.fn();
    const form = <SettingsForm schema={picked} fields={pickedFields} values={{ product_ids: ids }} onChange={onChange} />;
    render(catalogue ? withCatalogue(form, catalogue) : form);
    return onChange;
  }
  const rows = () =>
    within(screen.getByRole('list', { name: 'Picked products' }))
      .getAllByRole('listitem')
      .map((row) => row.textContent);

  it('are listed in order with their names and SKUs, and moved or removed by their own buttons', async () => {
    const onChange = list([12, 11]);
    await waitFor(() => expect(rows()).toEqual(['Cast-iron panPAN-CI↑↓×', 'Chef knifeKN-CH↑↓×']));
    expect(screen.getByRole('button', { name: 'Move Cast-iron pan up' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Cast-iron pan down' }));
    expect(onChange).toHaveBeenLastCalledWith('product_ids', [11, 12]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Chef knife' }));
    expect(onChange).toHaveBeenLastCalledWith('product_ids', [12]);
  });

  it('are added from a search that leaves out those already picked', async () => {
    const onChange = list([11]);
    const search = screen.getByRole('combobox', { name: 'Products' });
    fireEvent.change(search, { target: { value: 'knife' } });
    const bread = await screen.findByRole('option', { name: 'Bread knife, SKU KN-BR' });
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    fireEvent.click(bread);
    expect(onChange).toHaveBeenLastCalledWith('product_ids', [11, 13]);
    expect(search).toHaveProperty('value', '');
  });

  it('stop at the most the setting allows', () => {
    list([11, 12, 13]);
    const search = screen.getByRole('combobox', { name: 'Products' });
    expect(search).toHaveProperty('disabled', true);
    expect(search.getAttribute('placeholder')).toBe('3 picked, the most there can be');
  });

  it('are typed as numbers where there is no catalogue to search', () => {
    const onChange = list([], null);
    fireEvent.input(screen.getByRole('textbox', { name: 'Products' }), { target: { value: '3, 1' } });
    expect(onChange).toHaveBeenLastCalledWith('product_ids', [3, 1]);
  });
});
