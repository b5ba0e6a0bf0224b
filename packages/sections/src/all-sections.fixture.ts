import type { PageDocument, ProductCard, SectionBlock, SectionNode } from '@vitrine/commerce';
import type { SectionType } from './schemas.ts';

const hero = '/media/1/banners/hero.webp';
const story = '/media/1/banners/story.webp';
const mug = '/media/1/products/stoneware-mug-1.webp';

/** A product as a card shows it: in stock, nothing to choose, so it goes straight into the cart. */
export const sampleCard: ProductCard = {
  productID: 7,
  itemName: 'Stoneware Mug',
  productURL: '/stoneware-mug',
  price: 2800,
  compareAtPrice: null,
  isHidePrice: false,
  imageFile: mug,
  imageWidth: 800,
  imageHeight: 800,
  brandName: null,
  rating: 0,
  ratingCount: 0,
  stockStatusID: 1,
  needsChoice: false,
};

function section(
  id: string,
  type: SectionType,
  settings: Record<string, unknown>,
  blocks?: Record<string, unknown>[],
  style: Record<string, unknown> = {},
): SectionNode {
  const node: SectionNode = { id, type, version: 1, settings, style };
  if (blocks) node.blocks = blocks.map((block, index): SectionBlock => ({ id: `${id}-${index + 1}`, settings: block }));
  return node;
}

/**
 * A custom page with one section of each of the 22 types, filled in as a small ceramics shop would fill them in.
 * Shared by the section tests, the demo seed and the browser tests (layout at 320/768/1280 px, axe-core), so its
 * content is realistic and accessible: the hero's h1 is the page's first heading, sections use h2, items h3.
 */
