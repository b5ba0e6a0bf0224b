import { Link } from '@vitrine/renderer';

/** A page's trail from the home page (§2.2's breadcrumbs): links, the last one the page itself. */
export function Breadcrumbs({ trail }: { trail: readonly { name: string; url: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="vt-breadcrumbs">
      <ol>
        {trail.map((crumb, index) => (
          <li key={crumb.url}>
            {index === trail.length - 1 ? <span aria-current="page">{crumb.name}</span> : <Link to={crumb.url}>{crumb.name}</Link>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
