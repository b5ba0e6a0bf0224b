import { Image, Link, classifyLink } from '@vitrine/renderer';
import { SectionButton, SectionShell } from '../section-shell.tsx';
import { sectionComponent } from '../section-component.ts';
import { banners } from './banners.schema.ts';

const ratios = { landscape: [1200, 675], classic: [1200, 900], square: [1000, 1000], portrait: [960, 1200] } as const;

/**
 * Banners (7): two or more image banners side by side, each with a heading, a line of text and a link — for
 * collections, seasons or campaigns. Text sits on the image (darkened for contrast) or below it.
 */
export const Banners = sectionComponent(banners, function Banners({ id, settings, style, blocks }) {
  const [width, height] = ratios[settings.image_ratio];
  const Heading = settings.heading ? 'h3' : 'h2';
  return (
    <SectionShell id={id} name="banners" style={style} label={settings.heading || 'Banners'}>
      {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
      <ul
        className={`vt-grid vt-cols-1 vt-cols-tablet-2 vt-cols-desktop-${settings.columns_desktop} vt-banners`}
        style={{ gap: 'var(--column-spacing)' }}
      >
        {blocks.map(({ id: blockId, settings: item }) => {
          const linked = classifyLink(item.link).kind !== 'invalid';
          // White text needs the owner's (darkened) image behind it; over the placeholder it goes below instead.
          const position = item.image ? settings.text_position : 'below';
          return (
            <li key={blockId} data-block-id={blockId} className={`vt-banner vt-banner-${position} vt-banner-${settings.image_ratio}`}>
              <div className="vt-banner-media">
                <Image
                  className="vt-banner-image"
                  src={item.image}
                  alt={item.image_alt}
                  width={width}
                  height={height}
                  sizes={`(min-width: 1024px) ${Math.round(100 / settings.columns_desktop)}vw, (min-width: 768px) 50vw, 100vw`}
                />
              </div>
              <div className="vt-banner-content">
                {item.heading ? (
                  <Heading className="vt-h4 vt-banner-heading">
                    {linked && !item.button_label ? <Link to={item.link}>{item.heading}</Link> : item.heading}
                  </Heading>
                ) : null}
                {item.text ? <p className="vt-banner-text">{item.text}</p> : null}
                {linked && item.button_label ? (
                  <div className="vt-actions">
                    <SectionButton
                      style={style}
                      href={item.link}
                      label={item.heading && item.button_label !== item.heading ? `${item.button_label}: ${item.heading}` : undefined}
                    >
                      {item.button_label}
                    </SectionButton>
                  </div>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </SectionShell>
  );
});
