// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import {
  createMemoryRouter,
  RouterProvider,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  UNSAFE_createRouter as createRouter,
} from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AddressContent, PageRedirect } from '@vitrine/commerce';
import type { ApiClient } from './client/api-client.ts';
import { httpData } from './http-data.ts';
import { createRoutes } from './routes.tsx';
import { publishedPageAt, webConfig } from './web-config.fixture.ts';

/**
 * The shopper app's own navigation follows the owner's redirect rules (§2.1) and a moved store (§3.2) as a page load
 * does: the app asks the server through its HTTP data layer (a fake API here answers as the server would) and goes
 * where the answer says.
 */

/**
 * An API that answers as the server does for a store whose rules are `rules` (by the address as asked): the page data
 * of such an address says where it goes, `GetRedirect` likewise; every other address is one of the store's pages.
 */
function fakeApi(rules: Record<string, PageRedirect>) {
  const asked: { path: string; query: Record<string, unknown> }[] = [];
  const answer = (path: string, query: Record<string, unknown>): unknown => {
    switch (path) {
      case '/api/Web/GetWebInfo':
        return webConfig();
      case '/api/Page/GetThemeSections':
        return { sectionData: {} };
      case '/api/Page/GetAddress': {
        const redirect = rules[String(query['Url'])];
        return (
          redirect ? { kind: 'redirect', redirect } : { kind: 'page', page: publishedPageAt(String(query['Path'])) }
        ) satisfies AddressContent;
      }
      case '/api/Page/GetRedirect':
        return rules[String(query['Url'])] ?? null;
      default:
        throw new Error(`Not faked: ${path}`);
    }
  };
  const api = {
    request: async (endpoint: { path: string }, args?: { query?: Record<string, unknown> }) => {
      const query = args?.query ?? {};
      asked.push({ path: endpoint.path, query });
      return { data: answer(endpoint.path, query) };
    },
  } as unknown as ApiClient;
  return { api, asked };
}

const routesFor = (rules: Record<string, PageRedirect>) => {
  const { api, asked } = fakeApi(rules);
  return { routes: createRoutes(httpData(api, { domain: 'shop.test', themeId: 0 })), asked };
};

afterEach(cleanup);

describe('a link inside an open store page to an address the store redirects', () => {
  it('lands on the rule’s page of the store, the query along, and Back returns to the page the shopper left', async () => {
    const { routes, asked } = routesFor({
      '/old-mug?utm_source=mail': { location: '/stoneware-mug?utm_source=mail', status: 301, document: false },
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));

    await router.navigate('/old-mug?utm_source=mail');
    expect(router.state.location.pathname + router.state.location.search).toBe('/stoneware-mug?utm_source=mail');
    expect(router.state.errors).toBeNull();
    // The page data was asked for the address as the shopper asked it, and then for the target's.
    expect(asked.filter((call) => call.path === '/api/Page/GetAddress').map((call) => call.query['Url'])).toEqual([
      '/',
      '/old-mug?utm_source=mail',
      '/stoneware-mug?utm_source=mail',
    ]);
    // As after a redirect, the old address never entered the history.
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/');
  });

  it('follows a rule for an address that is no catalogue address (an old site’s /old_page.html)', async () => {
    const { routes } = routesFor({ '/Old_Page.html': { location: '/kitchen', status: 301, document: false } });
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));

    await router.navigate('/Old_Page.html');
    expect(router.state.location.pathname).toBe('/kitchen');
    // An address no rule names is still not found.
    await router.navigate('/never_was.html');
    expect(router.state.location.pathname).toBe('/never_was.html');
    expect(Object.values(router.state.errors ?? {})).toMatchObject([{ status: 404 }]);
  });

  it('sends the browser itself to an address elsewhere or a moved store’s, leaving the app', async () => {
    const moved = 'https://harbor-and-pine.example/kitchen?page=2';
    const { routes } = routesFor({
      '/kitchen?page=2': { location: moved, status: 302, document: true },
      '/partner_shop': { location: 'https://partner.example/shop', status: 302, document: true },
    });
    // The browser's own window, but for where it is sent.
    const location = { ...window.location, assign: vi.fn(), replace: vi.fn() };
    const browser = new Proxy(window, { get: (target, name) => (name === 'location' ? location : Reflect.get(target, name, target)) });
    const router = createRouter({
      routes,
      history: createMemoryHistory({ initialEntries: ['/'] }),
      window: browser as typeof window,
    }).initialize();
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));

    await router.navigate('/kitchen?page=2');
    expect(location.assign).toHaveBeenLastCalledWith(moved);
    await router.navigate('/partner_shop');
    expect(location.assign).toHaveBeenLastCalledWith('https://partner.example/shop');
    router.dispose();
  });
});
