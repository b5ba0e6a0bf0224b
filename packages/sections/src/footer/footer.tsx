import type { SocialNetworkId } from '@vitrine/commerce';
import { Link } from '@vitrine/renderer';
import { SectionShell } from '../section-shell.tsx';
import { useShop } from '../shop-context.tsx';
import { SocialLinks } from '../social.tsx';
import { SubscribeForm } from '../subscribe/subscribe-form.tsx';
import { linkLinesOf, paragraphsOf } from '../text.ts';
import { sectionComponent } from '../section-component.ts';
import { footer } from './footer.schema.ts';

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

/**
 * Footer (2): columns of links or text, an optional newsletter sign-up, the shop's social profiles as icons and the
 * copyright line. It is the page's `<footer>`; the columns sit in one navigation landmark named "Footer".
 */
export const Footer = sectionComponent(footer, function Footer({ id, settings, style, blocks }) {
  const storeTitle = useShop((shop) => shop.storeTitle);
  const asksConsent = useShop((shop) => shop.asksConsent ?? false);
  const profiles = Object.entries(socialSettings).map(([key, network]) => ({ network, url: settings[key as keyof typeof socialSettings] }));
  const copyright = settings.copyright.replaceAll('{store}', storeTitle);
  return (
    <SectionShell as="footer" id={id} name="footer" style={style} className="vt-footer">
      <div className={`vt-footer-top${settings.show_subscribe ? ' vt-footer-with-subscribe' : ''}`}>
        {blocks.length ? (
          <nav aria-label="Footer">
            <div
              className={`vt-grid vt-cols-1 vt-cols-mobileWide-2 vt-cols-desktop-${settings.columns_desktop} vt-footer-columns`}
              style={{ gap: 'var(--column-spacing)' }}
            >
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
        {asksConsent ? (
          // Answered by the store's marketing runtime, which shows the consent banner again: no app needed (issue 33).
          <button type="button" className="vt-footer-cookies" data-vt-consent-settings="">
            Cookie settings
          </button>
        ) : null}
        {settings.show_social ? <SocialLinks links={profiles} label="Social media" className="vt-footer-social" iconSize={22} /> : null}
      </div>
    </SectionShell>
  );
});
