import { data as routeData, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { StorefrontData } from './data.ts';
import type { PageData } from './pages/page-view.tsx';
import { PageView } from './pages/page-view.tsx';
import { PreviewPage } from './pages/preview.tsx';
import { ErrorPage, ROOT_ROUTE_ID, Root, type RootData } from './root.tsx';

const notFound = () => routeData(null, { status: 404, statusText: 'Not Found' });

async function loadPage(data: StorefrontData, slug: string): Promise<PageData> {
  const page = await data.getPage(slug);
  if (!page) throw notFound();
  const seo = page.document.seo;
  return { page, meta: { title: page.document.title, description: seo.description } };
}

/** The shopper app's routes, reading through `data` (in-process on the server, HTTP in the browser). */
export function createRoutes(data: StorefrontData): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      path: '/',
      Component: Root,
      ErrorBoundary: ErrorPage,
      // The site does not change while the app runs; its config is loaded once.
      shouldRevalidate: () => false,
      async loader(): Promise<RootData> {
        const site = await data.getSite();
        return { site: { ...site, themeSettings: { ...site.themeSettings, themeCSS: '' } } };
      },
      children: [
        { index: true, Component: PageView, loader: () => loadPage(data, '') },
        { path: 'preview', Component: PreviewPage, loader: () => ({ meta: { title: 'Preview', robots: 'noindex, nofollow' } }) },
        {
          path: '*',
          Component: PageView,
          loader: ({ params }: LoaderFunctionArgs) => {
            const slug = (params['*'] ?? '').replace(/\/+$/, '').toLowerCase();
            if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(slug)) throw notFound();
            return loadPage(data, slug);
          },
        },
      ],
    },
  ];
}
