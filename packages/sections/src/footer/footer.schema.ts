import { defineSectionSchema } from '../define-section.ts';
import { profileUrl } from '../social.tsx';
import { z } from 'zod';

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
export const footer = defineSectionSchema({
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
});
