// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { connectMarketing } from './emitter.ts';
import { MarketingPageEvents } from './marketing.tsx';

const mug = { product: { productID: 12, itemName: 'Stoneware Mug', price: 2450, isHidePrice: false, brand: null, category: null } };
const vase = { product: { productID: 14, itemName: 'Ceramic Vase', price: 3900, isHidePrice: false, brand: null, category: null } };

/** The shop's routes in small: each address's data is a product, a search or a page. */
function shop(start: string) {
  return createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <MarketingPageEvents />
            <Outlet />
          </>
        ),
        children: [
          { index: true, loader: () => ({ page: {} }), element: <p>home</p> },
          {
            path: 'search',
            loader: ({ request }) => ({
              listing: { scope: { kind: 'search' }, state: { kw: new URL(request.url).searchParams.get('kw') ?? '' } },
            }),
            element: <p>search</p>,
          },
          { path: ':slug', loader: ({ params }) => (params.slug === 'stoneware-mug' ? mug : vase), element: <p>product</p> },
        ],
      },
    ],
    { initialEntries: [start] },
  );
}

afterEach(() => {
  cleanup();
  connectMarketing(false);
});

describe('MarketingPageEvents', () => {
  it('reports each later page’s events in the app, never the page it started on again', async () => {
    const reported: string[] = [];
    connectMarketing((name, facts) => reported.push(`${name} ${JSON.stringify(facts.content_ids ?? facts.search_string ?? '')}`));
    const router = shop('/stoneware-mug');
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/stoneware-mug?variant=3'));
    expect(reported).toEqual([]);
    await act(() => router.navigate('/ceramic-vase'));
    await act(() => router.navigate('/search?kw=mug'));
    await act(() => router.navigate('/search?kw=vase'));
    await act(() => router.navigate('/'));
    expect(reported).toEqual(['PageView ""', 'ViewContent ["14"]', 'PageView ""', 'Search "mug"', 'Search "vase"', 'PageView ""']);
  });
});
