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

  it('refuses a setting without a label and a control, naming it', () => {
    expect(() => fieldHintsOf(z.object({ caption: z.string().default('') }))).toThrow(/"caption" has no field hint/);
  });
});
