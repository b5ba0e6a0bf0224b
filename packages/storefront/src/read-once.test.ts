import { expect, it } from 'vitest';
import { readOncePerText } from './read-once.ts';

it('reads each text once, answers the same value for it, and lets the oldest text go past its limit', () => {
  const reads: string[] = [];
  const read = readOncePerText((text) => {
    reads.push(text);
    return { length: text.length };
  }, 2);
  const first = read('{"a":1}');
  expect(read('{"a":1}')).toBe(first);
  read('{"b":2}');
  read('{"c":3}');
  expect(reads).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  // The oldest was let go: read again, it is a new value.
  expect(read('{"a":1}')).not.toBe(first);
  expect(read('{"c":3}')).toEqual({ length: 7 });
  expect(reads).toEqual(['{"a":1}', '{"b":2}', '{"c":3}', '{"a":1}']);
});
