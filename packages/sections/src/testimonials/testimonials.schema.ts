import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

const testimonial = z.object({
  quote: z
    .string()
    .trim()
    .max(800)
    .default('Lovely things, packed with care and quick to arrive.')
    .meta({ label: 'Quote', control: 'textarea' }),
  author: z.string().max(80).default('A happy customer').meta({ label: 'Name', control: 'text' }),
  role: z.string().max(80).default('').meta({ label: 'Detail', control: 'text', help: 'For example a city or “Verified buyer”' }),
  rating: z.number().int().min(1).max(5).default(5).meta({ label: 'Rating', control: 'range', step: 1 }),
  avatar: z.string().max(2048).default('').meta({ label: 'Photo', control: 'image' }),
  avatar_alt: z
    .string()
    .max(200)
    .default('')
    .meta({ label: 'Photo description', control: 'text', help: 'Leave empty when the photo only shows the person named' }),
});

/** Testimonials (14): what customers say — a quote, who said it and their star rating — in a row of cards. */
export const testimonials = defineSectionSchema({
  type: 14,
  name: 'testimonials',
  description: 'Quotes from happy customers, with their star ratings',
  icon: 'M4 5h16v11H9l-5 4z',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default('What our customers say').meta({ label: 'Heading', control: 'text' }),
    columns_desktop: z.number().int().min(1).max(4).default(3).meta({ label: 'Columns on large screens', control: 'range', step: 1 }),
    show_rating: z.boolean().default(true).meta({ label: 'Show star ratings', control: 'toggle' }),
  }),
  blocks: {
    name: 'testimonial',
    max: 12,
    initial: 3,
    initialSettings: [
      { quote: 'The mugs are even nicer in person, and they arrived in two days.', author: 'Maya L.', role: 'Verified buyer' },
      { quote: 'Great service: they swapped a size for me without any fuss.', author: 'Tom B.', role: 'Verified buyer', rating: 4 },
      { quote: 'My go-to shop for gifts. Everything is wrapped beautifully.', author: 'Priya S.', role: 'Verified buyer' },
    ],
    settings: testimonial,
  },
});
