// `npm run seed:catalogue -- --products 100000 [--store localhost]`: fills one store with generated products, for
// benchmarks (bench/catalogue.ts) and for trying listings and search at a size the demo stores do not have. It opens
// the database the server would (DATA_DIR, or DATABASE_URL) and adds to whatever is there: running it again adds more.
// Stop the server first when it runs on the embedded database: PGlite is one process's database.
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { slugFromName } from '@vitrine/commerce';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase, type Db } from '../db/connect.ts';
import { readConfigOrExit } from '../infra/config.ts';
import { seedDemoStores } from './seed-demo.ts';

/** A kind of product: a second-level category, its product nouns (each a third-level category) and what they are made of. */
interface Family {
  name: string;
  /** The slug of the existing category it goes under, when the store has it (the demo's Harbor & Pine does). */
  parent: string;
  /** A typical price in whole units of the store's currency. */
  price: number;
  materials: readonly string[];
  nouns: readonly string[];
}

const wood = ['Oak', 'Walnut', 'Ash', 'Teak', 'Maple', 'Cherry', 'Beech', 'Bamboo', 'Acacia', 'Pine', 'Mango', 'Elm'];
const metal = ['Brass', 'Copper', 'Steel', 'Iron', 'Aluminium', 'Pewter', 'Bronze', 'Zinc'];
const ceramic = ['Stoneware', 'Porcelain', 'Ceramic', 'Terracotta', 'Earthenware', 'Marble', 'Slate', 'Concrete'];
const glass = ['Glass', 'Crystal', 'Borosilicate'];
const textile = ['Linen', 'Wool', 'Cotton', 'Velvet', 'Cashmere', 'Hemp', 'Mohair', 'Alpaca', 'Bouclé', 'Corduroy'];
const fibre = ['Rattan', 'Wicker', 'Seagrass', 'Willow', 'Jute', 'Cane'];
const hide = ['Leather', 'Suede', 'Cork', 'Felt'];

