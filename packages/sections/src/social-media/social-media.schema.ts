import { defineSectionSchema } from '../define-section.ts';
import { profileUrl, socialNetworkId, socialNetworkOptions } from '../social.tsx';
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
    heading: z.string().max(160).default('Follow us'),
    text: z.string().max(400).default('Behind the scenes, new pieces and the occasional giveaway.'),
    icon_size: z.enum(['sm', 'md', 'lg']).default('md'),
    show_names: z.boolean().default(false),
  }),
  fields: {
    heading: { label: 'Heading', control: 'text' },
    text: { label: 'Text', control: 'textarea' },
    icon_size: {
      label: 'Icon size',
      control: 'select',
      options: [
        { value: 'sm', label: 'Small' },
        { value: 'md', label: 'Medium' },
        { value: 'lg', label: 'Large' },
      ],
    },
    show_names: { label: 'Show network names beside icons', control: 'toggle' },
  },
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
      network: socialNetworkId.default(1),
      url: profileUrl.default(''),
    }),
    fields: {
      network: { label: 'Network', control: 'select', options: socialNetworkOptions },
      url: { label: 'Profile address', control: 'url', help: 'Starts with https://' },
    },
  },
});
