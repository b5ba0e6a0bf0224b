import { Image, Link, classifyLink } from '@vitrine/renderer';
import { SectionShell } from '../section-shell.tsx';
import { sectionComponent } from '../section-component.ts';
import { services } from './services.schema.ts';

/** Services (11): what the shop does besides selling — gift wrapping, engraving, repairs — as cards with a price. */
export const Services = sectionComponent(services, function Services({ id, settings, style, blocks }) {
  const Title = settings.heading ? 'h3' : 'h2';
  return (
    <SectionShell id={id} name="services" style={style} label={settings.heading || 'Services'}>
      {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
      {settings.subheading ? <p className="vt-subheading">{settings.subheading}</p> : null}
      <ul
        className={`vt-grid vt-cols-1 vt-cols-tablet-2 vt-cols-desktop-${settings.columns_desktop} vt-services`}
        style={{ gap: 'var(--column-spacing)' }}
      >
        {blocks.map(({ id: blockId, settings: item }) => (
          <li key={blockId} data-block-id={blockId} className="vt-card vt-service">
            {item.image ? (
              <Image
                className="vt-service-image"
                src={item.image}
                alt={item.image_alt}
                width={800}
                height={500}
                sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
              />
            ) : null}
            <Title className="vt-h5">{item.title}</Title>
            {item.text ? <p className="vt-service-text">{item.text}</p> : null}
            {item.price ? <p className="vt-service-price">{item.price}</p> : null}
            {item.link_label && classifyLink(item.link).kind !== 'invalid' ? (
              <Link to={item.link} className="vt-service-link" aria-label={item.title ? `${item.link_label}: ${item.title}` : undefined}>
                {item.link_label}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </SectionShell>
  );
});
