import { socialNetworks } from '@vitrine/commerce';
import { Image, Link } from '@vitrine/renderer';
import { SectionShell } from '../section-shell.tsx';
import { SocialIcon, isHttpUrl, networkOfUrl } from '../social.tsx';
import { linesOf } from '../text.ts';
import { sectionComponent } from '../section-component.ts';
import { team } from './team.schema.ts';

/** Team (17): the people behind the shop — photo, name, role, a few words and links to their profiles. */
export const Team = sectionComponent(team, function Team({ id, settings, style, blocks }) {
  const Name = settings.heading ? 'h3' : 'h2';
  return (
    <SectionShell id={id} name="team" style={style} label={settings.heading || 'Team'}>
      {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
      {settings.subheading ? <p className="vt-subheading">{settings.subheading}</p> : null}
      <ul
        className={`vt-grid vt-cols-1 vt-cols-mobileWide-2 vt-cols-desktop-${settings.columns_desktop} vt-team`}
        style={{ gap: 'var(--column-spacing)' }}
      >
        {blocks.map(({ id: blockId, settings: person }) => {
          const links = linesOf(person.links).filter(isHttpUrl);
          return (
            <li key={blockId} data-block-id={blockId} className="vt-member">
              <Image
                className="vt-member-photo"
                src={person.photo}
                alt={person.photo_alt}
                width={600}
                height={600}
                sizes="(min-width: 1024px) 25vw, (min-width: 425px) 50vw, 100vw"
              />
              <Name className="vt-h5 vt-member-name">{person.name}</Name>
              {person.role ? <p className="vt-member-role">{person.role}</p> : null}
              {person.bio ? <p className="vt-member-bio">{person.bio}</p> : null}
              {links.length ? (
                <ul className="vt-social vt-member-links">
                  {links.map((url) => {
                    const network = networkOfUrl(url);
                    return (
                      <li key={url}>
                        <Link
                          to={url}
                          className="vt-social-link"
                          aria-label={network ? `${person.name} on ${socialNetworks[network]}` : `${person.name}’s website`}
                        >
                          {network ? (
                            <SocialIcon network={network} size={20} />
                          ) : (
                            <svg className="vt-social-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                              <path
                                d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z"
                                fill="none"
                                stroke="currentColor"
                                strokeWidth="1.6"
                              />
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
});
