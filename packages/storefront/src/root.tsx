import { useEffect } from 'react';
import { Link, Outlet, isRouteErrorResponse, useLocation, useMatches, useRouteError, useRouteLoaderData } from 'react-router-dom';
import { imageUrl, mediaUrl, type WebConfig } from '@vitrine/commerce';
import { imageBreakpoints, imageDensities } from '@vitrine/theme-engine';
import { ImageProvider, type ImageSettings } from '@vitrine/renderer';
import { ShopProvider } from '@vitrine/sections';
import { documentTitle, errorStatus, metaOf } from './meta.ts';

export const ROOT_ROUTE_ID = 'root';

/** What the root route loads: the site, without the theme CSS that the document head already carries. */
export interface RootData {
  site: WebConfig;
}

/** Images load through the image route as webp at the image breakpoints of §9, at densities 1 and 2. */
function imageSettings(site: WebConfig | undefined): ImageSettings {
  return {
    resolve: (src) => mediaUrl(src, site?.staticCDN ?? ''),
    buildUrl: (src, width, density) => (src.startsWith('/media/') ? imageUrl(src, { w: Math.min(width * density, 4096) }) : null),
    widths: Object.values(imageBreakpoints),
    densities: imageDensities,
    placeholder: imageUrl('/placeholder', { w: 400, h: 300 }),
  };
}

/** Keeps the tab title in step with the route after client-side navigation; the server writes the first one. */
function DocumentTitle({ storeTitle }: { storeTitle: string }) {
  const matches = useMatches();
  const error = useRouteError();
  const meta = metaOf(
    matches.map((m) => m.loaderData),
    error,
  );
  useEffect(() => {
    if (meta) document.title = documentTitle(meta.title, storeTitle);
  }, [meta, storeTitle]);
  return null;
}

function Shell({ site, children }: { site: WebConfig | undefined; children: React.ReactNode }) {
  return (
    <ShopProvider value={{ currency: site?.currency ?? { currencyAbbreviation: 'USD', currencySymbol: '$', currencyRate: 1 }, showCurrency: false }}>
      <ImageProvider value={imageSettings(site)}>
        <a className="vt-skip-link" href="#main">
          Skip to content
        </a>
        <header className="vt-store-bar">
          <div className="vt-container">
            <Link to="/" className="vt-store-name">
              {site?.webTitle ?? 'Store'}
            </Link>
          </div>
        </header>
        <main id="main" className="vt-page">
          {children}
        </main>
        <footer className="vt-store-foot">
          <div className="vt-container">
            © {site?.webTitle}
          </div>
        </footer>
      </ImageProvider>
    </ShopProvider>
  );
}

/** The shopper app's outermost layout: currency and image settings for sections, skip link, landmarks. */
export function Root() {
  const { site } = useRouteLoaderData(ROOT_ROUTE_ID) as RootData;
  return (
    <Shell site={site}>
      <DocumentTitle storeTitle={site.webTitle} />
      <Outlet />
    </Shell>
  );
}

/** The error page (§2.6): Page Not Found with the path for a 404, Internal Server Error (500 by default) otherwise. */
export function ErrorPage() {
  const error = useRouteError();
  const root = useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined;
  const { pathname } = useLocation();
  const status = errorStatus(error);
  const notFound = status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Shell site={root?.site}>
      <DocumentTitle storeTitle={root?.site.webTitle ?? ''} />
      <section className="vt-section vt-error-page">
        <div className="vt-container">
          <p className="vt-error-code">{status}</p>
          <h1 className="vt-h1">{notFound ? 'Page Not Found' : 'Internal Server Error'}</h1>
          <p className="vt-subheading">{notFound ? `Page Not Found: ${pathname}` : 'Something went wrong'}</p>
          <Link className="vt-btn vt-btn-primary vt-btn-md" to="/">
            Return to home
          </Link>
        </div>
      </section>
    </Shell>
  );
}
