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
  /** Each category with its own description and its products, by name (see `products` for theirs). */
  categories: { name: string; slug: string; parent?: string; description: string; products: string[] }[];
  /** What each product is: its own description, and its material, a specification shoppers filter by (the listing's `sf`). */
  products: Record<string, { description: string; material: string }>;
  brands: string[];
  sizes: string[];
  /** Products sold as they are, with no size or colour to choose: their cards add them straight to the cart. */
  oneSize: string[];
  colors: { name: string; hex: string }[];
  addons: { name: string; price: number }[];
  /**
   * The options some products carry (every fourth): a text to write (input type 2) and a choice that may add to the
   * price (type 4), worded for what the store sells.
   */
  options: { note: string; choice: string; choices: { name: string; price: number }[] };
  /** Ways of delivering at checkout: a flat rate in minor units, free from a subtotal when `freeFrom` is set. */
  delivery: { name: string; price: number; freeFrom: number | null }[];
  owner: { email: string; password: string; name: string };
  customer: { email: string; password: string; firstName: string; lastName: string };
  home: (ids: { featuredCategory: number }) => PageDocument;
  /** The store's story page (`/makers`, `/about`), a custom page the home page links to. */
  story: { slug: string; title: string; description: string; sections: { heading: string; text: string }[] };
  /** The store's policies, each a custom page the footer links and the owner edits in the studio like any page. */
  policies: { shipping: string; returns: string; privacy: string; terms: string };
  /**
   * Whether the store's pages follow its maintenance flag through a hosted realtime database (§3.3) rather than this
   * server's stream: the one at DEMO_REALTIME_DATABASE_URL, so the firebase path runs in the demo and in its tests.
   */
  followsRealtimeDatabase: boolean;
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
    followsRealtimeDatabase: false,
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
      {
        name: 'Kitchen',
        slug: 'kitchen',
        description: 'Mugs, knives, boards and kettles for the room where the day starts.',
        products: ['Stoneware Mug', "Chef's Knife", 'Linen Apron', 'Olive Wood Board', 'Copper Kettle'],
      },
      {
        name: 'Cookware',
        slug: 'cookware',
        parent: 'kitchen',
        description: 'Cast iron and enamel pans that go from the hob to the oven to the table.',
        products: ['Cast Iron Skillet', 'Dutch Oven', 'Enamel Saucepan'],
      },
      {
        name: 'Living',
        slug: 'living',
        description: 'Throws, cushions, vases and a side table for the room you come home to.',
        products: ['Wool Throw', 'Ceramic Vase', 'Linen Cushion', 'Oak Side Table', 'Rattan Basket'],
      },
      {
        name: 'Lighting',
        slug: 'lighting',
        description: 'Desk, pendant, floor and candle light, warm enough for the long evenings.',
        products: ['Brass Desk Lamp', 'Paper Pendant', 'Glass Lantern', 'Arc Floor Lamp'],
      },
      {
        name: 'Outdoor',
        slug: 'outdoor',
        description: 'Planters, tools, blankets and chairs for the garden, the balcony and the campsite.',
        products: ['Teak Planter', 'Camp Blanket', 'Enamel Mug Set', 'Garden Trowel', 'Canvas Hammock', 'Folding Chair', 'Picnic Basket'],
      },
    ],
    products: {
      'Stoneware Mug': {
        material: 'Stoneware',
        description: 'Thrown on the wheel and dipped in a glaze that pools darker at the rim; holds a generous 350 ml of coffee.',
      },
      "Chef's Knife": {
        material: 'Steel',
        description: 'A 20 cm blade of hardened carbon steel on a riveted walnut handle, balanced at the bolster for long prep work.',
      },
      'Linen Apron': {
        material: 'Linen',
        description: 'Stonewashed linen with a deep front pocket and long ties that cross at the back, so nothing pulls at the neck.',
      },
      'Olive Wood Board': {
        material: 'Olive wood',
        description:
          'Cut from a single piece of olive wood, its grain different on every board; oil it now and then and it lasts for decades.',
      },
      'Copper Kettle': {
        material: 'Copper',
        description: 'A tin-lined copper kettle with a brass handle that stays cool, for gas, electric and ceramic hobs.',
      },
      'Cast Iron Skillet': {
        material: 'Cast iron',
        description:
          'A 26 cm skillet of cast iron, seasoned with flaxseed oil before it leaves the foundry; sears on the hob, bakes in the oven, heats over a fire.',
      },
      'Dutch Oven': {
        material: 'Cast iron',
        description: 'Enamelled cast iron with a heavy lid that keeps the steam in, for five-hour stews and crusty bread.',
      },
      'Enamel Saucepan': {
        material: 'Enamelled steel',
        description: 'A light steel saucepan in glossy enamel with a pouring lip on both sides, for sauces, porridge and milk.',
      },
      'Wool Throw': {
        material: 'Wool',
        description: 'Woven from undyed lambswool on a Welsh mill loom, with a fringe knotted by hand.',
      },
      'Ceramic Vase': {
        material: 'Ceramic',
        description: 'A narrow-necked vase with a matte outside and a watertight glaze within, tall enough for a few branches.',
      },
      'Linen Cushion': {
        material: 'Linen',
        description: 'A washed linen cover with a hidden zip around a feather-and-down pad that keeps its shape.',
      },
      'Oak Side Table': {
        material: 'Oak',
        description: 'Solid European oak joined without screws, finished with hard wax oil that shrugs off a wet glass.',
      },
      'Rattan Basket': {
        material: 'Rattan',
        description: 'Hand-woven rattan with two rolled handles, sized for firewood, blankets or the week’s laundry.',
      },
      'Brass Desk Lamp': {
        material: 'Brass',
        description: 'A solid brass arm that tilts and turns, with a shade that throws light on the page and not in your eyes.',
      },
      'Paper Pendant': {
        material: 'Paper',
        description: 'A pleated paper shade on a bamboo frame that softens a bare bulb into a warm, even glow.',
      },
      'Glass Lantern': {
        material: 'Glass',
        description: 'Mouth-blown glass round a pillar candle, with a steel ring to hang it from a branch or a hook.',
      },
      'Arc Floor Lamp': {
        material: 'Steel',
        description: 'A powder-coated steel arc that reaches two metres over a sofa from a weighted marble base.',
      },
      'Teak Planter': {
        material: 'Teak',
        description: 'Reclaimed teak slats around a zinc liner, weathering to silver on a terrace year after year.',
      },
      'Camp Blanket': {
        material: 'Wool',
        description: 'A heavy wool blanket with a blanket-stitched edge, warm even when damp by the fire.',
      },
      'Enamel Mug Set': {
        material: 'Enamelled steel',
        description: 'Four enamelled steel mugs that stack in a rucksack and take a knock on the rocks.',
      },
      'Garden Trowel': {
        material: 'Steel',
        description: 'A forged stainless-steel blade on an ash handle, sharp enough to cut through roots.',
      },
      'Canvas Hammock': {
        material: 'Cotton',
        description: 'Heavy cotton canvas with spreader bars of oak, strung between two trees in minutes.',
      },
      'Folding Chair': {
        material: 'Beech',
        description: 'A beech-framed chair with a slatted seat that folds flat behind the shed door.',
      },
      'Picnic Basket': {
        material: 'Willow',
        description: 'Woven willow with leather straps, a cotton lining and room for lunch for four.',
      },
    },
    brands: ['Fjord Works', 'Saltmarsh', 'Old Mill', 'Kinfolk Goods'],
    sizes: ['Small', 'Medium', 'Large'],
    oneSize: ['Ceramic Vase', 'Glass Lantern', 'Garden Trowel', 'Picnic Basket'],
    colors: [
      { name: 'Sand', hex: '#d8c7a9' },
      { name: 'Navy', hex: '#1f3a5f' },
      { name: 'Moss', hex: '#5b7553' },
    ],
    addons: [
      { name: 'Gift wrap', price: 500 },
      { name: 'Engraving', price: 1200 },
    ],
    options: {
      note: 'Personal note',
      choice: 'Greeting card',
      choices: [
        { name: 'Plain card', price: 0 },
        { name: 'Hand-lettered card', price: 350 },
      ],
    },
    delivery: [
      { name: 'Standard delivery (3–5 days)', price: 495, freeFrom: 7500 },
      { name: 'Express delivery (next day)', price: 1295, freeFrom: null },
    ],
    story: {
      slug: 'makers',
      title: 'Meet the makers',
      description: 'The workshops behind Harbor & Pine: who makes what we sell, and where.',
      sections: [
        {
          heading: 'Forty workshops, every one visited',
          text: 'Harbor & Pine began in a boathouse with three suppliers and a van. Today forty small workshops make what we sell, and we still visit each of them before their goods reach our shelves.',
        },
        {
          heading: 'The foundry',
          text: 'Our skillets and Dutch ovens are poured in a family foundry that has cast iron since 1921. Each pan is sand-cast, ground smooth and seasoned by hand before it is packed.',
        },
        {
          heading: 'The potters and the weavers',
          text: 'Two potters throw our mugs and vases on the wheel, a few dozen a day. Our throws come off a Welsh mill loom, and our linen is woven and washed in Lithuania.',
        },
        {
          heading: 'The woodworkers',
          text: 'Boards, tables and chairs are made from olive, oak, beech and reclaimed teak by three joiners who use no screws where a joint will do.',
        },
      ],
    },
    policies: {
      shipping:
        'Standard delivery takes three to five working days and costs $4.95; it is free on orders over $75.\n\nExpress delivery arrives the next working day for $12.95 when you order before 2 pm.\n\nYou get an email with the tracking link as soon as your parcel leaves us.',
      returns:
        'You have 60 days from delivery to send back anything unused, in its packaging, for a full refund; the return label is on us.\n\nWrite to us through the contact page with your order code and we send the label within a working day. Refunds reach your card or account within five working days of the parcel arriving.',
      privacy:
        'We keep your name, addresses, orders and wishlist to deliver what you buy and to let you follow your orders. We never sell them.\n\nWe count visits with our own first-party statistics; marketing tags load only if you accept them. Ask us through the contact page to see, correct or delete what we hold about you.',
      terms:
        'Prices are in US dollars and include tax. An order is a contract once we confirm it by email; until then we may decline it, for example when an item has sold out.\n\nGoods carry a two-year guarantee against faults in materials or making. These terms are governed by the law of the place where the store is registered.',
    },
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
          button_link: '/search',
        }),
        section('home-story', 8, {
          heading: 'Slow goods, quickly delivered',
          text: 'We started Harbor & Pine in a boathouse with three suppliers and a van.\n\nToday we work with forty workshops, and we still visit every one of them before their goods reach our shelves.',
          image: '/media/{web}/banners/story.webp',
          image_alt: 'A workshop by the water',
          image_position: 'end',
          button_label: 'Meet the makers',
          button_link: '/makers',
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
    followsRealtimeDatabase: true,
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
        description: 'Dresses, blouses, knitwear and coats cut to move in and made to last for years.',
        products: ['Wrap Dress', 'Silk Blouse', 'Wide-Leg Trousers', 'Cashmere Cardigan', 'Pleated Skirt', 'Trench Coat'],
      },
      {
        name: 'Men',
        slug: 'men',
        description: 'Shirts, trousers, knits and outerwear with the details that make them worth mending.',
        products: ['Oxford Shirt', 'Chino Trousers', 'Merino Sweater', 'Denim Jacket', 'Wool Overcoat', 'Linen Shirt'],
      },
      {
        name: 'Accessories',
        slug: 'accessories',
        description: 'The finishing pieces: a belt, a scarf, a beanie and frames for bright days.',
        products: ['Leather Belt', 'Silk Scarf', 'Wool Beanie', 'Tortoise Sunglasses'],
      },
      {
        name: 'Bags',
        slug: 'bags',
        parent: 'accessories',
        description: 'Canvas and vegetable-tanned leather bags for the market, the office and the weekend away.',
        products: ['Canvas Tote', 'Crossbody Bag', 'Leather Weekender'],
      },
      {
        name: 'Shoes',
        slug: 'shoes',
        description: 'Leather and suede shoes on stitched soles that a cobbler can replace.',
        products: ['Leather Sneakers', 'Chelsea Boots', 'Suede Loafers', 'Espadrilles', 'Ankle Boots'],
      },
    ],
    products: {
      'Wrap Dress': {
        material: 'Linen',
        description: 'A midi wrap dress in washed linen that ties at the waist and falls in soft folds to the calf.',
      },
      'Silk Blouse': {
        material: 'Silk',
        description: 'Sand-washed silk with a relaxed collar and mother-of-pearl buttons; tucks in or hangs loose.',
      },
      'Wide-Leg Trousers': {
        material: 'Wool',
        description: 'High-waisted trousers in a fluid wool twill with pressed creases and deep side pockets.',
      },
      'Cashmere Cardigan': {
        material: 'Cashmere',
        description: 'A fine-gauge cardigan of Mongolian cashmere with ribbed cuffs and horn buttons.',
      },
      'Pleated Skirt': {
        material: 'Wool',
        description: 'Knife pleats in a light wool crepe that sway as you walk and spring back after every wear.',
      },
      'Trench Coat': {
        material: 'Cotton',
        description: 'A double-breasted trench in tightly woven cotton gabardine that sheds a shower, with a storm flap and belt.',
      },
      'Oxford Shirt': {
        material: 'Cotton',
        description: 'A button-down shirt in heavy cotton Oxford cloth that softens with every wash.',
      },
      'Chino Trousers': {
        material: 'Cotton',
        description: 'Garment-dyed cotton twill chinos with a tapered leg and a hidden coin pocket.',
      },
      'Merino Sweater': {
        material: 'Wool',
        description: 'A crew-neck sweater of extra-fine merino wool, warm without weight and soft against the skin.',
      },
      'Denim Jacket': {
        material: 'Cotton',
        description: 'Raw selvedge denim in a boxy cut with copper buttons; it fades to your own pattern.',
      },
      'Wool Overcoat': {
        material: 'Wool',
        description: 'A single-breasted overcoat in boiled wool that reaches the knee and keeps out the wind off the harbour.',
      },
      'Linen Shirt': {
        material: 'Linen',
        description: 'A camp-collar shirt in breathable Belgian linen for the warmest days of the year.',
      },
      'Leather Belt': {
        material: 'Leather',
        description: 'A 3 cm belt of vegetable-tanned leather with a solid brass buckle, edges burnished by hand.',
      },
      'Silk Scarf': {
        material: 'Silk',
        description: 'A square of silk twill with hand-rolled edges, printed with a pattern drawn in the studio.',
      },
      'Wool Beanie': {
        material: 'Wool',
        description: 'A rib-knit beanie of lambswool with a deep turn-up, knitted in a small mill in Scotland.',
      },
      'Tortoise Sunglasses': {
        material: 'Acetate',
        description: 'Round frames of plant-based tortoiseshell acetate with polarised lenses and five-barrel hinges.',
      },
      'Canvas Tote': {
        material: 'Cotton',
        description: 'Waxed cotton canvas with leather handles and an inside pocket, big enough for a laptop and lunch.',
      },
      'Crossbody Bag': {
        material: 'Leather',
        description: 'A small crossbody bag in smooth leather with an adjustable strap and a magnetic flap.',
      },
      'Leather Weekender': {
        material: 'Leather',
        description: 'A full-grain leather holdall with a separate shoe compartment, sized to fit an overhead locker.',
      },
      'Leather Sneakers': {
        material: 'Leather',
        description: 'Low-top sneakers of smooth calf leather on a cupsole that is stitched, not glued.',
      },
      'Chelsea Boots': {
        material: 'Leather',
        description: 'Goodyear-welted Chelsea boots with elastic sides and a pull tab, on a rubber sole that grips wet streets.',
      },
      'Suede Loafers': {
        material: 'Suede',
        description: 'Unlined suede penny loafers, soft enough to wear without socks from the first day.',
      },
      Espadrilles: {
        material: 'Jute',
        description: 'Flat espadrilles with a cotton upper on a braided jute sole, sewn by hand in the Basque country.',
      },
      'Ankle Boots': {
        material: 'Leather',
        description: 'Ankle boots with a stacked leather heel and a side zip, shaped on a last with room for the toes.',
      },
    },
    brands: ['Maison Vell', 'Nordlys', 'Corde & Co'],
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    oneSize: ['Silk Scarf', 'Tortoise Sunglasses', 'Canvas Tote'],
    colors: [
      { name: 'Ecru', hex: '#efe6d8' },
      { name: 'Charcoal', hex: '#3b3b3b' },
      { name: 'Camel', hex: '#b08d57' },
    ],
    addons: [
      { name: 'Gift box', price: 600 },
      { name: 'Hemming', price: 1500 },
    ],
    // Initials sewn or stamped into a garment, a bag or a shoe, and how the thread or foil looks.
    options: {
      note: 'Initials (up to three letters)',
      choice: 'Monogram finish',
      choices: [
        { name: 'Tone on tone', price: 0 },
        { name: 'Gold thread or foil', price: 450 },
      ],
    },
    delivery: [
      { name: 'Tracked delivery', price: 690, freeFrom: 15000 },
      { name: 'Collect from the atelier', price: 0, freeFrom: null },
    ],
    story: {
      slug: 'about',
      title: 'About the atelier',
      description: 'How Atelier Nord designs, cuts and sews its clothes, and who makes them.',
      sections: [
        {
          heading: 'Cut in Aarhus',
          text: 'Every piece starts on the cutting table of our studio in Aarhus, where we draft the patterns and cut the first samples ourselves.',
        },
        {
          heading: 'Sewn in Portugal',
          text: 'Three family workshops near Porto sew our runs. We know the people at every machine, and we pay for the hours a garment takes, not by the piece.',
        },
        {
          heading: 'Small runs, natural fibres',
          text: 'We work in wool, silk, linen and cotton, and in leather tanned with bark. We make small runs, so what sells out may not come back, and we repair what we make for free.',
        },
      ],
    },
    policies: {
      shipping:
        'Tracked delivery costs €6.90 and is free on orders over €150; parcels leave the atelier within two working days.\n\nYou can also collect your order from the atelier in Aarhus at no charge: we write when it is ready.',
      returns:
        'Return anything unworn, with its labels, within 30 days of delivery for a full refund. Shoes must come back in their box.\n\nWrite to us through the contact page with your order code and we send a return label. Hemmed and monogrammed pieces are made for you and cannot be returned, but we always repair them.',
      privacy:
        'We keep your name, addresses and orders to send what you buy and to let you follow it. We never sell them.\n\nOur visitor statistics are our own and first-party; marketing tags load only after you accept them. Ask us through the contact page to see, correct or delete your data.',
      terms:
        'Prices are in euros and include VAT. An order is binding once we confirm it by email; until then we may decline it, for example when a piece has sold out.\n\nEvery piece carries the two-year legal guarantee, and free repairs for as long as you own it.',
    },
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
          button_label: 'Visit the atelier',
          button_link: '/about',
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