const families: readonly Family[] = [
  {
    name: 'Tables',
    parent: 'living',
    price: 280,
    materials: [...wood, ...metal.slice(0, 4), 'Marble'],
    nouns: [
      'Side Table',
      'Coffee Table',
      'Console Table',
      'Dining Table',
      'Bedside Table',
      'Bistro Table',
      'Writing Desk',
      'Drinks Trolley',
    ],
  },
  {
    name: 'Chairs & Seating',
    parent: 'living',
    price: 220,
    materials: [...wood.slice(0, 6), ...textile.slice(0, 4), ...fibre.slice(0, 2), 'Leather'],
    nouns: ['Armchair', 'Dining Chair', 'Lounge Chair', 'Bar Stool', 'Footstool', 'Bench', 'Rocking Chair', 'Ottoman'],
  },
  {
    name: 'Storage Furniture',
    parent: 'living',
    price: 320,
    materials: [...wood, 'Steel', 'Rattan', 'Cane'],
    nouns: ['Bookcase', 'Sideboard', 'Cabinet', 'Shelving Unit', 'Blanket Chest', 'Wardrobe', 'Dresser', 'Media Unit'],
  },
  {
    name: 'Baskets & Boxes',
    parent: 'living',
    price: 35,
    materials: [...fibre, ...hide, 'Pine', 'Oak'],
    nouns: ['Basket', 'Storage Box', 'Magazine Rack', 'Laundry Hamper', 'Trinket Box', 'Log Basket', 'Bread Basket'],
  },
  {
    name: 'Soft Furnishings',
    parent: 'living',
    price: 60,
    materials: textile,
    nouns: ['Throw', 'Cushion', 'Blanket', 'Rug', 'Table Runner', 'Curtain', 'Pouf', 'Bedspread'],
  },
  {
    name: 'Bed & Bath',
    parent: 'living',
    price: 55,
    materials: ['Linen', 'Cotton', 'Hemp', 'Wool', 'Velvet', 'Bamboo'],
    nouns: ['Duvet Cover', 'Pillowcase', 'Sheet Set', 'Quilt', 'Bath Towel', 'Hand Towel', 'Bathrobe', 'Bath Mat'],
  },
  {
    name: 'Decorative Accents',
    parent: 'living',
    price: 45,
    materials: [...ceramic, ...glass.slice(0, 2), ...metal.slice(0, 4), 'Oak', 'Walnut'],
    nouns: ['Vase', 'Decorative Bowl', 'Candle Holder', 'Mirror', 'Picture Frame', 'Mantel Clock', 'Sculpture', 'Tray'],
  },
  {
    name: 'Tableware',
    parent: 'kitchen',
    price: 25,
    materials: [...ceramic.slice(0, 5), 'Enamel', 'Glass'],
    nouns: ['Dinner Plate', 'Side Plate', 'Pasta Bowl', 'Mug', 'Teacup', 'Serving Platter', 'Pitcher', 'Salad Bowl'],
  },
  {
    name: 'Glassware',
    parent: 'kitchen',
    price: 20,
    materials: glass,
    nouns: ['Tumbler', 'Wine Glass', 'Carafe', 'Decanter', 'Highball Glass', 'Water Jug', 'Champagne Flute', 'Champagne Coupe'],
  },
  {
    name: 'Cookware',
    parent: 'kitchen',
    price: 90,
    materials: ['Iron', 'Copper', 'Steel', 'Enamel', 'Aluminium', 'Stoneware'],
    nouns: ['Skillet', 'Saucepan', 'Stockpot', 'Sauté Pan', 'Casserole Dish', 'Wok', 'Griddle Pan', 'Roasting Tin'],
  },
  {
    name: 'Bakeware',
    parent: 'kitchen',
    price: 22,
    materials: ['Steel', 'Aluminium', 'Enamel', 'Stoneware', 'Porcelain', 'Earthenware', 'Glass'],
    nouns: ['Loaf Tin', 'Baking Sheet', 'Pie Dish', 'Cake Tin', 'Muffin Tray', 'Ramekin', 'Gratin Dish', 'Tart Tin'],
  },
  {
    name: 'Kitchen Utensils',
    parent: 'kitchen',
    price: 15,
    materials: [...wood.slice(0, 8), 'Steel', 'Copper', 'Brass'],
    nouns: ['Spatula', 'Whisk', 'Ladle', 'Serving Tongs', 'Grater', 'Peeler', 'Rolling Pin', 'Mortar'],
  },
  {
    name: 'Knives',
    parent: 'kitchen',
    price: 70,
    materials: ['Walnut', 'Oak', 'Olive', 'Ebony', 'Maple', 'Steel', 'Carbon'],
    nouns: ['Bread Knife', 'Paring Knife', 'Santoku Knife', 'Carving Knife', 'Cleaver', 'Steak Knife', 'Filleting Knife', 'Knife Block'],
  },
  {
    name: 'Boards & Serving',
    parent: 'kitchen',
    price: 40,
    materials: [...wood.slice(0, 9), 'Olive', 'Marble', 'Slate'],
    nouns: ['Chopping Board', 'Cheese Board', 'Serving Board', 'Bread Board', 'Trivet', 'Coaster Set', 'Cake Stand', 'Salad Servers'],
  },
  {
    name: 'Coffee & Tea',
    parent: 'kitchen',
    price: 45,
    materials: [...metal.slice(0, 4), 'Enamel', ...ceramic.slice(0, 4), 'Glass'],
    nouns: ['Teapot', 'Kettle', 'Coffee Grinder', 'Pour-over Dripper', 'Cafetière', 'Tea Caddy', 'Milk Jug', 'Espresso Cup'],
  },
  {
    name: 'Kitchen Storage',
    parent: 'kitchen',
    price: 25,
    materials: [...ceramic.slice(0, 5), 'Glass', 'Oak', 'Bamboo', 'Steel', 'Enamel'],
    nouns: ['Storage Jar', 'Canister', 'Bread Bin', 'Spice Rack', 'Oil Bottle', 'Butter Dish', 'Utensil Holder', 'Fruit Bowl'],
  },
  {
    name: 'Lamps',
    parent: 'lighting',
    price: 120,
    materials: [...metal.slice(0, 5), ...ceramic.slice(0, 4), 'Glass', 'Oak', 'Walnut', 'Rattan'],
    nouns: ['Table Lamp', 'Desk Lamp', 'Bedside Lamp', 'Reading Lamp', 'Mushroom Lamp', 'Piano Lamp', 'Clip Lamp'],
  },
  {
    name: 'Standing Lights',
    parent: 'lighting',
    price: 240,
    materials: [...metal.slice(0, 6), 'Oak', 'Walnut', 'Ash', 'Bamboo'],
    nouns: ['Floor Lamp', 'Arc Lamp', 'Tripod Lamp', 'Uplighter', 'Standard Lamp', 'Task Light'],
  },
  {
    name: 'Pendants & Ceiling',
    parent: 'lighting',
    price: 180,
    materials: [...metal.slice(0, 5), 'Glass', 'Crystal', 'Rattan', 'Cane', 'Linen', 'Paper'],
    nouns: ['Pendant Light', 'Chandelier', 'Ceiling Light', 'Flush Mount', 'Cluster Pendant', 'Lamp Shade'],
  },
  {
    name: 'Wall Lighting',
    parent: 'lighting',
    price: 110,
    materials: [...metal, 'Glass', 'Ceramic'],
    nouns: ['Wall Sconce', 'Picture Light', 'Wall Lamp', 'Swing Arm Lamp', 'Bathroom Light'],
  },
  {
    name: 'Candlelight',
    parent: 'lighting',
    price: 30,
    materials: [...metal.slice(0, 5), 'Glass', 'Ceramic', 'Marble', 'Oak'],
    nouns: ['Lantern', 'Candlestick', 'Tealight Holder', 'Hurricane Lamp', 'Candle Snuffer', 'Candelabra'],
  },
  {
    name: 'Garden Furniture',
    parent: 'outdoor',
    price: 260,
    materials: ['Teak', 'Acacia', 'Cedar', 'Eucalyptus', 'Rattan', 'Aluminium', 'Steel', 'Iron'],
    nouns: ['Garden Chair', 'Garden Bench', 'Sun Lounger', 'Patio Table', 'Deck Chair', 'Swing Seat', 'Garden Sofa', 'Bistro Set'],
  },
  {
    name: 'Planters & Pots',
    parent: 'outdoor',
    price: 40,
    materials: ['Terracotta', 'Stoneware', 'Ceramic', 'Concrete', 'Zinc', 'Copper', 'Cedar', 'Teak', 'Willow'],
    nouns: ['Planter', 'Plant Pot', 'Window Box', 'Hanging Planter', 'Plant Stand', 'Raised Bed', 'Herb Trough'],
  },
  {
    name: 'Garden Tools',
    parent: 'outdoor',
    price: 30,
    materials: ['Steel', 'Copper', 'Bronze', 'Ash', 'Beech', 'Oak', 'Zinc'],
    nouns: ['Trowel', 'Hand Fork', 'Pruner', 'Watering Can', 'Border Spade', 'Leaf Rake', 'Dibber', 'Kneeler'],
  },
  {
    name: 'Outdoor Living',
    parent: 'outdoor',
    price: 70,
    materials: ['Steel', 'Iron', 'Copper', 'Cedar', 'Teak', 'Canvas', 'Wool', 'Cotton'],
    nouns: ['Fire Pit', 'Picnic Blanket', 'Cool Bag', 'Parasol', 'Bird Feeder', 'Bird House', 'Wind Chime', 'Outdoor Cushion'],
  },
  {
    name: 'Camping',
    parent: 'outdoor',
    price: 45,
    materials: ['Canvas', 'Enamel', 'Steel', 'Wool', 'Cotton', 'Aluminium', 'Titanium'],
    nouns: ['Camp Stool', 'Camp Mug', 'Camp Lantern', 'Hip Flask', 'Bedroll', 'Camp Kettle', 'Cutlery Set'],
  },
  {
    name: 'Bathroom',
    parent: 'living',
    price: 30,
    materials: [...ceramic.slice(0, 6), 'Brass', 'Steel', 'Oak', 'Bamboo', 'Glass'],
    nouns: ['Soap Dish', 'Toothbrush Holder', 'Towel Rail', 'Shower Caddy', 'Soap Dispenser', 'Bath Caddy', 'Vanity Tray'],
  },
  {
    name: 'Home Office',
    parent: 'living',
    price: 35,
    materials: ['Oak', 'Walnut', 'Ash', 'Brass', 'Steel', 'Leather', 'Cork', 'Felt'],
    nouns: ['Desk Organiser', 'Pen Pot', 'Notebook Cover', 'Letter Tray', 'Bookend', 'Desk Pad', 'Paperweight', 'Magazine File'],
  },
  {
    name: "Children's Room",
    parent: 'living',
    price: 50,
    materials: ['Beech', 'Pine', 'Birch', 'Maple', 'Cotton', 'Wool', 'Felt', 'Canvas'],
    nouns: ['Toy Box', 'Rocking Horse', 'Building Blocks', "Children's Chair", 'Play Tent', 'Jigsaw Puzzle', 'Night Light', 'Cot Mobile'],
  },
  {
    name: 'Pet Accessories',
    parent: 'living',
    price: 40,
    materials: ['Wool', 'Cotton', 'Canvas', 'Leather', 'Felt', 'Stoneware', 'Steel', 'Hemp'],
    nouns: ['Dog Bed', 'Cat Bed', 'Pet Bowl', 'Dog Lead', 'Dog Collar', 'Scratching Post', 'Pet Blanket'],
  },
  {
    name: 'Wall Decor',
    parent: 'living',
    price: 45,
    materials: [...wood.slice(0, 6), ...metal.slice(0, 4), 'Linen', 'Jute'],
    nouns: ['Wall Shelf', 'Coat Hook', 'Wall Clock', 'Key Rack', 'Wall Hanging', 'Peg Rail', 'Coat Rack'],
  },
  {
    name: 'Outdoor Lighting',
    parent: 'outdoor',
    price: 60,
    materials: ['Steel', 'Zinc', 'Copper', 'Brass', 'Aluminium', 'Glass', 'Rattan'],
    nouns: ['Solar Lantern', 'Festoon Lights', 'Path Light', 'Garden Torch', 'Wall Lantern', 'Post Light'],
  },
];

