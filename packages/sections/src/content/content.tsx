import { Image } from '@vitrine/renderer';
import { SectionButton, SectionShell } from '../section-shell.tsx';
import { sectionComponent } from '../section-component.ts';
import { content } from './content.schema.ts';

/** Content (8): a heading and paragraphs of text, with an optional image beside them. */
export const Content = sectionComponent(content, function Content({ id, settings, style }) {
  const paragraphs = settings.text.split(/\n\s*\n/).filter((p) => p.trim());
  return (
    <SectionShell id={id} name="content" style={style} label={settings.heading || 'Content'}>
      <div className={`vt-content${settings.image ? ` vt-content-with-image vt-content-image-${settings.image_position}` : ''}`}>
        <div className="vt-content-text">
          {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
          {paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          {settings.button_label ? (
            <div className="vt-actions">
              <SectionButton style={style} href={settings.button_link}>
                {settings.button_label}
              </SectionButton>
            </div>
          ) : null}
        </div>
        {settings.image ? (
          <Image
            className="vt-content-image"
            src={settings.image}
            alt={settings.image_alt}
            width={800}
            height={600}
            sizes="(min-width: 768px) 50vw, 100vw"
          />
        ) : null}
      </div>
    </SectionShell>
  );
});