/** The product names of a store in the order the seed makes them: a product's index picks its price, colour and options. */
export function demoProductNames(store: DemoStore): string[] {
  return store.categories.flatMap((category) => category.products);
}

/** The store's materials, each once, in the order its products first use them: the values of its Material attribute. */
export function demoMaterials(store: DemoStore): string[] {
  return [...new Set(demoProductNames(store).map((name) => demoProduct(store, name).material))];
}

/** A product's own description and material; a product the store lists without them is a bug in the demo data. */
export function demoProduct(store: DemoStore, name: string): { description: string; material: string } {
  const product = store.products[name];
  if (!product) throw new Error(`Demo store ${store.title}: product ${name} has no description or material`);
  return product;
}

/** How many pictures a demo product has: its gallery, and for a product in colours one picture a colour. */
export const DEMO_PICTURES_PER_PRODUCT = 2;

/**
 * The colours the `index`th product comes in (its swatches), one a picture (`DEMO_PICTURES_PER_PRODUCT`), the first
 * the one its card shows; none for a product sold in one size and colour. Neighbours start from different colours.
 */
export function demoProductColours(store: DemoStore, name: string, index: number): { name: string; hex: string }[] {
  if (store.oneSize.includes(name)) return [];
  return Array.from({ length: DEMO_PICTURES_PER_PRODUCT }, (_, k) => store.colors[(index + k) % store.colors.length]!);
}

