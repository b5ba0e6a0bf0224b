import { defineSectionSchema } from '../define-section.ts';
import { profileUrl } from '../social.tsx';
import { z } from 'zod';

const profileField = (network: string) => ({ label: `${network} address`, control: 'url' as const, help: 'Starts with https://' });

const footerSettings = z.object({
  columns_desktop: z.number().int().min(1).max(6).default(4).meta({ label: 'Columns on large screens', control: 'range', step: 1 }),
  show_subscribe: z.boolean().default(true).meta({ label: 'Show newsletter sign-up', control: 'toggle' }),
  subscribe_heading: z.string().max(120).default('Stay in touch').meta({ label: 'Newsletter heading', control: 'text' }),
  subscribe_text: z
    .string()
    .max(300)
    .default('Hear about new arrivals and offers first.')
    .meta({ label: 'Newsletter text', control: 'textarea' }),
  subscribe_button: z.string().trim().min(1).max(40).default('Subscribe').meta({ label: 'Newsletter button label', control: 'text' }),
  subscribe_success: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .default('Thanks for subscribing!')
    .meta({ label: 'Message after signing up', control: 'text' }),
  show_social: z.boolean().default(true).meta({ label: 'Show social media icons', control: 'toggle' }),
  facebook_url: profileUrl.default('').meta(profileField('Facebook')),
  x_url: profileUrl.default('').meta(profileField('X')),
  google_url: profileUrl.default('').meta(profileField('Google')),
  linkedin_url: profileUrl.default('').meta(profileField('LinkedIn')),
  pinterest_url: profileUrl.default('').meta(profileField('Pinterest')),
  tumblr_url: profileUrl.default('').meta(profileField('Tumblr')),
  instagram_url: profileUrl.default('').meta(profileField('Instagram')),
  threads_url: profileUrl.default('').meta(profileField('Threads')),
  youtube_url: profileUrl.default('').meta(profileField('YouTube')),
  whatsapp_url: profileUrl.default('').meta(profileField('WhatsApp')),
  copyright: z
    .string()
    .max(300)
    .default('© {store}. All rights reserved.')
    .meta({ label: 'Copyright line', control: 'text', help: '{store} is replaced by the store name' }),
});

const column = z.object({
  heading: z.string().max(80).default('Help').meta({ label: 'Heading', control: 'text' }),
  links: z
    .string()
    .max(3000)
    .default('Contact us | /contact\nShipping & returns | /shipping')
    .meta({ label: 'Links', control: 'textarea', help: 'One per line: Label | /address' }),
  text: z
    .string()
    .max(1000)
    .default('')
    .meta({ label: 'Text', control: 'textarea', help: 'Shown under the links; a blank line starts a new paragraph' }),
});

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
  blocks: {
    name: 'column',
    max: 6,
    initial: 2,
    initialSettings: [
      { heading: 'Shop', links: 'Home | /\nWishlist | /wishlist\nCompare | /compare' },
      { heading: 'Help', links: 'Contact us | /contact\nYour account | /account\nYour cart | /cart' },
    ],
    settings: column,
  },
});