/** The first word of every generated name; with a material and a noun they make 109,824 distinct names. */
// prettier-ignore
const adjectives = [
  'Rustic', 'Modern', 'Classic', 'Nordic', 'Vintage', 'Handmade', 'Minimal', 'Coastal', 'Heritage', 'Artisan', 'Industrial', 'Elegant',
  'Compact', 'Deluxe', 'Essential', 'Everyday', 'Signature', 'Organic', 'Curved', 'Slim', 'Round', 'Square', 'Tall', 'Folding',
  'Stackable', 'Woven', 'Hammered', 'Brushed', 'Polished', 'Matte', 'Glazed', 'Speckled', 'Ribbed', 'Fluted', 'Carved', 'Textured',
  'Weathered', 'Reclaimed', 'Oversized', 'Petite', 'Grand', 'Heirloom', 'Farmhouse', 'Provençal', 'Shaker', 'Bauhaus', 'Japandi',
  'Mid-Century',
];

/** Brands are a first and a second word: 16 × 3 = 48 of them. */
// prettier-ignore
const brandFirst = [
  'Nordhavn', 'Larch', 'Kestrel', 'Tidewater', 'Ember', 'Hearth', 'Juniper', 'Copperline',
  'Willowbrook', 'Alder', 'Halden', 'Marram', 'Fernhill', 'Stillwater', 'Greystone', 'Oakhurst',
];
const brandSecond = ['Works', 'Supply', 'Studio', '& Co.', 'Goods', 'Atelier', 'Home', 'Craft'];
const brandNames = Array.from({ length: 48 }, (_, i) => `${brandFirst[i % 16]} ${brandSecond[(i + 3 * Math.floor(i / 16)) % 8]}`);

