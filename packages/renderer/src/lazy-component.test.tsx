import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { lazyComponent } from './lazy-component.ts';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;
const draw = (element: React.ReactNode) => renderToString(<Suspense fallback={<i>loading</i>}>{element}</Suspense>);

it('suspends until its code is here, then draws at once, fetching it once', async () => {
  let fetches = 0;
  const Lazy = lazyComponent(async () => {
    fetches++;
    return Greeting;
  });
  expect(draw(<Lazy name="Jo" />)).toContain('<i>loading</i>');
  await Lazy.preload();
  await Lazy.preload();
  expect(draw(<Lazy name="Jo" />)).toBe(draw(<Greeting name="Jo" />));
  expect(fetches).toBe(1);
});

it('forgets a failed fetch, so the next try fetches again', async () => {
  let attempts = 0;
  const Lazy = lazyComponent(async () => {
    attempts++;
    if (attempts === 1) throw new Error('chunk failed');
    return Greeting;
  });
  await expect(Lazy.preload()).rejects.toThrow('chunk failed');
  await Lazy.preload();
  expect(draw(<Lazy name="Ana" />)).toContain('Ana');
  expect(attempts).toBe(2);
});
