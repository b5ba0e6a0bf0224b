import type { ReactNode } from 'react';
import { Link, Outlet, useRouteLoaderData } from 'react-router-dom';
import { themeDocument, type SectionNode } from '@vitrine/commerce';
import { PageRenderer } from '@vitrine/renderer';
import { lazyRenderRegistry } from '@vitrine/sections';
import { readOncePerText } from './read-once.ts';
import { ROOT_ROUTE_ID, type RootData } from './root-data.ts';

/** The theme document's header and footer; section nodes read once per node object, so the same objects each time. */
const globalSectionsOf = readOncePerText((themeData) => {
  try {
    return themeDocument.parse(JSON.parse(themeData));
  } catch {
    return themeDocument.parse({});
  }
});

/** The theme's global header and footer sections (architecture.md), read from the site's theme document. */
function useGlobalSections(): {
  header: SectionNode | null;
  footer: SectionNode | null;
  storeTitle: string;
  data: Record<string, unknown>;
} {
  const root = useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined;
  const theme = globalSectionsOf(root?.site.themeSettings.themeData ?? '{}');
  return { header: theme.header, footer: theme.footer, storeTitle: root?.site.webTitle ?? '', data: root?.themeSectionData ?? {} };
}

/** The store's chrome around a page: skip link, the theme's header, the main landmark, the theme's footer. */
export function StoreChrome({ children }: { children: ReactNode }) {
  const { header, footer, storeTitle, data } = useGlobalSections();
  return (
    <>
      <a className="vt-skip-link" href="#main">
        Skip to content
      </a>
      {header && lazyRenderRegistry[header.type] ? (
        <PageRenderer sections={[header]} registry={lazyRenderRegistry} data={data} />
      ) : (
        <header className="vt-store-bar">
          <div className="vt-container">
            <Link to="/" className="vt-store-name">
              {storeTitle || 'Store'}
            </Link>
          </div>
        </header>
      )}
      <main id="main" className="vt-page">
        {children}
      </main>
      {footer && lazyRenderRegistry[footer.type] ? (
        <PageRenderer sections={[footer]} registry={lazyRenderRegistry} data={data} opensPage={false} />
      ) : (
        <footer className="vt-store-foot">
          <div className="vt-container">© {storeTitle}</div>
        </footer>
      )}
    </>
  );
}

/** The default and dynamic layouts (§2.1): the store's chrome around the page. */
export function ChromeLayout() {
  return (
    <StoreChrome>
      <Outlet />
    </StoreChrome>
  );
}

/** The checkout layout: only the store's name and a way back, so nothing distracts from paying. */
export function CheckoutLayout() {
  const { storeTitle } = useGlobalSections();
  return (
    <>
      <a className="vt-skip-link" href="#main">
        Skip to content
      </a>
      <header className="vt-store-bar vt-checkout-bar">
        <div className="vt-container">
          <Link to="/" className="vt-store-name">
            {storeTitle}
          </Link>
          <span className="vt-checkout-secure">Secure checkout</span>
        </div>
      </header>
      <main id="main" className="vt-page">
        <Outlet />
      </main>
    </>
  );
}

/** The public, preview and editor layouts: the page alone, which brings its own landmarks. */
export function PlainLayout() {
  return <Outlet />;
}