/** Whether the `index`th product carries the store's options (every fourth). */
export function demoHasOptions(index: number): boolean {
  return index % 4 === 0;
}

/** The footer's column of policy pages: label and address, each a custom page the seed creates. */
export const policyLinks = [
  { key: 'shipping', label: 'Shipping', title: 'Shipping' },
  { key: 'returns', label: 'Returns', title: 'Returns' },
  { key: 'privacy', label: 'Privacy', title: 'Privacy policy' },
  { key: 'terms', label: 'Terms', title: 'Terms of sale' },
] as const;

/**
 * The custom pages of a demo store, as page documents (`{web}` stands for the store's id in media paths): its story
 * page and its policies. The owner edits them in the studio like any page.
 */
export function demoPages(store: DemoStore): PageDocument[] {
  const page = (slug: string, title: string, description: string, sections: SectionNode[]): PageDocument => ({
    schemaVersion: 1,
    pageTypeId: 2,
    slug,
    title,
    seo: { title: `${title} | ${store.title}`, description, keywords: '', image: '' },
    sections,
  });
  const text = (id: string, heading: string, body: string, image = '') =>
    section(id, 8, {
      heading,
      text: body,
      image,
      image_alt: image ? `${store.title}'s workshop` : '',
      image_position: 'end',
      button_label: '',
      button_link: '',
    });
  return [
    page(
      store.story.slug,
      store.story.title,
      store.story.description,
      store.story.sections.map((part, n) =>
        text(`${store.story.slug}-${n + 1}`, part.heading, part.text, n === 0 ? '/media/{web}/banners/story.webp' : ''),
      ),
    ),
    ...policyLinks.map(({ key, title }) =>
      page(key, title, `${title} at ${store.title}.`, [text(`${key}-text`, title, store.policies[key])]),
    ),
  ];
}
