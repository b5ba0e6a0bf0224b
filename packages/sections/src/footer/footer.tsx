import { z } from 'zod';
import type { SocialNetworkId } from '@vitrine/commerce';
import { Link } from '@vitrine/renderer';
import { defineSection } from '../define-section.ts';
import { SectionShell } from '../section-shell.tsx';
import { useShop } from '../shop-context.tsx';
import { SocialLinks, profileUrl } from '../social.tsx';
import { SubscribeForm } from '../subscribe/subscribe-form.tsx';
import { linkLinesOf, paragraphsOf } from '../text.ts';

/** The footer's profile settings and the network (1–10, commerce's `socialNetworks`) each one links to. */
const socialSettings = {
  facebook_url: 1,
  x_url: 2,
  google_url: 3,
  linkedin_url: 4,
  pinterest_url: 5,
  tumblr_url: 6,
  instagram_url: 7,
  threads_url: 8,
  youtube_url: 9,
  whatsapp_url: 10,
} as const satisfies Record<string, SocialNetworkId>;

const footerSettings = z.object({
  columns_desktop: z.number().int().min(1).max(6).default(4),
  show_subscribe: z.boolean().default(true),
  subscribe_heading: z.string().max(120).default('Stay in touch'),
  subscribe_text: z.string().max(300).default('Hear about new arrivals and offers first.'),
  subscribe_button: z.string().trim().min(1).max(40).default('Subscribe'),
  subscribe_success: z.string().trim().min(1).max(300).default('Thanks for subscribing!'),
  show_social: z.boolean().default(true),
  facebook_url: profileUrl.default(''),
  x_url: profileUrl.default(''),
  google_url: profileUrl.default(''),
  linkedin_url: profileUrl.default(''),
  pinterest_url: profileUrl.default(''),
  tumblr_url: profileUrl.default(''),
  instagram_url: profileUrl.default(''),
  threads_url: profileUrl.default(''),
  youtube_url: profileUrl.default(''),
  whatsapp_url: profileUrl.default(''),
  copyright: z.string().max(300).default('© {store}. All rights reserved.'),
});

const column = z.object({
  heading: z.string().max(80).default('Help'),
  links: z.string().max(3000).default('Contact us | /contact\nShipping & returns | /shipping'),
  text: z.string().max(1000).default(''),
});

const profileField = (network: string) => ({ label: `${network} address`, control: 'url' as const, help: 'Starts with https://' });

/**
 * Footer (2): columns of links or text, an optional newsletter sign-up, the shop's social profiles as icons and the
 * copyright line. It is the page's `<footer>`; the columns sit in one navigation landmark named "Footer".
 */
export const footer = defineSection({
  type: 2,
  name: 'footer',
  description: 'Link columns, newsletter sign-up and social links at the foot of every page',
  icon: 'M3 14h18v5H3zM6 16.5h3M11 16.5h3M16 16.5h2',
  version: 1,
  settings: footerSettings,
  fields: {
    columns_desktop: { label: 'Columns on large screens', control: 'range', min: 1, max: 6, step: 1 },
    show_subscribe: { label: 'Show newsletter sign-up', control: 'toggle' },
    subscribe_heading: { label: 'Newsletter heading', control: 'text' },
    subscribe_text: { label: 'Newsletter text', control: 'textarea' },
    subscribe_button: { label: 'Newsletter button label', control: 'text' },
    subscribe_success: { label: 'Message after signing up', control: 'text' },
    show_social: { label: 'Show social media icons', control: 'toggle' },
    facebook_url: profileField('Facebook'),
    x_url: profileField('X'),
    google_url: profileField('Google'),
    linkedin_url: profileField('LinkedIn'),
    pinterest_url: profileField('Pinterest'),
    tumblr_url: profileField('Tumblr'),
    instagram_url: profileField('Instagram'),
    threads_url: profileField('Threads'),
    youtube_url: profileField('YouTube'),
    whatsapp_url: profileField('WhatsApp'),
    copyright: { label: 'Copyright line', control: 'text', help: '{store} is replaced by the store name' },
  },
  blocks: {
    name: 'column',
    max: 6,
    initial: 2,
    initialSettings: [
      { heading: 'Shop', links: 'Home | /\nWishlist | /wishlist\nCompare | /compare' },
      { heading: 'Help', links: 'Contact us | /contact\nYour account | /account\nYour cart | /cart' },
    ],
    settings: column,
    fields: {
      heading: { label: 'Heading', control: 'text' },
      links: { label: 'Links', control: 'textarea', help: 'One per line: Label | /address' },
      text: { label: 'Text', control: 'textarea', help: 'Shown under the links; a blank line starts a new paragraph' },
    },
  },
  component: function Footer({ id, settings, style, blocks }) {
    const shop = useShop();
    const profiles = Object.entries(socialSettings).map(([key, network]) => ({ network, url: settings[key as keyof typeof socialSettings] }));
    const copyright = settings.copyright.replaceAll('{store}', shop.storeTitle);
    return (
      <SectionShell as="footer" id={id} name="footer" style={style} className="vt-footer">
        <div className={`vt-footer-top${settings.show_subscribe ? ' vt-footer-with-subscribe' : ''}`}>
          {blocks.length ? (
            <nav aria-label="Footer">
              <div className={`vt-grid vt-cols-1 vt-cols-mobileWide-2 vt-cols-desktop-${settings.columns_desktop} vt-footer-columns`} style={{ gap: 'var(--column-spacing)' }}>
                {blocks.map(({ id: blockId, settings: col }) => {
                  const links = linkLinesOf(col.links);
                  return (
                    <div key={blockId} data-block-id={blockId} className="vt-footer-column">
                      {col.heading ? <h2 className="vt-footer-heading">{col.heading}</h2> : null}
                      {links.length ? (
                        <ul className="vt-footer-links">
                          {links.map((link, index) => (
                            <li key={index}>
                              <Link to={link.href}>{link.label}</Link>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                      {paragraphsOf(col.text).map((p, index) => (
                        <p key={index} className="vt-footer-text">
                          {p}
                        </p>
                      ))}
                    </div>
                  );
                })}
              </div>
            </nav>
          ) : null}
          {settings.show_subscribe ? (
            <div className="vt-footer-subscribe">
              {settings.subscribe_heading ? <h2 className="vt-footer-heading">{settings.subscribe_heading}</h2> : null}
              {settings.subscribe_text ? <p className="vt-footer-text">{settings.subscribe_text}</p> : null}
              <SubscribeForm sectionId={id} style={style} buttonLabel={settings.subscribe_button} success={settings.subscribe_success} />
            </div>
          ) : null}
        </div>
        <div className="vt-footer-bottom">
          {copyright ? <p className="vt-footer-copyright">{copyright}</p> : null}
          {settings.show_social ? <SocialLinks links={profiles} label="Social media" className="vt-footer-social" iconSize={22} /> : null}
        </div>
      </SectionShell>
    );
  },
});
