import { SectionShell } from '../section-shell.tsx';
import { sectionComponent } from '../section-component.ts';
import { features, type featureIcons } from './features.schema.ts';

const iconPaths: Record<(typeof featureIcons)[number], string> = {
  truck: 'M3 6h11v9H3zM14 9h4l3 3v3h-7zM7 18a2 2 0 1 0 0-.01M17 18a2 2 0 1 0 0-.01',
  return: 'M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  chat: 'M4 5h16v11H9l-5 4z',
  leaf: 'M5 19c0-9 6-14 15-14 0 9-5 15-14 15M5 19l7-7',
  star: 'M12 3l2.8 5.8 6.2.9-4.5 4.4 1 6.2L12 17.4 6.5 20.3l1-6.2L3 9.7l6.2-.9z',
};

/** Features (12): a row of short selling points, each with an icon, a title and a line of text. */
export const Features = sectionComponent(features, function Features({ id, settings, style, blocks }) {
  return (
    <SectionShell id={id} name="features" style={style} label={settings.heading || 'Features'}>
      {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
      <ul
        className={`vt-grid vt-cols-1 vt-cols-tablet-2 vt-cols-desktop-${settings.columns_desktop} vt-features`}
        style={{ gap: 'var(--column-spacing)' }}
      >
        {blocks.map(({ id: blockId, settings: feature }) => (
          <li key={blockId} data-block-id={blockId} className="vt-feature">
            <svg className="vt-feature-icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
              <path
                d={iconPaths[feature.icon]}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
                strokeLinecap="round"
              />
            </svg>
            <h3 className="vt-h5">{feature.title}</h3>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
});
