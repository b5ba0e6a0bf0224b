import { Image, Link, classifyLink } from '@vitrine/renderer';
import { SectionShell } from '../section-shell.tsx';
import { sectionComponent } from '../section-component.ts';
import { clients } from './clients.schema.ts';

/** Clients (13): a row of logos of shops, cafés or companies the store works with — social proof at a glance. */
export const Clients = sectionComponent(clients, function Clients({ id, settings, style, blocks }) {
  return (
    <SectionShell
      id={id}
      name="clients"
      style={style}
      className={settings.greyscale ? 'vt-clients-grey' : ''}
      label={settings.heading || 'Clients'}
    >
      {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
      <ul
        className={`vt-grid vt-cols-2 vt-cols-tablet-4 vt-cols-desktop-${settings.columns_desktop} vt-logo-wall`}
        style={{ gap: 'var(--column-spacing)' }}
      >
        {blocks.map(({ id: blockId, settings: item }) => {
          const mark = item.image ? (
            <Image
              className="vt-logo-tile-image"
              src={item.image}
              alt={item.name}
              width={240}
              height={120}
              sizes="(min-width: 1024px) 16vw, 50vw"
            />
          ) : (
            <span className="vt-logo-tile-name">{item.name}</span>
          );
          return (
            <li key={blockId} data-block-id={blockId}>
              {classifyLink(item.link).kind !== 'invalid' ? (
                <Link to={item.link} className="vt-logo-tile">
                  {mark}
                </Link>
              ) : (
                <div className="vt-logo-tile">{mark}</div>
              )}
            </li>
          );
        })}
      </ul>
    </SectionShell>
  );
});
