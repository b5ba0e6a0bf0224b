import { expect, it } from 'vitest';
import { combinations, followMatrix, variantCount, type AxisField, type VariantField } from './variant-matrix.ts';
import { cutLikeSearch } from './search-preview.tsx';

const size: AxisField = { key: 'size', name: 'Size', values: ['S', 'M'] };
const colour: AxisField = { key: 'colour', name: 'Colour', values: ['Red'] };
const row = (values: Record<string, string>, fields: Partial<VariantField> = {}): VariantField => ({
  values,
  price: '',
  compareAtPrice: '',
  sku: '',
  barcode: '',
  stock: '',
  picture: '',
  ...fields,
});

it('makes one choice per value of each option, the first option outermost, and none without values', () => {
  expect(combinations([size, { ...colour, values: ['Red', 'Blue'] }])).toEqual([
    { size: 'S', colour: 'Red' },
    { size: 'S', colour: 'Blue' },
    { size: 'M', colour: 'Red' },
    { size: 'M', colour: 'Blue' },
  ]);
  // An option being named, with no values yet, does not empty the matrix.
  expect(combinations([size, { ...colour, values: [] }])).toEqual([{ size: 'S' }, { size: 'M' }]);
  expect(combinations([])).toEqual([]);
  // Counted without making them, to refuse a value that would make more than a product has.
  expect(variantCount([size, { ...colour, values: [] }])).toBe(2);
  expect(variantCount([size, { ...colour, values: ['Red', 'Blue', 'Green'] }])).toBe(6);
  expect(variantCount([{ ...size, values: [] }])).toBe(0);
});

it('keeps a row’s id and what was typed while its choice stays, case aside, and carries rows over an option added or removed', () => {
  const rows = [row({ size: 'S' }, { id: 1, price: '10' }), row({ size: 'M' }, { id: 2, sku: 'M-1' })];
  const withColour = followMatrix(rows, [size, colour]);
  expect(withColour).toEqual([
    row({ size: 'S', colour: 'Red' }, { id: 1, price: '10' }),
    row({ size: 'M', colour: 'Red' }, { id: 2, sku: 'M-1' }),
  ]);
  const twoColours = followMatrix(withColour, [size, { ...colour, values: ['red', 'Blue'] }]);
  expect(twoColours.map((r) => [r.id, r.values.colour])).toEqual([
    [1, 'red'],
    [undefined, 'Blue'],
    [2, 'red'],
    [undefined, 'Blue'],
  ]);
  expect(followMatrix(twoColours, [{ ...size, values: ['M'] }])).toEqual([row({ size: 'M' }, { id: 2, sku: 'M-1' })]);
  expect(followMatrix(twoColours, [])).toEqual([]);
});

it('cuts a search result’s text at a word, as a search engine does', () => {
  expect(cutLikeSearch('Short title', 60)).toBe('Short title');
  expect(cutLikeSearch('Cast-iron pan, seasoned and ready for a lifetime of cooking on any hob', 60)).toBe(
    'Cast-iron pan, seasoned and ready for a lifetime of cooking…',
  );
});
