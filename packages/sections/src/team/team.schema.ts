import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

const member = z.object({
  photo: z.string().max(2048).default('').meta({ label: 'Photo', control: 'image' }),
  photo_alt: z
    .string()
    .max(200)
    .default('')
    .meta({ label: 'Photo description', control: 'text', help: 'Leave empty when the photo only shows the person named' }),
  name: z.string().trim().max(80).default('Team member').meta({ label: 'Name', control: 'text' }),
  role: z.string().max(80).default('Their role').meta({ label: 'Role', control: 'text' }),
  bio: z.string().max(600).default('').meta({ label: 'About them', control: 'textarea' }),
  links: z
    .string()
    .max(2000)
    .default('')
    .meta({ label: 'Profile links', control: 'textarea', help: 'One https:// address per line; social networks show their icon' }),
});

/** Team (17): the people behind the shop — photo, name, role, a few words and links to their profiles. */
export const team = defineSectionSchema({
  type: 17,
  name: 'team',
  description: 'The people behind the store, with photos and roles',
  icon: 'M9 5a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM3 19a6 6 0 0 1 12 0M17 7a2 2 0 1 1 0 4M17 14a4 4 0 0 1 4 5',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default('Meet the team').meta({ label: 'Heading', control: 'text' }),
    subheading: z.string().max(400).default('').meta({ label: 'Text', control: 'textarea' }),
    columns_desktop: z
      .number()
      .int()
      .min(1)
      .max(4)
      .default(3)
      .meta({ label: 'People per row on large screens', control: 'range', step: 1 }),
  }),
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
  },
});
