import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface Crumb {
  label: string;
  to?: string;
}

/** The frame of an app page: breadcrumbs (§2.2), the page heading and its content, in the theme's container. */
export function PageShell({
  heading,
  breadcrumbs = [],
  narrow = false,
  children,
}: {
  heading: string;
  breadcrumbs?: Crumb[];
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`vt-section vt-app-page${narrow ? ' vt-app-page-narrow' : ''}`}>
      <div className="vt-container">
        {breadcrumbs.length ? (
          <nav aria-label="Breadcrumb" className="vt-breadcrumbs">
            <ol>
              <li>
                <Link to="/">Home</Link>
              </li>
              {breadcrumbs.map((crumb, i) => (
                <li key={crumb.label} aria-current={i === breadcrumbs.length - 1 ? 'page' : undefined}>
                  {crumb.to && i < breadcrumbs.length - 1 ? <Link to={crumb.to}>{crumb.label}</Link> : crumb.label}
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <h1 className="vt-h2">{heading}</h1>
        {children}
      </div>
    </section>
  );
}