/** Colours of the variants (the store's Colour attribute gets the ones it lacks); hex for the swatches. */
// prettier-ignore
const colours = [
  { name: 'Sand', hex: '#d8c7a9' }, { name: 'Navy', hex: '#1f3a5f' }, { name: 'Moss', hex: '#5b7553' }, { name: 'Charcoal', hex: '#36454f' },
  { name: 'Ivory', hex: '#f4efe3' }, { name: 'Rust', hex: '#b7410e' }, { name: 'Sage', hex: '#9caf88' }, { name: 'Ochre', hex: '#cc7722' },
  { name: 'Slate Blue', hex: '#6d7b8d' }, { name: 'Blush', hex: '#e8b4b8' }, { name: 'Forest', hex: '#2e4a3b' }, { name: 'Black', hex: '#1b1b1b' },
];
const defaultSizes = ['Small', 'Medium', 'Large'];

/** Every generated product's SKU: this prefix and a number that only grows, so a second run never repeats one. */
const SKU_PREFIX = 'GEN-';

/** The name of a category of `noun`s: "Side Tables", "Knives", "Benches". */
function plural(noun: string): string {
  const head = noun.slice(0, noun.lastIndexOf(' ') + 1);
  const last = noun.slice(head.length);
  if (/s$/.test(last)) return noun;
  if (/(ife|elf)$/.test(last)) return `${head}${last.replace(/fe?$/, 'ves')}`;
  if (/(ch|sh|x|ss)$/.test(last)) return `${noun}es`;
  if (/[^aeiou]y$/.test(last)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

/** A name's parts, one entry per noun: how many names it makes is adjectives × its family's materials. */
const nounEntries = families.flatMap((family, f) =>
  family.nouns.map((noun) => ({ family: f, noun, combos: adjectives.length * family.materials.length })),
);
const nameSpace = nounEntries.reduce((sum, entry) => sum + entry.combos, 0);
const nounStarts = nounEntries.reduce<number[]>(
  (starts, entry, i) => [...starts, i === 0 ? 0 : starts[i - 1]! + nounEntries[i - 1]!.combos],
  [],
);
/** A multiplier coprime with the name space: `k * STRIDE mod nameSpace` visits every name once, in a scattered order. */
const STRIDE = (() => {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = 40_503;
  while (gcd(stride, nameSpace) !== 1) stride += 2;
  return stride;
})();

// The word lists are data: a slug used twice would make two categories fight over one address.
{
  const slugs = [...families.map((f) => slugFromName(f.name)), ...nounEntries.map((e) => slugFromName(plural(e.noun)))];
  const twice = slugs.filter((slug, i) => slugs.indexOf(slug) !== i);
  if (twice.length) throw new Error(`seed-catalogue: category slugs used twice: ${twice.join(', ')}`);
}

/** The parts of the `n`th generated name (n from 0): distinct for every n below the name space, then the same again. */
function nameOf(n: number): { leaf: number; entry: (typeof nounEntries)[number]; material: string; name: string } {
  const round = Math.floor(n / nameSpace);
  const k = Number((BigInt(n % nameSpace) * BigInt(STRIDE)) % BigInt(nameSpace));
  let lo = 0;
  let hi = nounEntries.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (nounStarts[mid]! <= k) lo = mid;
    else hi = mid - 1;
  }
  const entry = nounEntries[lo]!;
  const within = k - nounStarts[lo]!;
  const family = families[entry.family]!;
  const adjective = adjectives[within % adjectives.length]!;
  const material = family.materials[Math.floor(within / adjectives.length)]!;
  // Past the first round the same words come back, told apart by a colourway (then a number) as shops do.
  const colourway = round === 0 ? '' : ` in ${colours[(round - 1) % colours.length]!.name}`;
  const edition = round > colours.length ? ` No. ${Math.ceil(round / colours.length)}` : '';
  return { leaf: lo, entry, material, name: `${adjective} ${material} ${entry.noun}${colourway}${edition}` };
}

/** A small deterministic generator (mulberry32), so that product n is the same product in every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface CatalogueSeedOptions {
  /** The store's domain (`site_domains`); default `localhost`, the demo's Harbor & Pine. */
  domain?: string;
  /** How many products to add. */
  products: number;
  /** Products per insert statement and transaction; default 2,000. */
  batchSize?: number;
  /** Called after each batch is committed. */
  onProgress?: (added: number, total: number, elapsedMs: number) => void;
  /**
   * Runs `VACUUM (ANALYZE)` on the catalogue's tables at the end (default true). PostgreSQL's autovacuum would do it
   * soon after a bulk load; PGlite has none, so without it the planner would work from the statistics of the last
   * batch and the two dead row versions the value triggers leave behind every product would never be cleared.
   */
  vacuum?: boolean;
}

