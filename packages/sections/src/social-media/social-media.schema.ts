import { defineSectionSchema } from '../define-section.ts';
import { socialNetworks } from '@vitrine/commerce';
import { profileUrl, socialNetworkId } from '../social.tsx';
import { z } from 'zod';

/**
 * Social media (19): the shop's profiles on the social networks 1–10 as a row of icons. Only http and https
 * addresses are accepted (§5); any other falls back to empty and its icon is not shown.
 */
export const socialMedia = defineSectionSchema({
  type: 19,
  name: 'social media',
  description: 'Links to your profiles on social networks',
  icon: 'M6 10a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM18 4a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM18 16a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM8 11l8-4M8 13l8 4',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default('Follow us').meta({ label: 'Heading', control: 'text' }),
    text: z
      .string()
      .max(400)
      .default('Behind the scenes, new pieces and the occasional giveaway.')
      .meta({ label: 'Text', control: 'textarea' }),
    icon_size: z
      .enum(['sm', 'md', 'lg'])
      .default('md')
      .meta({ label: 'Icon size', control: 'select', optionLabels: { sm: 'Small', md: 'Medium', lg: 'Large' } }),
    show_names: z.boolean().default(false).meta({ label: 'Show network names beside icons', control: 'toggle' }),
  }),
  blocks: {
    name: 'profile',
    max: 10,
    initial: 3,
    initialSettings: [
      { network: 1, url: 'https://www.facebook.com/' },
      { network: 7, url: 'https://www.instagram.com/' },
      { network: 9, url: 'https://www.youtube.com/' },
    ],
    settings: z.object({
      network: socialNetworkId.default(1).meta({ label: 'Network', control: 'select', optionLabels: socialNetworks }),
      url: profileUrl.default('').meta({ label: 'Profile address', control: 'url', help: 'Starts with https://' }),
    }),
  },
});