export const allSectionsPage: PageDocument = {
  schemaVersion: 1,
  pageTypeId: 2,
  slug: 'all-sections',
  title: 'All sections',
  seo: {
    title: 'All sections',
    description: 'Every kind of section a North Clay page can hold, on one page.',
    keywords: '',
    image: hero,
  },
  sections: [
    section(
      'header',
      1,
      { logo: '', show_categories: true, category_limit: 4, show_search: true, search_placeholder: 'Search mugs, bowls, vases' },
      [
        { label: 'Classes', link: '/all-sections#section-pricing' },
        { label: 'Contact', link: '/contact' },
      ],
    ),
    section('hero', 6, {
      eyebrow: 'Handmade in small batches',
      heading: 'Stoneware for slow mornings',
      subheading: 'Mugs, bowls and plates thrown by hand and glazed in our Lisbon studio.',
      image: hero,
      image_alt: 'Stacks of glazed stoneware bowls and mugs on a wooden shelf',
      button_label: 'Shop the collection',
      button_link: '/',
      secondary_label: 'Our story',
      secondary_link: '#section-about',
      height: 'medium',
      overlay: 45,
    }),
    section('banners', 7, { heading: 'Shop the collections', columns_desktop: 2, image_ratio: 'classic', text_position: 'on_image' }, [
      {
        image: hero,
        image_alt: 'Bowls in moss and sand glazes',
        heading: 'New glazes',
        text: 'Moss, sand and midnight, fired this month.',
        button_label: 'See the glazes',
        link: '/',
      },
      {
        image: mug,
        image_alt: 'A speckled stoneware mug',
        heading: 'Mugs for every morning',
        text: 'Eight shapes, all dishwasher safe.',
        button_label: 'Shop mugs',
        link: '/',
      },
    ]),
    section('products', 3, {
      heading: 'Best sellers',
      subheading: 'The pieces our customers come back for.',
      sort: 1,
      limit: 8,
      columns_desktop: 4,
      columns_mobile: 2,
      button_label: 'View all products',
      button_link: '/',
    }),
    section('categories', 4, { heading: 'Shop by category', limit: 6, columns_desktop: 3, show_count: true }),
    section('brands', 5, { heading: 'Makers we stock', limit: 12, columns_desktop: 6, show_names: true }),
    section('promotion', 15, {
      eyebrow: 'Limited time',
      heading: '15% off all tableware',
      text: 'Set the table for the holidays: plates, bowls and serving dishes are 15% off.',
      code: 'CLAY15',
      code_label: 'Use code',
      ends_on: '2026-12-31',
      ends_label: 'Offer ends',
      image: mug,
      image_alt: 'A speckled stoneware mug on a linen cloth',
      button_label: 'Shop tableware',
      button_link: '/',
    }),
    section('content', 8, {
      heading: 'Made to be used every day',
      text: 'Every piece is fired to 1260 °C, so it is strong enough for the dishwasher and the oven.\n\nWe glaze with lead-free glazes we mix ourselves, in colours taken from the coast around the studio.',
      image: story,
      image_alt: 'Glazed pieces cooling on racks in the studio',
      image_position: 'end',
      button_label: 'How we make it',
      button_link: '#section-about',
    }),
    section('about', 10, {
      eyebrow: 'About us',
      heading: 'A studio of three potters',
      text: 'North Clay began in 2016 with one wheel in a garage. Today three of us throw, trim and glaze every piece by hand.\n\nWe make in small batches so nothing sits in a warehouse, and we repair what we sell.',
      image: story,
      image_alt: 'The North Clay workshop with wheels and drying shelves',
      image_position: 'start',
      signature: 'Ana Ruiz',
      signature_role: 'Founder',
      button_label: '',
      button_link: '',
    }),
    section(
      'features',
      12,
      { heading: 'Why shop with us', columns_desktop: 3 },
      [
        { icon: 'truck', title: 'Free delivery over $60', text: 'Packed in recycled paper, sent within two working days.' },
        { icon: 'return', title: '30-day returns', text: 'Changed your mind? Send it back for a full refund.' },
        { icon: 'shield', title: 'Breakage covered', text: 'If it arrives broken, we send a new one at once.' },
      ],
      { alignment: 'center' },
    ),
    section(
      'services',
      11,
      { heading: 'Our services', subheading: 'More than a shop: we wrap, personalise and mend.', columns_desktop: 3 },
      [
        {
          image: mug,
          image_alt: '',
          title: 'Gift wrapping',
          text: 'Recycled paper, a cotton ribbon and your message written by hand.',
          price: 'From $4',
          link_label: 'Learn more',
          link: '/contact',
        },
        {
          image: '',
          image_alt: '',
          title: 'Custom glazes',
          text: 'Choose a colour for a set of six or more and we will mix it for you.',
          price: 'From $30',
          link_label: 'Ask us',
          link: '#section-forms',
        },
        {
          image: '',
          image_alt: '',
          title: 'Repairs',
          text: 'Chipped or cracked? We mend our own pieces with gold or silver lacquer.',
          price: 'Free for a year',
          link_label: '',
          link: '',
        },
      ],
    ),
    section('clients', 13, { heading: 'Served at', columns_desktop: 5, greyscale: true }, [
      { image: '', name: 'Café Lumen', link: '' },
      { image: '', name: 'Hotel Mirador', link: '' },
      { image: '', name: 'Green Bowl Kitchen', link: '' },
      { image: '', name: 'Atelier Nove', link: '' },
      { image: '', name: 'Padaria Rosa', link: '' },
    ]),
    section(
      'testimonials',
      14,
      { heading: 'What our customers say', columns_desktop: 3, show_rating: true },
      [
        {
          quote: 'The mugs are even nicer in person, and they arrived in two days.',
          author: 'Maya L.',
          role: 'Porto',
          rating: 5,
          avatar: '',
          avatar_alt: '',
        },
        {
          quote: 'One bowl arrived chipped and a new one was on its way the same day.',
          author: 'Tom B.',
          role: 'London',
          rating: 4,
          avatar: '',
          avatar_alt: '',
        },
        {
          quote: 'My go-to shop for wedding gifts. Everything is wrapped beautifully.',
          author: 'Priya S.',
          role: 'Berlin',
          rating: 5,
          avatar: '',
          avatar_alt: '',
        },
      ],
      { alignment: 'center' },
    ),
    section(
      'pricing',
      16,
      {
        heading: 'Pottery classes',
        subheading: 'Learn to throw on the wheel in our studio, clay and firing included.',
        columns_desktop: 3,
      },
      [
        {
          name: 'Taster',
          price: '$45',
          period: 'one evening',
          description: 'Two hours at the wheel for complete beginners.',
          features: 'All clay and tools\nOne piece glazed and fired\nTea and biscuits',
          highlighted: false,
          badge: '',
          button_label: 'Book',
          button_link: '/contact',
        },
        {
          name: 'Membership',
          price: '$120',
          period: 'per month',
          description: 'Open studio time for people who have caught the bug.',
          features: 'Four open sessions a month\n10 kg of clay\nUnlimited firing',
          highlighted: true,
          badge: 'Most popular',
          button_label: 'Book',
          button_link: '/contact',
        },
        {
          name: 'Private workshop',
          price: '$380',
          period: 'per group',
          description: 'A class for up to eight friends or colleagues.',
          features: 'Three hours with a potter\nEveryone makes two pieces\nDrinks included',
          highlighted: false,
          badge: '',
          button_label: 'Book',
          button_link: '/contact',
        },
      ],
    ),
    section('team', 17, { heading: 'Meet the potters', subheading: '', columns_desktop: 3 }, [
      {
        photo: story,
        photo_alt: 'Ana at her wheel in the workshop',
        name: 'Ana Ruiz',
        role: 'Founder and potter',
        bio: 'Trained in Kyoto and Lisbon; throws most of our mugs.',
        links: 'https://www.instagram.com/\nhttps://example.com/ana',
      },
      {
        photo: '',
        photo_alt: '',
        name: 'Sam Okafor',
        role: 'Glaze lead',
        bio: 'Mixes every glaze we use and keeps the kiln log.',
        links: 'https://www.linkedin.com/',
      },
      { photo: '', photo_alt: '', name: 'Lea Martin', role: 'Customer care', bio: 'Packs your orders and answers your emails.', links: '' },
    ]),
    section('cta', 9, {
      heading: 'Come to an open studio day',
      text: 'The first Saturday of every month, 10:00 to 16:00. Free, no booking needed.',
      button_label: 'Get directions',
      button_link: '#section-contact',
    }),
    section('contact', 18, {
      heading: 'Get in touch',
      text: 'Questions about an order, a class or a custom piece? Write to us and we will answer within one working day.',
      email: 'hello@example.com',
      phone: '+351 21 000 0000',
      address: 'North Clay Studio\nRua da Boavista 12\n1200-066 Lisboa, Portugal',
      hours: 'Tuesday to Friday: 10:00–18:00\nSaturday: 10:00–16:00',
      show_phone_field: true,
      button_label: 'Send message',
      success_message: 'Thank you! Your message is on its way and we will reply soon.',
    }),
    section(
      'forms',
      21,
      {
        heading: 'Request a custom piece',
        text: 'Tell us what you have in mind and we will send a quote within three days.',
        button_label: 'Send request',
        success_message: 'Thank you! We will send your quote within three days.',
      },
      [
        { field_name: 'Name', input_type: 'text', is_mandatory: true, options: '', placeholder: '', help_text: '' },
        {
          field_name: 'Email',
          input_type: 'text',
          is_mandatory: true,
          options: '',
          placeholder: 'you@example.com',
          help_text: 'We only use it to reply.',
        },
        {
          field_name: 'Piece',
          input_type: 'dropdown',
          is_mandatory: true,
          options: 'Mug\nBowl\nPlate set\nVase',
          placeholder: '',
          help_text: '',
        },
        { field_name: 'Glaze', input_type: 'radio', is_mandatory: true, options: 'Sand\nMoss\nMidnight', placeholder: '', help_text: '' },
        {
          field_name: 'Extras',
          input_type: 'checkbox',
          is_mandatory: false,
          options: 'Gift wrap\nEngraving',
          placeholder: '',
          help_text: '',
        },
        {
          field_name: 'Details',
          input_type: 'textarea',
          is_mandatory: false,
          options: '',
          placeholder: 'Sizes, quantities, a date you need it by…',
          help_text: '',
        },
        {
          field_name: 'Sketch or photo',
          input_type: 'file',
          is_mandatory: false,
          options: '',
          placeholder: '',
          help_text: 'A drawing or a picture of something you like.',
        },
      ],
    ),
    section('html', 22, {
      heading: 'Size and care guide',
      html:
        '<h3>Mug sizes</h3>' +
        '<table><caption>Capacity and height of our mugs</caption>' +
        '<thead><tr><th scope="col">Size</th><th scope="col">Capacity</th><th scope="col">Height</th></tr></thead>' +
        '<tbody><tr><td>Espresso</td><td>90 ml</td><td>6 cm</td></tr><tr><td>Regular</td><td>300 ml</td><td>9 cm</td></tr><tr><td>Large</td><td>450 ml</td><td>11 cm</td></tr></tbody></table>' +
        '<h3>Care</h3>' +
        '<ul><li>Dishwasher and microwave safe.</li><li>Avoid sudden changes of temperature.</li><li>Unglazed bases can mark tables: use a coaster.</li></ul>' +
        '<p>Questions? <a href="mailto:hello@example.com">Email us</a>.</p>',
      width: 'narrow',
    }),
    section(
      'social',
      19,
      { heading: 'Follow the studio', text: 'Kiln openings, new glazes and the occasional giveaway.', icon_size: 'md', show_names: true },
      [
        { network: 7, url: 'https://www.instagram.com/' },
        { network: 5, url: 'https://www.pinterest.com/' },
        { network: 9, url: 'https://www.youtube.com/' },
        { network: 1, url: 'https://www.facebook.com/' },
      ],
      { alignment: 'center' },
    ),
    section(
      'subscribe',
      20,
      {
        heading: 'Join our newsletter',
        text: 'New glazes, class dates and members-only offers, once a month.',
        placeholder: 'Email address',
        button_label: 'Subscribe',
        success_message: 'Thanks for subscribing! Check your inbox to confirm.',
        privacy_note: 'We never share your email. Unsubscribe at any time.',
      },
      undefined,
      { alignment: 'center' },
    ),
    section(
      'footer',
      2,
      {
        columns_desktop: 3,
        show_subscribe: true,
        subscribe_heading: 'Stay in touch',
        subscribe_text: 'Hear about kiln openings first.',
        subscribe_button: 'Sign up',
        subscribe_success: 'Thanks for signing up!',
        show_social: true,
        instagram_url: 'https://www.instagram.com/',
        pinterest_url: 'https://www.pinterest.com/',
        youtube_url: 'https://www.youtube.com/',
        copyright: '© {store}. All rights reserved.',
      },
      [
        { heading: 'Shop', links: 'Home | /\nWishlist | /wishlist\nCompare | /compare', text: '' },
        { heading: 'Help', links: 'Contact us | /contact\nYour account | /account\nYour cart | /cart', text: '' },
        { heading: 'Visit', links: '', text: 'Rua da Boavista 12, Lisboa.\n\nOpen Tuesday to Saturday.' },
      ],
    ),
  ],
};
