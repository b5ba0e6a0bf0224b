import type { PageDocument, SectionNode } from '@vitrine/commerce';
import type { ThemeSettingsInput } from '@vitrine/theme-engine';

/** What the demo seed puts in one store; the sign-ins are public demo data, printed at start and in the README. */
export interface DemoStore {
  key: string;
  domain: string;
  title: string;
  tagline: string;
  currencies: { code: string; symbol: string; rate: number; isDefault?: boolean }[];
  theme: { name: string; settings: ThemeSettingsInput };
  /** Another public design of the store, shown on /designs and previewed with `?wtid=` (§2.8); its settings change the theme's. */
  otherDesign: { name: string; colors: Record<string, string>; fonts: { heading: string; body: string } };
  palettes: readonly (readonly [string, string, string])[];
  categories: { name: string; slug: string; parent?: string; products: string[] }[];
  brands: string[];
  sizes: string[];
  /** Products sold as they are, with no size or colour to choose: their cards add them straight to the cart. */
  oneSize: string[];
  /** Each product's material, a specification shoppers filter by (the listing's `sf`). */
  materials: string[];
  colors: { name: string; hex: string }[];
  addons: { name: string; price: number }[];
  /** Ways of delivering at checkout: a flat rate in minor units, free from a subtotal when `freeFrom` is set. */
  delivery: { name: string; price: number; freeFrom: number | null }[];
  owner: { email: string; password: string; name: string };
  customer: { email: string; password: string; firstName: string; lastName: string };
  home: (ids: { featuredCategory: number }) => PageDocument;
}

const style = (overrides: Partial<Record<string, unknown>> = {}) => ({ ...overrides });
const section = (id: string, type: number, settings: Record<string, unknown>, extra: Partial<SectionNode> = {}): SectionNode => ({
  id,
  type,
  version: 1,
  settings,
  style: style(),
  ...extra,
});

