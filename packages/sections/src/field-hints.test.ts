import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldHintsOf } from './define-section.ts';

describe('field hints come from the settings schema itself', () => {
  it('reads label, control and help from .meta(), bounds from the checks, choices from the enum', () => {
    const hints = fieldHintsOf(
      z.object({
        heading: z.string().max(80).default('Hi').meta({ label: 'Heading', control: 'text', help: 'Short' }),
        overlay: z.number().int().min(0).max(90).default(35).meta({ label: 'Darkening', control: 'range', step: 5 }),
        height: z
          .enum(['small', 'large'])
          .default('small')
          .meta({ label: 'Height', control: 'select', optionLabels: { small: 'Small' } }),
        sort: z
          .number()
          .int()
          .default(1)
          .meta({ label: 'Order', control: 'select', optionLabels: { 1: 'Popularity', 2: 'Price' } }),
      }),
    );
    expect(hints).toEqual({
      heading: { label: 'Heading', control: 'text', help: 'Short' },
      overlay: { label: 'Darkening', control: 'range', min: 0, max: 90, step: 5 },
      height: {
        label: 'Height',
        control: 'select',
        options: [
          { value: 'small', label: 'Small' },
          { value: 'large', label: 'large' },
        ],
      },
      sort: {
        label: 'Order',
        control: 'select',
        options: [
          { value: 1, label: 'Popularity' },
          { value: 2, label: 'Price' },
        ],
      },
    });
  });

  it('finds the hint under .default() and .optional() too', () => {
    const hints = fieldHintsOf(z.object({ link: z.string().meta({ label: 'Link', control: 'url' }).optional().default('/') }));
    expect(hints.link).toEqual({ label: 'Link', control: 'url' });
  });

  it('marks a catalogue control over a list of ids as picking several, at most its length', () => {
    const hints = fieldHintsOf(
      z.object({
        product_ids: z.array(z.number().int().positive()).max(12).default([]).meta({ label: 'Products', control: 'product' }),
        category_id: z.number().int().min(0).default(0).meta({ label: 'Category', control: 'category' }),
      }),
    );
    expect(hints.product_ids).toEqual({ label: 'Products', control: 'product', multiple: true, max: 12 });
    expect(hints.category_id).toEqual({ label: 'Category', control: 'category' });
  });

  it('refuses a catalogue control over something that is not an id', () => {
    expect(() => fieldHintsOf(z.object({ pick: z.string().default('').meta({ label: 'Pick', control: 'brand' }) }))).toThrow(
      /"pick" picks a brand: make it an id/,
    );
  });

  it('refuses a setting without a label and a control, naming it', () => {
    expect(() => fieldHintsOf(z.object({ caption: z.string().default('') }))).toThrow(/"caption" has no field hint/);
  });
});
