import { expect, it } from 'vitest';
import { pageNumbers } from './product-listing.tsx';

it('offers the first and last page and two either side of the current one, with gaps between', () => {
  expect(pageNumbers(1, 1)).toEqual([1]);
  expect(pageNumbers(1, 4)).toEqual([1, 2, 3, 4]);
  expect(pageNumbers(1, 20)).toEqual([1, 2, 3, null, 20]);
  expect(pageNumbers(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
  expect(pageNumbers(20, 20)).toEqual([1, null, 18, 19, 20]);
  expect(pageNumbers(4, 20)).toEqual([1, 2, 3, 4, 5, 6, null, 20]);
});
