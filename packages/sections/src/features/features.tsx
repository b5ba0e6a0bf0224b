import { z } from 'zod';
import { defineSection } from '../define-section.ts';
import { SectionShell } from '../section-shell.tsx';

const featureIcons = ['truck', 'return', 'shield', 'chat', 'leaf', 'star'] as const;
const iconPaths: Record<(typeof featureIcons)[number], string> = {
  truck: 'M3 6h11v9H3zM14 9h4l3 3v3h-7zM7 18a2 2 0 1 0 0-.01M17 18a2 2 0 1 0 0-.01',
  return: 'M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  chat: 'M4 5h16v11H9l-5 4z',
  leaf: 'M5 19c0-9 6-14 15-14 0 9-5 15-14 15M5 19l7-7',
  star: 'M12 3l2.8 5.8 6.2.9-4.5 4.4 1 6.2L12 17.4 6.5 20.3l1-6.2L3 9.7l6.2-.9z',
};

/** Features (12): a row of short selling points, each with an icon, a title and a line of text. */
export const features = defineSection({
  type: 12,
  name: 'features',
  description: 'Short selling points with icons, such as free delivery',
  icon: 'M5 12l4 4 10-10',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default('Why shop with us'),
    columns_desktop: z.number().int().min(1).max(6).default(3),
  }),
  fields: {
    heading: { label: 'Heading', control: 'text' },
    columns_desktop: { label: 'Columns on large screens', control: 'range', min: 1, max: 6, step: 1 },
  },
  blocks: {
    name: 'feature',
    max: 12,
    initial: 3,
    settings: z.object({
      icon: z.enum(featureIcons).default('star'),
      title: z.string().max(80).default('A good reason'),
      text: z.string().max(300).default('Say in a sentence why it matters.'),
    }),
    fields: {
      icon: { label: 'Icon', control: 'select', options: featureIcons.map((value) => ({ value, label: value })) },
      title: { label: 'Title', control: 'text' },
      text: { label: 'Text', control: 'textarea' },
    },
  },
  component: function Features({ id, settings, style, blocks }) {
    return (
      <SectionShell id={id} name="features" style={style} label={settings.heading || 'Features'}>
        {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
        <ul className={`vt-grid vt-cols-1 vt-cols-tablet-2 vt-cols-desktop-${settings.columns_desktop} vt-features`} style={{ gap: 'var(--column-spacing)' }}>
          {blocks.map(({ id: blockId, settings: feature }) => (
            <li key={blockId} data-block-id={blockId} className="vt-feature">
              <svg className="vt-feature-icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
                <path d={iconPaths[feature.icon]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
              </svg>
              <h3 className="vt-h5">{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </SectionShell>
    );
  },
});
