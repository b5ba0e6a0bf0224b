import { renderToString } from 'react-dom/server';
import { Suspense } from 'react';
import { expect, it } from 'vitest';
import { PageRenderer } from '@vitrine/renderer';
import { allSectionsPage } from './all-sections.fixture.ts';
import { lazyRenderRegistry, preloadSections, renderRegistry, sectionSchemas, ShopProvider } from './index.ts';

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
  expect(draw(lazyRenderRegistry)).toContain('waiting');
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