export interface CatalogueSeedResult {
  webId: number;
  added: number;
  /** The number of the first product added (its SKU is GEN- and this number). */
  firstNumber: number;
  categoriesAdded: number;
  brandsAdded: number;
  valuesAdded: number;
  /** Time to insert the products, and to vacuum and analyze afterwards. */
  insertMs: number;
  vacuumMs: number;
}

interface Reference {
  webId: number;
  categoryIds: { leaf: number[]; family: number[]; parent: (number | null)[] };
  brandIds: number[];
  brandNames: Map<number, string>;
  materialIds: Map<string, number>;
  sizeIds: { id: number; name: string }[];
  colourIds: { id: number; name: string }[];
  images: { file: string; width: number; height: number }[];
  added: { categories: number; brands: number; values: number };
}

/**
 * Adds `products` generated products to the store at `domain`: names from word lists ("Rustic Oak Side Table") in a
 * few hundred new nested categories under the store's own, ~50 brands, one image row each (an existing picture of the
 * store), one to three variants with a size and a colour, one material, and for two in five a few reviews (which set
 * the product's rating). Categories, brands and attribute values
 * it made before are reused; products are always added, with numbers after the last one, so slugs never collide.
 */
export async function seedCatalogue(db: Db, options: CatalogueSeedOptions): Promise<CatalogueSeedResult> {
  const domain = options.domain ?? 'localhost';
  const batchSize = options.batchSize ?? 2000;
  const started = performance.now();
  const site = await db.selectFrom('site_domains').select('web_id').where('domain', '=', domain).executeTakeFirst();
  const webId = site?.web_id;
  if (webId === undefined || webId === null) throw new Error(`No store answers at ${domain}`);
  const ref = await db.transaction().execute((trx) => prepareReference(trx, webId));

  const last = await db
    .selectFrom('products')
    .select(sql<number | null>`max(substring(sku from ${sql.lit(SKU_PREFIX.length + 1)})::integer)`.as('n'))
    .where('web_id', '=', ref.webId)
    .where('sku', '~', `^${SKU_PREFIX}[0-9]+$`)
    .executeTakeFirst();
  const firstNumber = (last?.n ?? 0) + 1;

  // Fresh statistics each time the catalogue has doubled. Besides better plans, ANALYZE invalidates the plans a
  // session has cached: the foreign-key checks and the value triggers planned while the tables were small (the
  // demo's two dozen products) would otherwise scan the whole products table for every row inserted, and PGlite,
  // one session with no autovacuum, would keep those plans for good. Without it 10,000 products take minutes.
  await analyzeCatalogue(db);
  let analyzeAt = batchSize;
  for (let done = 0; done < options.products; done += batchSize) {
    const count = Math.min(batchSize, options.products - done);
    await db.transaction().execute((trx) => insertBatch(trx, ref, firstNumber + done, count));
    if (done + count >= analyzeAt && done + count < options.products) {
      await analyzeCatalogue(db);
      analyzeAt *= 2;
    }
    options.onProgress?.(done + count, options.products, performance.now() - started);
  }
  const insertMs = performance.now() - started;

  let vacuumMs = 0;
  if (options.vacuum ?? true) {
    const start = performance.now();
    await sql`VACUUM (ANALYZE) ${catalogueTables}`.execute(db);
    vacuumMs = performance.now() - start;
  }
  return {
    webId: ref.webId,
    added: options.products,
    firstNumber,
    categoriesAdded: ref.added.categories,
    brandsAdded: ref.added.brands,
    valuesAdded: ref.added.values,
    insertMs,
    vacuumMs,
  };
}

const catalogueTables = sql`products, product_values, product_images, variants, variant_values, reviews, categories, brands, attribute_values, catalogue_changes, search_words`;

async function analyzeCatalogue(db: Db): Promise<void> {
  await sql`ANALYZE ${catalogueTables}`.execute(db);
}

