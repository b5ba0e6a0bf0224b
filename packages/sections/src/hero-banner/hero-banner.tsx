import { Image } from '@vitrine/renderer';
import { SectionButton, SectionShell } from '../section-shell.tsx';
import { sectionComponent } from '../section-component.ts';
import { heroBanner } from './hero-banner.schema.ts';

/** Hero banner (6): a large image with a heading, a line of text and up to two calls to action. */
export const HeroBanner = sectionComponent(heroBanner, function HeroBanner({ id, settings, style }) {
  return (
    <SectionShell id={id} name="hero" style={style} className={`vt-hero vt-hero-${settings.height}`} label={settings.heading || 'Banner'}>
      <div className="vt-hero-frame">
        {settings.image ? (
          <Image
            className="vt-hero-image"
            src={settings.image}
            alt={settings.image_alt}
            width={1600}
            height={700}
            priority
            wide
            sizes="100vw"
          />
        ) : null}
        <div className="vt-hero-overlay" style={{ opacity: settings.image ? settings.overlay / 100 : 0 }} aria-hidden="true" />
        <div className={`vt-hero-content${settings.image ? ' vt-hero-on-image' : ''}`}>
          {settings.eyebrow ? <p className="vt-hero-eyebrow">{settings.eyebrow}</p> : null}
          {settings.heading ? <h1 className="vt-h1">{settings.heading}</h1> : null}
          {settings.subheading ? <p className="vt-subheading">{settings.subheading}</p> : null}
          <div className="vt-actions">
            {settings.button_label ? (
              <SectionButton style={style} href={settings.button_link}>
                {settings.button_label}
              </SectionButton>
            ) : null}
            {settings.secondary_label ? (
              <SectionButton style={style} href={settings.secondary_link} variant="outline">
                {settings.secondary_label}
              </SectionButton>
            ) : null}
          </div>
        </div>
      </div>
    </SectionShell>
  );
});
