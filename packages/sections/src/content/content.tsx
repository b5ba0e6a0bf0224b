import { z } from 'zod';
import { Image } from '@vitrine/renderer';
import { defineSection } from '../define-section.ts';
import { SectionButton, SectionShell } from '../section-shell.tsx';

const contentSettings = z.object({
  heading: z.string().max(160).default('Our story'),
  text: z.string().max(5000).default('Tell shoppers who you are and what you make.'),
  image: z.string().max(2048).default(''),
  image_alt: z.string().max(200).default(''),
  image_position: z.enum(['start', 'end']).default('end'),
  button_label: z.string().max(60).default(''),
  button_link: z.string().max(2048).default(''),
});

/** Content (8): a heading and paragraphs of text, with an optional image beside them. */
export const content = defineSection({
  type: 8,
  name: 'content',
  description: 'An image beside a heading, text and a button',
  icon: 'M3 6h8v12H3zM14 8h7M14 12h7M14 16h4',
  version: 1,
  settings: contentSettings,
  fields: {
    heading: { label: 'Heading', control: 'text' },
    text: { label: 'Text', control: 'textarea', help: 'A blank line starts a new paragraph' },
    image: { label: 'Image', control: 'image' },
    image_alt: { label: 'Image description', control: 'text' },
    image_position: {
      label: 'Image side',
      control: 'select',
      options: [
        { value: 'start', label: 'Before the text' },
        { value: 'end', label: 'After the text' },
      ],
    },
    button_label: { label: 'Button label', control: 'text' },
    button_link: { label: 'Button link', control: 'url' },
  },
  component: function Content({ id, settings, style }) {
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
                <SectionButton style={style} href={settings.button_link}>{settings.button_label}</SectionButton>
              </div>
            ) : null}
          </div>
          {settings.image ? (
            <Image className="vt-content-image" src={settings.image} alt={settings.image_alt} width={800} height={600} sizes="(min-width: 768px) 50vw, 100vw" />
          ) : null}
        </div>
      </SectionShell>
    );
  },
});
