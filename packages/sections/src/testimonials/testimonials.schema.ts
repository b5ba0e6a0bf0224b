import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

const testimonial = z.object({
  quote: z.string().trim().max(800).default('Lovely things, packed with care and quick to arrive.'),
  author: z.string().max(80).default('A happy customer'),
  role: z.string().max(80).default(''),
  rating: z.number().int().min(1).max(5).default(5),
  avatar: z.string().max(2048).default(''),
  avatar_alt: z.string().max(200).default(''),
});

/** Testimonials (14): what customers say — a quote, who said it and their star rating — in a row of cards. */
export const testimonials = defineSectionSchema({
  type: 14,
  name: 'testimonials',
  description: 'Quotes from happy customers, with their star ratings',
  icon: 'M4 5h16v11H9l-5 4z',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default('What our customers say'),
    columns_desktop: z.number().int().min(1).max(4).default(3),
    show_rating: z.boolean().default(true),
  }),
  fields: {
    heading: { label: 'Heading', control: 'text' },
    columns_desktop: { label: 'Columns on large screens', control: 'range', min: 1, max: 4, step: 1 },
    show_rating: { label: 'Show star ratings', control: 'toggle' },
  },
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
    fields: {
      quote: { label: 'Quote', control: 'textarea' },
      author: { label: 'Name', control: 'text' },
      role: { label: 'Detail', control: 'text', help: 'For example a city or “Verified buyer”' },
      rating: { label: 'Rating', control: 'range', min: 1, max: 5, step: 1 },
      avatar: { label: 'Photo', control: 'image' },
      avatar_alt: { label: 'Photo description', control: 'text', help: 'Leave empty when the photo only shows the person named' },
    },
  },
});
