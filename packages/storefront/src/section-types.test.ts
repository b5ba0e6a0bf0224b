import { expect, it } from 'vitest';
import { sectionTypesIn } from './section-types.ts';

it("finds the section types of every page document in a route's data, and the theme's header and footer", () => {
  const data = {
    page: {
      document: {
        sections: [
          { id: 'a', type: 6 },
          { id: 'b', type: 3 },
        ],
      },
    },
    template: {
      document: {
        sections: [
          { id: 'c', type: 3 },
          { id: 'd', type: 22 },
        ],
      },
    },
    themeSettings: { themeData: JSON.stringify({ header: { id: 'h', type: 1 }, footer: { id: 'f', type: 2 } }) },
  };
  expect([...sectionTypesIn(data)].sort((a, b) => a - b)).toEqual([1, 2, 3, 6, 22]);
});

it('finds nothing in data without sections, and survives a theme that does not parse', () => {
  expect(sectionTypesIn({ meta: { title: 'Cart' } }).size).toBe(0);
  expect(sectionTypesIn({ themeData: '{not json' }).size).toBe(0);
  expect(sectionTypesIn(null).size).toBe(0);
});

it('reads each object once: data met again, alone or inside new data, answers from what was found', () => {
  const page = { document: { sections: [{ id: 'a', type: 7 }] } };
  const first = sectionTypesIn({ page });
  expect([...first]).toEqual([7]);
  expect(sectionTypesIn(page)).toBe(sectionTypesIn(page));
  expect([...sectionTypesIn({ page, template: { document: { sections: [{ id: 'b', type: 9 }] } } })].sort()).toEqual([7, 9]);
});