/** The categories, brands and attribute values products point at, made where the store lacks them. */
async function prepareReference(trx: Db, webId: number): Promise<Reference> {
  const added = { categories: 0, brands: 0, values: 0 };

  // Categories: each family under the store's category of its `parent` slug (else the top ones in turn), each noun under its family.
  const existing = await trx
    .selectFrom('categories')
    .select(['category_id', 'parent_id', 'slug', 'image_file', 'sort'])
    .where('web_id', '=', webId)
    .orderBy('sort')
    .orderBy('category_id')
    .execute();
  const bySlug = new Map(existing.map((row) => [row.slug, row]));
  const tops = existing.filter((row) => row.parent_id === null);
  let sort = existing.reduce((max, row) => Math.max(max, row.sort), 0);
  const ensureCategory = async (name: string, parent: { category_id: number; image_file: string | null } | null) => {
    const slug = slugFromName(name);
    const found = bySlug.get(slug);
    if (found) return found;
    const row = await trx
      .insertInto('categories')
      .values({
        web_id: webId,
        parent_id: parent?.category_id ?? null,
        name,
        slug,
        description: `${name}, chosen for everyday use.`,
        image_file: parent?.image_file ?? null,
        sort: ++sort,
      })
      .returning(['category_id', 'parent_id', 'slug', 'image_file', 'sort'])
      .executeTakeFirstOrThrow();
    bySlug.set(slug, row);
    added.categories++;
    return row;
  };
  const categoryIds: Reference['categoryIds'] = { leaf: [], family: [], parent: [] };
  for (const [f, family] of families.entries()) {
    const parent = bySlug.get(family.parent) ?? tops[f % Math.max(1, tops.length)] ?? null;
    const familyRow = await ensureCategory(family.name, parent);
    for (const noun of family.nouns) {
      categoryIds.leaf.push((await ensureCategory(plural(noun), familyRow)).category_id);
      categoryIds.family.push(familyRow.category_id);
      categoryIds.parent.push(familyRow.parent_id);
    }
  }

  const brands = await trx.selectFrom('brands').select(['brand_id', 'name', 'slug', 'logo_file']).where('web_id', '=', webId).execute();
  const brandSlugs = new Set(brands.map((b) => b.slug));
  const logo = brands.find((b) => b.logo_file)?.logo_file ?? null;
  const newBrands = brandNames.filter((name) => !brandSlugs.has(slugFromName(name)));
  if (newBrands.length) {
    const rows = await trx
      .insertInto('brands')
      .values(newBrands.map((name) => ({ web_id: webId, name, slug: slugFromName(name), logo_file: logo })))
      .returning(['brand_id', 'name', 'slug', 'logo_file'])
      .execute();
    brands.push(...rows);
    added.brands += rows.length;
  }

  const valuesOf = async (attribute: string, displayType: 'dropdown' | 'namelist' | 'color', wanted: { name: string; hex?: string }[]) => {
    let attr = await trx
      .selectFrom('attributes')
      .select('attribute_id')
      .where('web_id', '=', webId)
      .where(sql<boolean>`lower(name) = ${attribute.toLowerCase()}`)
      .orderBy('attribute_id')
      .executeTakeFirst();
    attr ??= await trx
      .insertInto('attributes')
      .values({ web_id: webId, name: attribute, display_type: displayType })
      .returning('attribute_id')
      .executeTakeFirstOrThrow();
    const have = await trx
      .selectFrom('attribute_values')
      .select(['value_id', 'name', 'sort'])
      .where('web_id', '=', webId)
      .where('attribute_id', '=', attr.attribute_id)
      .orderBy('sort')
      .orderBy('value_id')
      .execute();
    const known = new Set(have.map((v) => v.name.toLowerCase()));
    const missing = wanted.filter((w) => !known.has(w.name.toLowerCase()));
    const top = have.reduce((max, v) => Math.max(max, v.sort), 0);
    if (missing.length) {
      const rows = await trx
        .insertInto('attribute_values')
        .values(
          missing.map((w, i) => ({
            web_id: webId,
            attribute_id: attr.attribute_id,
            name: w.name,
            color: w.hex ?? null,
            sort: top + 1 + i,
          })),
        )
        .returning(['value_id', 'name', 'sort'])
        .execute();
      have.push(...rows);
      added.values += rows.length;
    }
    return have.map((v) => ({ id: v.value_id, name: v.name }));
  };
  const materialNames = [...new Set(families.flatMap((f) => f.materials))];
  const materials = await valuesOf(
    'Material',
    'namelist',
    materialNames.map((name) => ({ name })),
  );
  // A store with sizes of its own (shoe sizes) keeps them; one without gets small, medium and large.
  const sizes = await valuesOf('Size', 'dropdown', []);
  const sizeIds = sizes.length
    ? sizes
    : await valuesOf(
        'Size',
        'dropdown',
        defaultSizes.map((name) => ({ name })),
      );
  const colourIds = (await valuesOf('Colour', 'color', colours)).filter((v) => colours.some((c) => c.name === v.name));

  const images = await trx
    .selectFrom('product_images')
    .select(['file', 'width', 'height'])
    .distinctOn('file')
    .where('web_id', '=', webId)
    .orderBy('file')
    .limit(200)
    .execute();
  return {
    webId,
    categoryIds,
    brandIds: brands.map((b) => b.brand_id).sort((a, b) => a - b),
    brandNames: new Map(brands.map((b) => [b.brand_id, b.name])),
    materialIds: new Map(materials.map((v) => [v.name.toLowerCase(), v.id])),
    sizeIds,
    colourIds,
    images,
    added,
  };
}

