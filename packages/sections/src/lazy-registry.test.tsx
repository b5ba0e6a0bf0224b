import { access, readFile } from 'node:fs/promises';
import { renderToString } from 'react-dom/server';
import { Suspense } from 'react';
import { expect, it } from 'vitest';
import { PageRenderer } from '@vitrine/renderer';
import { allSectionsPage } from './all-sections.fixture.ts';
import { lazyRenderRegistry, preloadSections, renderRegistry, sectionSchemas, sectionSources, ShopProvider } from './index.ts';

const shop = { storeTitle: 'North Clay', currencies: [{ currencyAbbreviation: 'USD', currencySymbol: '$', currencyRate: 1 }] };
const draw = (registry: typeof renderRegistry) =>
  renderToString(
    <ShopProvider value={shop}>
      <Suspense fallback="waiting">
        <PageRenderer registry={registry} sections={allSectionsPage.sections} data={{}} mode="live" />
      </Suspense>
    </ShopProvider>,
  );

it('offers every section type; each is named by its own code once that is here', async () => {
  expect(Object.keys(lazyRenderRegistry).sort()).toEqual(Object.keys(sectionSchemas).sort());
  expect(lazyRenderRegistry[6]?.name).toBe('section 6');
  await preloadSections([6]);
  expect(lazyRenderRegistry[6]?.name).toBe(renderRegistry[6]?.name);
});

it('waits for code it does not have, and once preloaded draws exactly what the bundled registry draws, by the same names', async () => {
  // Each live section is a boundary of its own: one whose code is not here is left to the browser.
  expect(draw(lazyRenderRegistry)).toContain('<!--$!-->');
  await preloadSections(allSectionsPage.sections.map((section) => section.type));
  const lazy = draw(lazyRenderRegistry);
  expect(lazy).not.toContain('waiting');
  expect(lazy).toBe(draw(renderRegistry));
  expect(lazy.match(/data-section-id/g)).toHaveLength(22);
  for (const [type, entry] of Object.entries(lazyRenderRegistry)) expect(entry?.name).toBe(renderRegistry[Number(type)]?.name);
});

it('skips types it does not know', async () => {
  await expect(preloadSections([999, 1])).resolves.toBeUndefined();
});

it('names the module each section type loads, as the build names it, for pages to fetch ahead', async () => {
  const source = await readFile(new URL('./lazy-registry.ts', import.meta.url), 'utf8');
  const types = Object.keys(lazyRenderRegistry).map(Number);
  const sources = sectionSources([...types, 999, 1]);
  expect(sources).toHaveLength(types.length);
  for (const [index, type] of types.entries()) {
    const path = sources[index]!.replace(/^sections\/src\//, '');
    // The loader of that type imports that very module.
    expect(source).toContain(`${type}: ['${path}', () => import('./${path}')`);
    await expect(access(new URL(`./${path}`, import.meta.url))).resolves.toBeUndefined();
  }
});
