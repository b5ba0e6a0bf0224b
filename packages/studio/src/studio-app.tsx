import { lazy, Suspense, useEffect, useState } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useMatch, type RouteObject } from 'react-router-dom';
import { useStore } from 'zustand';
import { createStudioApi } from './api/client.ts';
import type { ScreenHandle } from './back-office/back-office.tsx';
import { StudioContext, type Studio } from './context.tsx';
import { Editor } from './editor.tsx';
import { createStudioController, storedSession } from './state/controller.ts';
import { createEditorStore } from './state/editor-store.ts';
import { Notices } from './ui/notices.tsx';

// A signed-in owner's first paint does not need the sign-in screen; it loads when there is no session.
const SignIn = lazy(() => import('./sign-in.tsx').then((m) => ({ default: m.SignIn })));

/** Makes the studio's parts for one store domain: the store, the API client with the session's token, the controller. */
export function createStudio(
  storeDomain: string,
  options: { fetch?: typeof fetch; storage?: Storage | null; autosaveDelay?: number } = {},
): Studio {
  const storage = options.storage === undefined ? (typeof localStorage === 'undefined' ? null : localStorage) : options.storage;
  const store = createEditorStore({ session: storedSession(storage) });
  const api = createStudioApi({
    token: () => store.getState().session?.sessionToken ?? null,
    onSessionOver: () => {
      storage?.removeItem('vitrine.studio.session');
      store.getState().setSession(null);
      store.getState().notify('Your studio session has ended. Sign in again; unsaved changes are kept in this browser.', 'error');
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const controller = createStudioController({
    store,
    api,
    host: storeDomain,
    storage,
    ...(options.autosaveDelay === undefined ? {} : { autosaveDelay: options.autosaveDelay }),
  });
  return { store, controller, frameRef: { current: null } };
}

/** A router over the studio's routes: the browser's history, or a test's memory. */
export type StudioRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The studio's addresses: `/editor` is the page editor; the back office's screens load with their frame in chunks of
 * their own, so the editor's first paint pays nothing for them: `/editor/orders` (and `/{code}`),
 * `/editor/products` (and `/{id|new}`, `/import`), `/editor/categories` (and `/{id|new}`), `/editor/brands` (and
 * `/{id|new}`), `/editor/attributes` (and `/{id|new}`), `/editor/inventory` (and `/movements`), `/editor/analytics`,
 * `/editor/redirects`.
 */
export function studioRoutes(storeDomain: string): RouteObject[] {
  const backOffice = () => import('./back-office/back-office.tsx');
  return [
    {
      path: '/editor',
      element: <StudioShell storeDomain={storeDomain} />,
      hydrateFallbackElement: <div className="fixed inset-0 bg-slate-100" />,
      children: [
        { index: true, element: null },
        {
          lazy: () => backOffice().then((m) => ({ Component: m.BackOffice })),
          children: [
            {
              path: 'orders',
              handle: { title: 'Orders' } satisfies ScreenHandle,
              lazy: () => import('./orders/orders-screen.tsx').then((m) => ({ Component: m.OrdersScreen })),
              // The order open beside the list: the list's screen draws it.
              children: [{ path: ':code', element: null }],
            },
            {
              path: 'products',
              handle: { title: 'Products' } satisfies ScreenHandle,
              lazy: () => import('./products/products-screen.tsx').then((m) => ({ Component: m.ProductsScreen })),
            },
            {
              path: 'products/import',
              handle: { title: 'Import products' } satisfies ScreenHandle,
              lazy: () => import('./catalogue-import/import-screen.tsx').then((m) => ({ Component: m.ImportScreen })),
            },
            {
              // `new` for a product not saved yet; it takes its own id's address once created.
              path: 'products/:productId',
              handle: { title: 'Product' } satisfies ScreenHandle,
              lazy: () => import('./products/product-editor.tsx').then((m) => ({ Component: m.ProductEditor })),
            },
            {
              path: 'categories',
              handle: { title: 'Categories' } satisfies ScreenHandle,
              lazy: () => import('./catalogue/categories-screen.tsx').then((m) => ({ Component: m.CategoriesScreen })),
              // The category open beside the tree (`new` for one not saved yet): the tree's screen draws it.
              children: [{ path: ':categoryId', element: null }],
            },
            {
              path: 'brands',
              handle: { title: 'Brands' } satisfies ScreenHandle,
              lazy: () => import('./catalogue/brands-screen.tsx').then((m) => ({ Component: m.BrandsScreen })),
            },
            {
              // `new` for a brand not saved yet; it takes its own id's address once created.
              path: 'brands/:brandId',
              handle: { title: 'Brand' } satisfies ScreenHandle,
              lazy: () => import('./catalogue/brand-form.tsx').then((m) => ({ Component: m.BrandEditor })),
            },
            {
              path: 'attributes',
              handle: { title: 'Attributes' } satisfies ScreenHandle,
              lazy: () => import('./catalogue/attributes-screen.tsx').then((m) => ({ Component: m.AttributesScreen })),
            },
            {
              // `new` for an attribute not saved yet; it takes its own id's address once created.
              path: 'attributes/:attributeId',
              handle: { title: 'Attribute' } satisfies ScreenHandle,
              lazy: () => import('./catalogue/attribute-form.tsx').then((m) => ({ Component: m.AttributeEditor })),
            },
            {
              path: 'inventory',
              handle: { title: 'Inventory' } satisfies ScreenHandle,
              lazy: () => import('./catalogue/inventory-screen.tsx').then((m) => ({ Component: m.InventoryScreen })),
            },
            {
              path: 'inventory/movements',
              handle: { title: 'Stock movements' } satisfies ScreenHandle,
              lazy: () => import('./catalogue/inventory-screen.tsx').then((m) => ({ Component: m.StockMovementsScreen })),
            },
            {
              path: 'analytics',
              handle: { title: 'Analytics' } satisfies ScreenHandle,
              lazy: () => import('./analytics/analytics-screen.tsx').then((m) => ({ Component: m.AnalyticsScreen })),
            },
            {
              path: 'redirects',
              handle: { title: 'Redirects' } satisfies ScreenHandle,
              lazy: () => import('./redirects/redirects-screen.tsx').then((m) => ({ Component: m.RedirectsScreen })),
            },
            { path: '*', lazy: () => backOffice().then((m) => ({ Component: m.NoSuchScreen })) },
          ],
        },
      ],
    },
    { path: '*', element: <Navigate to="/editor" replace /> },
  ];
}

/**
 * The page editor and the back office's screen. The editor, once opened, stays mounted (hidden) while a back-office
 * screen shows, so coming back finds it as it was: the page, its unsaved edits and their undo.
 */
function StudioShell({ storeDomain }: { storeDomain: string }) {
  const onEditor = useMatch('/editor') !== null;
  const [editorUsed, setEditorUsed] = useState(onEditor);
  if (onEditor && !editorUsed) setEditorUsed(true);
  return (
    <>
      {editorUsed ? (
        <div hidden={!onEditor}>
          <Editor storeDomain={storeDomain} active={onEditor} />
        </div>
      ) : null}
      <Outlet />
    </>
  );
}

/** The owner's studio at /editor: the sign-in screen, then the editor and the back office at their addresses. */
export function StudioApp({
  storeDomain,
  studio: given,
  router: makeRouter = createBrowserRouter,
}: {
  storeDomain: string;
  studio?: Studio;
  /** Makes the router over the studio's routes; the browser's history unless a test gives its memory. */
  router?: (routes: RouteObject[]) => StudioRouter;
}) {
  const [studio] = useState(() => given ?? createStudio(storeDomain));
  const [router] = useState(() => makeRouter(studioRoutes(storeDomain)));
  const session = useStore(studio.store, (s) => s.session);
  useEffect(() => () => studio.controller.dispose(), [studio]);
  return (
    <StudioContext value={studio}>
      {session ? (
        <RouterProvider router={router} />
      ) : (
        <Suspense fallback={null}>
          <SignIn storeDomain={storeDomain} onSignIn={studio.controller.signIn} />
        </Suspense>
      )}
      <Notices />
    </StudioContext>
  );
}
