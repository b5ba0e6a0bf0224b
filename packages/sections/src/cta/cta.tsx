import { SectionButton, SectionShell } from '../section-shell.tsx';
import { sectionComponent } from '../section-component.ts';
import { cta } from './cta.schema.ts';

/** CTA (9): one short message and a button, on the brand colour unless the style sets a background. */
export const Cta = sectionComponent(cta, function Cta({ id, settings, style }) {
  return (
    <SectionShell
      id={id}
      name="cta"
      style={style}
      className={style.background_color || style.background_image ? '' : 'vt-cta-brand'}
      label={settings.heading || 'Call to action'}
    >
      {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
      {settings.text ? <p className="vt-subheading">{settings.text}</p> : null}
      {settings.button_label ? (
        <div className="vt-actions">
          <SectionButton style={style} href={settings.button_link}>
            {settings.button_label}
          </SectionButton>
        </div>
      ) : null}
    </SectionShell>
  );
});
