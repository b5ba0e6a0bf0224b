import { expect, it } from 'vitest';
import { appCodeOf } from './app-code.server.ts';

/** Each module's files, each after those it imports (`scripts/page-code.ts`). */
const modules = {
  'storefront/src/app.tsx': ['/assets/first-page-0.js', '/assets/react-2.js', '/assets/app-1.js'],
  'sections/src/header/header.tsx': ['/assets/react-2.js', '/assets/app-1.js', '/assets/header-3.js'],
  'storefront/src/pages/page-view.tsx': ['/assets/react-2.js', '/assets/page-view-4.js'],
};

it('names what modules need in a few characters, and answers the name with their files, the ones every page links left out', () => {
  const code = appCodeOf(modules, ['/assets/first-page-0.js']);
  const name = code.nameOf(['storefront/src/app.tsx', 'sections/src/header/header.tsx', 'storefront/src/app.tsx']);
  // Places in the sorted list of modules, whatever the order asked in.
  expect(name).toBe('0.1');
  expect(code.nameOf(['sections/src/header/header.tsx', 'storefront/src/app.tsx'])).toBe(name);
  // Each file after the files it imports, so the page can run them in this order, a file at a time.
  expect(code.filesOf(name)).toEqual(['/assets/react-2.js', '/assets/app-1.js', '/assets/header-3.js']);
  expect(code.filesOf(code.nameOf(['storefront/src/pages/page-view.tsx']))).toEqual(['/assets/react-2.js', '/assets/page-view-4.js']);
});

it('skips a module the build did not split, and answers no files for a name it never gave', () => {
  const code = appCodeOf(modules, []);
  expect(code.nameOf(['sections/src/theme-own/own.tsx'])).toBe('');
  for (const name of ['', '3', '0.zz', '0..1', '../etc', '0.1.'.repeat(40), 'A']) expect(code.filesOf(name)).toBeNull();
});