const DAY_MS = 86_400_000;

/** Reviews' ratings lean high, as shops' do: five stars most often. */
const reviewWords: readonly (readonly [number, string, string])[] = [
  [5, 'Love it', 'Beautifully made and exactly as pictured.'],
  [5, 'Worth every penny', 'Solid, well finished, and it arrived quickly.'],
  [4, 'Very good', 'Lovely quality; the colour is a shade darker than the photos.'],
  [5, 'Use it every day', 'A year on it still looks new.'],
  [4, 'Happy with it', 'Good value. Packaging could use less plastic.'],
  [3, 'Fine for the price', 'Does the job, though the finish is a little rough.'],
  [5, 'Perfect gift', 'Bought it for my sister, who loves it.'],
  [2, 'Not quite right', 'Smaller than I expected.'],
  [4, 'Nicely made', 'Sturdy and simple. Would buy again.'],
  [1, 'Disappointed', 'It arrived damaged and the replacement took weeks.'],
];
const reviewers = ['Alex', 'Jo', 'Priya', 'Sam', 'Mateo', 'Ingrid', 'Yuki', 'Chloé', 'Noah', 'Amara', 'Lars', 'Fatima'];

/** Products `first` … `first + count - 1`, with their image, material, variants and the variants' values. */
async function insertBatch(trx: Db, ref: Reference, first: number, count: number): Promise<void> {
  const now = Date.now();
  const products = Array.from({ length: count }, (_, i) => {
    const n = first + i;
    const rnd = random(n * 2654435761);
    const { leaf, entry, material, name } = nameOf(n - 1);
    const family = families[entry.family]!;
    const where = rnd();
    const categoryId =
      where < 0.85
        ? ref.categoryIds.leaf[leaf]!
        : where < 0.95
          ? ref.categoryIds.family[leaf]!
          : (ref.categoryIds.parent[leaf] ?? ref.categoryIds.family[leaf]!);
    // Few brands make most products, as in a real catalogue.
    const brandId = ref.brandIds[Math.floor(ref.brandIds.length * rnd() ** 1.6)] ?? null;
    const price = Math.max(1, Math.round(family.price * (0.45 + 1.6 * rnd() ** 1.5))) * 100 - 1;
    const onSale = rnd() < 0.15;
    const soldOut = rnd() < 0.08;
    // Most products have no review; the reviewed ones a few (migration 0005 keeps rating and count from them).
    const reviews = rnd() < 0.6 ? 0 : 1 + Math.floor(6 * rnd() ** 2);
    const brandName = brandId === null ? '' : ` by ${ref.brandNames.get(brandId)}`;
    return {
      n,
      material,
      colour: Math.floor(rnd() * ref.colourIds.length),
      variants: 1 + Math.floor(rnd() * 3),
      reviews,
      sizeOffset: rnd(),
      row: {
        web_id: ref.webId,
        category_id: categoryId,
        brand_id: brandId,
        name,
        slug: slugFromName(name),
        description: `${name}${brandName}: ${material.toLowerCase()}, made to last and easy to care for.`,
        sku: `${SKU_PREFIX}${String(n).padStart(7, '0')}`,
        price,
        compare_at_price: onSale ? Math.round((price * (1.15 + rnd() * 0.35)) / 100) * 100 - 1 : null,
        stock: soldOut ? 0 : 1 + Math.floor(rnd() * 120),
        stock_status_id: soldOut ? 2 : 1,
        popularity: Math.floor(10_000 * rnd() ** 3),
        is_published: rnd() >= 0.02,
        created_at: new Date(now - Math.floor(rnd() * 3 * 365) * DAY_MS - Math.floor(rnd() * DAY_MS)),
      },
    };
  });

  // A slug some other product of the store already has (one the owner made) gets the product's number.
  const taken = new Set(
    (
      await trx
        .selectFrom('products')
        .select('slug')
        .where('web_id', '=', ref.webId)
        .where(
          'slug',
          'in',
          products.map((p) => p.row.slug),
        )
        .execute()
    ).map((row) => row.slug),
  );
  for (const p of products) if (taken.has(p.row.slug)) p.row.slug = `${p.row.slug}-${p.n}`;

  const ids = new Map<string, number>();
  for (const part of chunks(products.map((p) => p.row)))
    for (const row of await trx.insertInto('products').values(part).returning(['product_id', 'sku']).execute())
      ids.set(row.sku, row.product_id);
  const idOf = (p: (typeof products)[number]) => ids.get(p.row.sku)!;

  const images = ref.images.length
    ? products.map((p) => {
        const image = ref.images[p.n % ref.images.length]!;
        return {
          web_id: ref.webId,
          product_id: idOf(p),
          file: image.file,
          width: image.width,
          height: image.height,
          alt: p.row.name,
          sort: 0,
        };
      })
    : [];
  for (const part of chunks(images)) await trx.insertInto('product_images').values(part).execute();
  const materials = products.map((p) => ({
    web_id: ref.webId,
    product_id: idOf(p),
    value_id: ref.materialIds.get(p.material.toLowerCase())!,
  }));
  for (const part of chunks(materials)) await trx.insertInto('product_values').values(part).execute();

  const variants = products.flatMap((p) => {
    const sizes = ref.sizeIds.length;
    const many = Math.min(p.variants, sizes);
    const start = Math.floor(p.sizeOffset * (sizes - many + 1));
    const colour = ref.colourIds[p.colour]!;
    return Array.from({ length: many }, (_, v) => {
      const size = ref.sizeIds[start + v]!;
      return {
        product: p,
        size,
        colour,
        row: {
          web_id: ref.webId,
          product_id: idOf(p),
          sku: `${p.row.sku}-${v + 1}`,
          name: `${size.name} / ${colour.name}`,
          price: p.row.price + v * Math.round(p.row.price * 0.1),
          stock: p.row.stock === 0 ? 0 : 1 + ((p.n + v) % 30),
          image_file: null,
        },
      };
    });
  });
  const reviews = products.flatMap((p) =>
    Array.from({ length: p.reviews }, (_, r) => {
      const [rating, title, body] = reviewWords[(p.n * 7 + r * 3) % reviewWords.length]!;
      return {
        web_id: ref.webId,
        product_id: idOf(p),
        customer_id: null,
        author_name: reviewers[(p.n + r * 5) % reviewers.length]!,
        rating,
        title,
        body,
        helpful_count: (p.n + r * 11) % 7,
        created_at: new Date(Math.min(now, p.row.created_at.getTime() + (1 + ((p.n * 13 + r * 29) % 120)) * DAY_MS)),
      };
    }),
  );
  for (const part of chunks(reviews)) await trx.insertInto('reviews').values(part).execute();

  const variantIds = new Map<string, number>();
  for (const part of chunks(variants.map((v) => v.row)))
    for (const row of await trx.insertInto('variants').values(part).returning(['variant_id', 'sku']).execute())
      variantIds.set(row.sku, row.variant_id);
  const values = variants.flatMap((v) => {
    const variantId = variantIds.get(v.row.sku)!;
    return [
      { web_id: ref.webId, variant_id: variantId, value_id: v.size.id },
      { web_id: ref.webId, variant_id: variantId, value_id: v.colour.id },
    ];
  });
  for (const part of chunks(values)) await trx.insertInto('variant_values').values(part).execute();
}

