import { z } from 'zod';
import { Image, Link, classifyLink } from '@vitrine/renderer';
import { defineSection } from '../define-section.ts';
import { SectionButton, SectionShell } from '../section-shell.tsx';

const ratios = { landscape: [1200, 675], classic: [1200, 900], square: [1000, 1000], portrait: [960, 1200] } as const;

const banner = z.object({
  image: z.string().max(2048).default(''),
  image_alt: z.string().max(200).default(''),
  heading: z.string().max(120).default('New collection'),
  text: z.string().max(300).default('A line about what shoppers will find.'),
  button_label: z.string().max(60).default('Shop now'),
  link: z.string().max(2048).default('/'),
});

/**
 * Banners (7): two or more image banners side by side, each with a heading, a line of text and a link — for
 * collections, seasons or campaigns. Text sits on the image (darkened for contrast) or below it.
 */
export const banners = defineSection({
  type: 7,
  name: 'banners',
  description: 'Image banners side by side, each with its own link',
  icon: 'M3 6h8v12H3zM13 6h8v12h-8z',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default(''),
    columns_desktop: z.number().int().min(1).max(4).default(2),
    image_ratio: z.enum(['landscape', 'classic', 'square', 'portrait']).default('classic'),
    text_position: z.enum(['on_image', 'below']).default('on_image'),
  }),
  fields: {
    heading: { label: 'Heading', control: 'text', help: 'Optional; shown above the banners' },
    columns_desktop: { label: 'Banners per row on large screens', control: 'range', min: 1, max: 4, step: 1 },
    image_ratio: {
      label: 'Image shape',
      control: 'select',
      options: [
        { value: 'landscape', label: 'Wide (16:9)' },
        { value: 'classic', label: 'Classic (4:3)' },
        { value: 'square', label: 'Square' },
        { value: 'portrait', label: 'Tall (4:5)' },
      ],
    },
    text_position: {
      label: 'Text',
      control: 'select',
      options: [
        { value: 'on_image', label: 'On the image' },
        { value: 'below', label: 'Below the image' },
      ],
    },
  },
  blocks: {
    name: 'banner',
    max: 6,
    initial: 2,
    initialSettings: [
      { heading: 'New arrivals', text: 'Fresh from the workshop this week.', button_label: 'Shop new' },
      { heading: 'Gifts under $50', text: 'Little things, chosen with care.', button_label: 'Find a gift' },
    ],
    settings: banner,
    fields: {
      image: { label: 'Image', control: 'image' },
      image_alt: { label: 'Image description', control: 'text', help: 'Read aloud by screen readers; leave empty if the image is decoration' },
      heading: { label: 'Heading', control: 'text' },
      text: { label: 'Text', control: 'textarea' },
      button_label: { label: 'Button label', control: 'text', help: 'Leave empty to make the heading the link' },
      link: { label: 'Link', control: 'url' },
    },
  },
  component: function Banners({ id, settings, style, blocks }) {
    const [width, height] = ratios[settings.image_ratio];
    const Heading = settings.heading ? 'h3' : 'h2';
    return (
      <SectionShell id={id} name="banners" style={style} label={settings.heading || 'Banners'}>
        {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
        <ul className={`vt-grid vt-cols-1 vt-cols-tablet-2 vt-cols-desktop-${settings.columns_desktop} vt-banners`} style={{ gap: 'var(--column-spacing)' }}>
          {blocks.map(({ id: blockId, settings: item }) => {
            const linked = classifyLink(item.link).kind !== 'invalid';
            // White text needs the owner's (darkened) image behind it; over the placeholder it goes below instead.
            const position = item.image ? settings.text_position : 'below';
            return (
              <li key={blockId} data-block-id={blockId} className={`vt-banner vt-banner-${position} vt-banner-${settings.image_ratio}`}>
                <div className="vt-banner-media">
                  <Image className="vt-banner-image" src={item.image} alt={item.image_alt} width={width} height={height} sizes={`(min-width: 1024px) ${Math.round(100 / settings.columns_desktop)}vw, (min-width: 768px) 50vw, 100vw`} />
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
                      <SectionButton style={style} href={item.link} label={item.heading && item.button_label !== item.heading ? `${item.button_label}: ${item.heading}` : undefined}>
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
  },
});