export const demoStores: DemoStore[] = [
  {
    key: 'harbor',
    domain: 'localhost',
    title: 'Harbor & Pine',
    tagline: 'Well-made things for the kitchen, the living room and the garden.',
    currencies: [
      { code: 'USD', symbol: '$', rate: 1, isDefault: true },
      { code: 'EUR', symbol: '€', rate: 0.92 },
      { code: 'GBP', symbol: '£', rate: 0.79 },
    ],
    theme: {
      name: 'Harbor',
      settings: {
        colors: {
          brand: '#1f3a5f',
          brandContrast: '#ffffff',
          accent: '#d97745',
          text: '#1f2933',
          mutedText: '#52606d',
          heading: '#102a43',
          background: '#ffffff',
          surface: '#f4f1ec',
          border: '#d9d3c7',
          link: '#1f3a5f',
          success: '#1e7b4a',
          warning: '#b45309',
          error: '#b42318',
          info: '#0e6ba8',
          badgeSale: '#b42318',
          badgeNew: '#1e7b4a',
          badgeSoldOut: '#4b5563',
          badgeText: '#ffffff',
        },
        fonts: { heading: 'Work Sans', body: 'Inter', baseSize: 16 },
        corners: 'square',
        radius: 6,
        add_to_card_action: 'OPEN_DRAWER',
      },
    },
    otherDesign: {
      name: 'Harbor Dusk',
      colors: { brand: '#d97745', brandContrast: '#1a1a1a', accent: '#1f3a5f', background: '#fbf7f2', surface: '#efe6da', link: '#a4512a' },
      fonts: { heading: 'Merriweather', body: 'Nunito' },
    },
    palettes: [
      ['#f4f1ec', '#1f3a5f', '#d97745'],
      ['#eef2f0', '#3f6f5a', '#e0b04a'],
      ['#f6efe9', '#a2553a', '#2f4858'],
      ['#edf1f7', '#52606d', '#d97745'],
    ],
    categories: [
      { name: 'Kitchen', slug: 'kitchen', products: ['Stoneware Mug', "Chef's Knife", 'Linen Apron', 'Olive Wood Board', 'Copper Kettle'] },
      { name: 'Cookware', slug: 'cookware', parent: 'kitchen', products: ['Cast Iron Skillet', 'Dutch Oven', 'Enamel Saucepan'] },
      { name: 'Living', slug: 'living', products: ['Wool Throw', 'Ceramic Vase', 'Linen Cushion', 'Oak Side Table', 'Rattan Basket'] },
      { name: 'Lighting', slug: 'lighting', products: ['Brass Desk Lamp', 'Paper Pendant', 'Glass Lantern', 'Arc Floor Lamp'] },
      {
        name: 'Outdoor',
        slug: 'outdoor',
        products: ['Teak Planter', 'Camp Blanket', 'Enamel Mug Set', 'Garden Trowel', 'Canvas Hammock', 'Folding Chair', 'Picnic Basket'],
      },
    ],
    brands: ['Fjord Works', 'Saltmarsh', 'Old Mill', 'Kinfolk Goods'],
    sizes: ['Small', 'Medium', 'Large'],
    oneSize: ['Ceramic Vase', 'Glass Lantern', 'Garden Trowel', 'Picnic Basket'],
    materials: ['Stoneware', 'Oak', 'Linen', 'Brass', 'Wool'],
    colors: [
      { name: 'Sand', hex: '#d8c7a9' },
      { name: 'Navy', hex: '#1f3a5f' },
      { name: 'Moss', hex: '#5b7553' },
    ],
    addons: [
      { name: 'Gift wrap', price: 500 },
      { name: 'Engraving', price: 1200 },
    ],
    delivery: [
      { name: 'Standard delivery (3–5 days)', price: 495, freeFrom: 7500 },
      { name: 'Express delivery (next day)', price: 1295, freeFrom: null },
    ],
    owner: { email: 'owner@harbor.test', password: 'harbor-owner-demo', name: 'Hana Lindqvist' },
    customer: { email: 'shopper@harbor.test', password: 'harbor-shopper-demo', firstName: 'Sam', lastName: 'Rivera' },
    home: ({ featuredCategory }) => ({
      schemaVersion: 1,
      pageTypeId: 1,
      slug: '',
      title: 'Home',
      seo: {
        title: 'Harbor & Pine — goods for the home',
        description: 'Well-made things for the kitchen, the living room and the garden.',
        keywords: 'home goods, kitchen, lighting',
        image: '',
      },
      sections: [
        section(
          'home-hero',
          6,
          {
            eyebrow: 'New season',
            heading: 'Made to be used every day',
            subheading: 'Stoneware, cast iron, linen and oak, from small workshops that still make things by hand.',
            image: '/media/{web}/banners/hero.webp',
            image_alt: 'Soft hills at dusk',
            button_label: 'Shop the kitchen',
            button_link: '/kitchen',
            secondary_label: 'Our story',
            secondary_link: '#section-home-story',
            height: 'large',
            overlay: 35,
          },
          { style: { alignment: 'start', position_x: 'start' } },
        ),
        section('home-categories', 4, { heading: 'Shop by room', parent_id: 0, limit: 4, columns_desktop: 4, show_count: true }),
        section('home-featured', 3, {
          heading: 'Most loved',
          subheading: 'What our customers come back for.',
          category_id: 0,
          sort: 1,
          limit: 8,
          columns_desktop: 4,
          columns_mobile: 2,
          button_label: 'Browse everything',
          button_link: '/kitchen',
        }),
        section('home-story', 8, {
          heading: 'Slow goods, quickly delivered',
          text: 'We started Harbor & Pine in a boathouse with three suppliers and a van.\n\nToday we work with forty workshops, and we still visit every one of them before their goods reach our shelves.',
          image: '/media/{web}/banners/story.webp',
          image_alt: 'A workshop by the water',
          image_position: 'end',
          button_label: 'Meet the makers',
          button_link: '/kitchen',
        }),
        section(
          'home-features',
          12,
          { heading: 'Why shop with us', columns_desktop: 3 },
          {
            blocks: [
              {
                id: 'f-ship',
                settings: { icon: 'truck', title: 'Free shipping over $75', text: 'Delivered in two to four working days.' },
              },
              { id: 'f-return', settings: { icon: 'return', title: '60-day returns', text: 'Changed your mind? Send it back, on us.' } },
              { id: 'f-care', settings: { icon: 'leaf', title: 'Made to last', text: 'Repairable, refillable and built for decades.' } },
            ],
            style: { alignment: 'center' },
          },
        ),
        section('home-cookware', 3, {
          heading: 'Cookware',
          subheading: 'Cast iron and enamel that outlive their owners.',
          category_id: featuredCategory,
          sort: 7,
          limit: 4,
          columns_desktop: 4,
          columns_mobile: 2,
          button_label: '',
          button_link: '',
        }),
        section(
          'home-cta',
          9,
          {
            // The demo promises only what the store does: an account keeps orders, addresses and the wishlist.
            heading: 'Keep your orders and favourites in one place',
            text: 'Create an account to follow every order, save your addresses and keep a wishlist on any device.',
            button_label: 'Create an account',
            button_link: '/signup',
          },
          { style: { alignment: 'center' } },
        ),
      ],
    }),
  },
  {
    key: 'atelier',
    domain: 'second.localhost',
    title: 'Atelier Nord',
    tagline: 'Considered clothing in natural fibres.',
    currencies: [
      // Its prices are in euros, so euros convert at 1 and every other rate converts from them.
      { code: 'EUR', symbol: '€', rate: 1, isDefault: true },
      { code: 'USD', symbol: '$', rate: 1.09 },
    ],
    theme: {
      name: 'Nord',
      settings: {
        colors: {
          brand: '#3d2c2e',
          brandContrast: '#fdf8f3',
          accent: '#b08d57',
          text: '#2b2324',
          mutedText: '#6b5e5f',
          heading: '#1f1718',
          background: '#fdf8f3',
          surface: '#f1e8de',
          border: '#e2d5c8',
          link: '#7a4b3a',
          success: '#2f6b4f',
          warning: '#9a6a12',
          error: '#a12a2a',
          info: '#2f5d7c',
          badgeSale: '#a12a2a',
          badgeNew: '#2f6b4f',
          badgeSoldOut: '#4d4243',
          badgeText: '#ffffff',
        },
        fonts: { heading: 'Playfair Display', body: 'Lato', baseSize: 17 },
        corners: 'rounded',
        radius: 14,
        buttons: { uppercase: true },
        add_to_card_action: 'OPEN_CART',
      },
    },
    otherDesign: {
      name: 'Nord Fjell',
      colors: { brand: '#2f4858', brandContrast: '#ffffff', accent: '#86bbd8', background: '#ffffff', surface: '#eef3f6', link: '#2f4858' },
      fonts: { heading: 'Oswald', body: 'Open Sans' },
    },
    palettes: [
      ['#f1e8de', '#3d2c2e', '#b08d57'],
      ['#ece6e1', '#7a4b3a', '#2f5d7c'],
      ['#f4efe6', '#5c6b4e', '#b08d57'],
      ['#efe9ef', '#4d4243', '#c77d5b'],
    ],
    categories: [
      {
        name: 'Women',
        slug: 'women',
        products: ['Wrap Dress', 'Silk Blouse', 'Wide-Leg Trousers', 'Cashmere Cardigan', 'Pleated Skirt', 'Trench Coat'],
      },
      {
        name: 'Men',
        slug: 'men',
        products: ['Oxford Shirt', 'Chino Trousers', 'Merino Sweater', 'Denim Jacket', 'Wool Overcoat', 'Linen Shirt'],
      },
      { name: 'Accessories', slug: 'accessories', products: ['Leather Belt', 'Silk Scarf', 'Wool Beanie', 'Tortoise Sunglasses'] },
      { name: 'Bags', slug: 'bags', parent: 'accessories', products: ['Canvas Tote', 'Crossbody Bag', 'Leather Weekender'] },
      { name: 'Shoes', slug: 'shoes', products: ['Leather Sneakers', 'Chelsea Boots', 'Suede Loafers', 'Espadrilles', 'Ankle Boots'] },
    ],
    brands: ['Maison Vell', 'Nordlys', 'Corde & Co'],
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    oneSize: ['Silk Scarf', 'Tortoise Sunglasses', 'Canvas Tote'],
    materials: ['Cotton', 'Wool', 'Leather', 'Silk'],
    colors: [
      { name: 'Ecru', hex: '#efe6d8' },
      { name: 'Charcoal', hex: '#3b3b3b' },
      { name: 'Camel', hex: '#b08d57' },
    ],
    addons: [
      { name: 'Gift box', price: 600 },
      { name: 'Hemming', price: 1500 },
    ],
    delivery: [
      { name: 'Tracked delivery', price: 690, freeFrom: 15000 },
      { name: 'Collect from the atelier', price: 0, freeFrom: null },
    ],
    owner: { email: 'owner@atelier.test', password: 'atelier-owner-demo', name: 'Élise Marchand' },
    customer: { email: 'shopper@atelier.test', password: 'atelier-shopper-demo', firstName: 'Noor', lastName: 'Haddad' },
    home: ({ featuredCategory }) => ({
      schemaVersion: 1,
      pageTypeId: 1,
      slug: '',
      title: 'Home',
      seo: {
        title: 'Atelier Nord — considered clothing',
        description: 'Considered clothing in natural fibres.',
        keywords: 'clothing, linen, wool',
        image: '',
      },
      sections: [
        section(
          'nord-hero',
          6,
          {
            eyebrow: 'Autumn collection',
            heading: 'Quiet clothes for loud cities',
            subheading: 'Wool, silk and linen, cut to be worn for years.',
            image: '/media/{web}/banners/hero.webp',
            image_alt: 'A warm abstract landscape',
            button_label: 'Shop women',
            button_link: '/women',
            secondary_label: 'Shop men',
            secondary_link: '/men',
            height: 'large',
            overlay: 30,
          },
          { style: { alignment: 'center', position_x: 'center' } },
        ),
        section(
          'nord-new',
          3,
          {
            heading: 'New arrivals',
            subheading: '',
            category_id: 0,
            sort: 7,
            limit: 8,
            columns_desktop: 4,
            columns_mobile: 2,
            button_label: '',
            button_link: '',
          },
          { style: { alignment: 'center' } },
        ),
        section(
          'nord-categories',
          4,
          { heading: 'The collections', parent_id: 0, limit: 4, columns_desktop: 4, show_count: false },
          { style: { alignment: 'center' } },
        ),
        section('nord-story', 8, {
          heading: 'From the atelier',
          text: 'Every piece is cut in our studio in Aarhus and sewn by three family workshops in Portugal.\n\nWe make small runs, so what sells out may not come back.',
          image: '/media/{web}/banners/story.webp',
          image_alt: 'Fabric swatches on a table',
          image_position: 'start',
          button_label: '',
          button_link: '',
        }),
        section('nord-shoes', 3, {
          heading: 'Shoes',
          subheading: 'Resoleable, every pair.',
          category_id: featuredCategory,
          sort: 2,
          limit: 4,
          columns_desktop: 4,
          columns_mobile: 2,
          button_label: 'All shoes',
          button_link: '/shoes',
        }),
        section(
          'nord-features',
          12,
          { heading: 'Our promise', columns_desktop: 3 },
          {
            blocks: [
              { id: 'n-fibre', settings: { icon: 'leaf', title: 'Natural fibres', text: 'Wool, silk, linen and cotton. Nothing else.' } },
              { id: 'n-repair', settings: { icon: 'shield', title: 'Free repairs', text: 'For as long as you own the piece.' } },
              { id: 'n-chat', settings: { icon: 'chat', title: 'Ask a tailor', text: 'Fit questions answered within a day.' } },
            ],
            style: { alignment: 'center' },
          },
        ),
        section(
          'nord-cta',
          9,
          {
            heading: 'Letters from the atelier',
            text: 'New pieces and studio notes, once a month.',
            button_label: 'Create an account',
            button_link: '/signup',
          },
          { style: { alignment: 'center' } },
        ),
      ],
    }),
  },
];
