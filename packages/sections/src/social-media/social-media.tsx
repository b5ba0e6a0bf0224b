import { SectionShell } from '../section-shell.tsx';
import { SocialLinks } from '../social.tsx';
import { sectionComponent } from '../section-component.ts';
import { socialMedia } from './social-media.schema.ts';

const iconSizes = { sm: 20, md: 28, lg: 40 } as const;

/**
 * Social media (19): the shop's profiles on the social networks 1–10 as a row of icons. Only http and https
 * addresses are accepted (§5); any other falls back to empty and its icon is not shown.
 */
export const SocialMedia = sectionComponent(socialMedia, function SocialMedia({ id, settings, style, blocks }) {
  return (
    <SectionShell id={id} name="social-media" style={style} label={settings.heading || 'Social media'}>
      {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
      {settings.text ? <p className="vt-subheading">{settings.text}</p> : null}
      <SocialLinks
        links={blocks.map(({ id: blockId, settings: link }) => ({ network: link.network, url: link.url, blockId }))}
        label={settings.heading || 'Social media'}
        iconSize={iconSizes[settings.icon_size]}
        showNames={settings.show_names}
        className="vt-social-section"
      />
    </SectionShell>
  );
});