/** Rows in as few statements as PostgreSQL's limit of 65,535 parameters a statement allows (one, at 2,000 products). */
function chunks<T extends object>(rows: readonly T[]): T[][] {
  const size = Math.max(1, Math.floor(65_535 / Math.max(1, Object.keys(rows[0] ?? {}).length)));
  const parts: T[][] = [];
  for (let i = 0; i < rows.length; i += size) parts.push(rows.slice(i, i + size));
  return parts;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { products: { type: 'string', default: '100000' }, store: { type: 'string', default: 'localhost' } },
    strict: true,
  });
  const products = Number(values.products);
  if (!Number.isInteger(products) || products < 1) throw new Error(`--products must be a whole number above 0, not ${values.products}`);
  const config = readConfigOrExit();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  console.log(`seed:catalogue: adding ${products.toLocaleString('en-US')} products to ${values.store} on ${where}…`);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
  try {
    await migrateToLatest(db);
    const known = await db.selectFrom('site_domains').select('web_id').where('domain', '=', values.store).executeTakeFirst();
    // A fresh DATA_DIR has no stores yet: the demo ones are made as the server's first start would.
    if (!known?.web_id && config.seedDemo) await seedDemoStores(db, config.mediaDir, config.demoRealtimeDatabaseUrl);
    const result = await seedCatalogue(db, {
      domain: values.store,
      products,
      onProgress: (added, total, ms) => {
        if (added % 10_000 === 0 || added === total)
          console.log(`  ${added.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} products, ${(ms / 1000).toFixed(1)} s`);
      },
    });
    console.log(
      `seed:catalogue: added ${result.added.toLocaleString('en-US')} products (GEN-${result.firstNumber} on) to store ${result.webId} in ` +
        `${(result.insertMs / 1000).toFixed(1)} s, then VACUUM (ANALYZE) in ${(result.vacuumMs / 1000).toFixed(1)} s; ` +
        `new: ${result.categoriesAdded} categories, ${result.brandsAdded} brands, ${result.valuesAdded} attribute values`,
    );
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    await main();
  } catch (error) {
    console.error(`seed:catalogue failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
