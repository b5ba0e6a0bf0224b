import { z } from 'zod';
import { socialNetworks } from '@vitrine/commerce';
import { Image, Link } from '@vitrine/renderer';
import { defineSection } from '../define-section.ts';
import { SectionShell } from '../section-shell.tsx';
import { SocialIcon, isHttpUrl, networkOfUrl } from '../social.tsx';
import { linesOf } from '../text.ts';

const member = z.object({
  photo: z.string().max(2048).default(''),
  photo_alt: z.string().max(200).default(''),
  name: z.string().trim().max(80).default('Team member'),
  role: z.string().max(80).default('Their role'),
  bio: z.string().max(600).default(''),
  links: z.string().max(2000).default(''),
});

/** Team (17): the people behind the shop — photo, name, role, a few words and links to their profiles. */
export const team = defineSection({
  type: 17,
  name: 'team',
  description: 'The people behind the store, with photos and roles',
  icon: 'M9 5a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM3 19a6 6 0 0 1 12 0M17 7a2 2 0 1 1 0 4M17 14a4 4 0 0 1 4 5',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default('Meet the team'),
    subheading: z.string().max(400).default(''),
    columns_desktop: z.number().int().min(1).max(4).default(3),
  }),
  fields: {
    heading: { label: 'Heading', control: 'text' },
    subheading: { label: 'Text', control: 'textarea' },
    columns_desktop: { label: 'People per row on large screens', control: 'range', min: 1, max: 4, step: 1 },
  },
  blocks: {
    name: 'member',
    max: 24,
    initial: 3,
    initialSettings: [
      { name: 'Ana Ruiz', role: 'Founder and potter' },
      { name: 'Sam Okafor', role: 'Workshop lead' },
      { name: 'Lea Martin', role: 'Customer care' },
    ],
    settings: member,
    fields: {
      photo: { label: 'Photo', control: 'image' },
      photo_alt: { label: 'Photo description', control: 'text', help: 'Leave empty when the photo only shows the person named' },
      name: { label: 'Name', control: 'text' },
      role: { label: 'Role', control: 'text' },
      bio: { label: 'About them', control: 'textarea' },
      links: { label: 'Profile links', control: 'textarea', help: 'One https:// address per line; social networks show their icon' },
    },
  },
  component: function Team({ id, settings, style, blocks }) {
    const Name = settings.heading ? 'h3' : 'h2';
    return (
      <SectionShell id={id} name="team" style={style} label={settings.heading || 'Team'}>
        {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
        {settings.subheading ? <p className="vt-subheading">{settings.subheading}</p> : null}
        <ul className={`vt-grid vt-cols-1 vt-cols-mobileWide-2 vt-cols-desktop-${settings.columns_desktop} vt-team`} style={{ gap: 'var(--column-spacing)' }}>
          {blocks.map(({ id: blockId, settings: person }) => {
            const links = linesOf(person.links).filter(isHttpUrl);
            return (
              <li key={blockId} data-block-id={blockId} className="vt-member">
                <Image className="vt-member-photo" src={person.photo} alt={person.photo_alt} width={600} height={600} sizes="(min-width: 1024px) 25vw, (min-width: 425px) 50vw, 100vw" />
                <Name className="vt-h5 vt-member-name">{person.name}</Name>
                {person.role ? <p className="vt-member-role">{person.role}</p> : null}
                {person.bio ? <p className="vt-member-bio">{person.bio}</p> : null}
                {links.length ? (
                  <ul className="vt-social vt-member-links">
                    {links.map((url) => {
                      const network = networkOfUrl(url);
                      return (
                        <li key={url}>
                          <Link to={url} className="vt-social-link" aria-label={network ? `${person.name} on ${socialNetworks[network]}` : `${person.name}’s website`}>
                            {network ? (
                              <SocialIcon network={network} size={20} />
                            ) : (
                              <svg className="vt-social-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                                <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" fill="none" stroke="currentColor" strokeWidth="1.6" />
                              </svg>
                            )}
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      </SectionShell>
    );
  },
});
