import { Image } from '@vitrine/renderer';
import { SectionButton, SectionShell } from '../section-shell.tsx';
import { paragraphsOf } from '../text.ts';
import { sectionComponent } from '../section-component.ts';
import { about } from './about.schema.ts';

/** About (10): the shop's story — a picture of the people or the workshop, a few paragraphs and a founder's sign-off. */
export const About = sectionComponent(about, function About({ id, settings, style }) {
  return (
    <SectionShell id={id} name="about" style={style} label={settings.heading || 'About us'}>
      <div className={`vt-about${settings.image ? ` vt-about-with-image vt-about-image-${settings.image_position}` : ''}`}>
        {settings.image ? (
          <Image
            className="vt-about-image"
            src={settings.image}
            alt={settings.image_alt}
            width={900}
            height={1000}
            sizes="(min-width: 768px) 45vw, 100vw"
          />
        ) : null}
        <div className="vt-about-text">
          {settings.eyebrow ? <p className="vt-eyebrow">{settings.eyebrow}</p> : null}
          {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
          {paragraphsOf(settings.text).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          {settings.signature ? (
            <p className="vt-about-signature">
              <span className="vt-about-signature-name">{settings.signature}</span>
              {settings.signature_role ? <span className="vt-about-signature-role">{settings.signature_role}</span> : null}
            </p>
          ) : null}
          {settings.button_label && settings.button_link ? (
            <div className="vt-actions">
              <SectionButton style={style} href={settings.button_link}>
                {settings.button_label}
              </SectionButton>
            </div>
          ) : null}
        </div>
      </div>
    </SectionShell>
  );
});
