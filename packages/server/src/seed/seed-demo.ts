import { join } from 'node:path';
import { pageDocument, slugFromName, themeDocument, type SectionNode, type ThemeDocument, type WebConfig } from '@vitrine/commerce';
import { allSectionsPage } from '@vitrine/sections/fixtures';
import { sectionRegistry } from '@vitrine/sections';
import { compileTheme } from '@vitrine/theme-engine';
import type { Db } from '../db/connect.ts';
import { hashPassword } from '../auth/passwords.ts';
import { DEFAULT_DEMO_REALTIME_DATABASE_URL } from '../infra/config.ts';
import {
  demoHasOptions,
  demoMaterials,
  demoPages,
  demoProduct,
  demoProductColours,
  DEMO_PICTURES_PER_PRODUCT,
  demoProductNames,
  demoStores,
  policyLinks,
  type DemoStore,
} from './demo-stores.ts';
import { drawPicture, type DemoPicture } from './images.ts';

/** The sign-ins of the demo stores, for the start-up banner and the README. */
export function demoSignIns() {
  return demoStores.map((store) => ({ domain: store.domain, title: store.title, owner: store.owner, customer: store.customer }));
}

/**
 * The public settings (§3.3) of the realtime database at `databaseURL`, as a demo store is configured with them: the
 * stand-in server reads only the address, and the SDK wants the rest filled.
 */
export function demoRealtimeDatabase(databaseURL: string): NonNullable<WebConfig['realtimeDatabase']> {
  return {
    apiKey: 'vitrine-demo',
    authDomain: '',
    projectId: 'vitrine-demo',
    storageBucket: '',
    messagingSenderId: '',
    appId: 'vitrine-demo',
    measurementId: '',
    databaseURL,
  };
}

/**
 * Seeds the demo stores on first start. Idempotent: a store whose domain exists is left as it is. Each store is
 * written in one transaction; its pictures are drawn afterwards (and redrawn if their files are gone). A store that
 * `followsRealtimeDatabase` is configured with the one at `realtimeDatabaseUrl`.
 */
export async function seedDemoStores(
  db: Db,
  mediaDir: string,
  realtimeDatabaseUrl: string = DEFAULT_DEMO_REALTIME_DATABASE_URL,
): Promise<string[]> {
  const created: string[] = [];
  for (const store of demoStores) {
    const existing = await db.selectFrom('site_domains').select('web_id').where('domain', '=', store.domain).executeTakeFirst();
    const webId = existing?.web_id ?? (await seedStore(db, store, realtimeDatabaseUrl));
    if (!existing) created.push(store.domain);
    if (webId !== null) await drawStorePictures(db, store, webId, mediaDir);
  }
  return created;
}

async function seedStore(db: Db, store: DemoStore, realtimeDatabaseUrl: string): Promise<number> {
  const [ownerHash, customerHash] = await Promise.all([hashPassword(store.owner.password), hashPassword(store.customer.password)]);
  return db.transaction().execute(async (trx) => {
    const base = store.currencies.find((c) => c.isDefault) ?? store.currencies[0]!;
    const { web_id: webId } = await trx
      .insertInto('sites')
      .values({
        title: store.title,
        link: `http://${store.domain}`,
        main_domain: store.domain,
        base_currency: base.code,
        active_theme_id: null,
        meta: JSON.stringify({ metaTitle: store.title, metaDesc: store.tagline, metaKeywords: '', metaImage: '' }),
        maintenance_heading: 'We will be back soon',
        maintenance_description: 'We are making a few changes. Please come back in a little while.',
        realtime_database: store.followsRealtimeDatabase ? JSON.stringify(demoRealtimeDatabase(realtimeDatabaseUrl)) : null,
      })
      .returning('web_id')
      .executeTakeFirstOrThrow();
    const media = (path: string) => `/media/${webId}/${path}`;
    await trx.insertInto('site_domains').values({ domain: store.domain, web_id: webId }).execute();
    await trx
      .insertInto('currencies')
      .values(
        store.currencies.map((c, sort) => ({ web_id: webId, code: c.code, symbol: c.symbol, rate: c.rate, is_default: c === base, sort })),
      )
      .execute();
    await trx
      .insertInto('delivery_options')
      .values(store.delivery.map((d, sort) => ({ web_id: webId, name: d.name, price: d.price, free_from: d.freeFrom, sort })))
      .execute();

    const theme = themeDocument.parse({ settings: store.theme.settings, header: demoHeader(), footer: demoFooter(store) });
    const themeId = await insertPublishedTheme(trx, webId, store.theme.name, theme);
    await trx.updateTable('sites').set({ active_theme_id: themeId }).where('web_id', '=', webId).execute();
    // A second public design, for /designs and `?wtid=` previews.
    await insertPublishedTheme(
      trx,
      webId,
      store.otherDesign.name,
      themeDocument.parse({
        ...theme,
        settings: {
          ...store.theme.settings,
          colors: { ...store.theme.settings.colors, ...store.otherDesign.colors },
          fonts: { ...store.theme.settings.fonts, ...store.otherDesign.fonts },
        },
      }),
    );

    const { owner_id: ownerId } = await trx
      .insertInto('owners')
      .values({ email: store.owner.email, password_hash: ownerHash, name: store.owner.name })
      .returning('owner_id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('site_owners').values({ owner_id: ownerId, web_id: webId }).execute();
    await trx
      .insertInto('customers')
      .values({
        web_id: webId,
        email: store.customer.email,
        password_hash: customerHash,
        first_name: store.customer.firstName,
        last_name: store.customer.lastName,
        customer_type_id: 1,
        status_id: 3,
      })
      .execute();

    const brandIds: number[] = [];
    for (const name of store.brands) {
      const { brand_id } = await trx
        .insertInto('brands')
        .values({ web_id: webId, name, slug: slugFromName(name), logo_file: media(`brands/${slugFromName(name)}.webp`) })
        .returning('brand_id')
        .executeTakeFirstOrThrow();
      brandIds.push(brand_id);
    }

    const { attribute_id: sizeAttr } = await trx
      .insertInto('attributes')
      .values({ web_id: webId, name: 'Size', display_type: store.key === 'atelier' ? 'namelist' : 'dropdown' })
      .returning('attribute_id')
      .executeTakeFirstOrThrow();
    const { attribute_id: colorAttr } = await trx
      .insertInto('attributes')
      .values({ web_id: webId, name: 'Colour', display_type: 'color' })
      .returning('attribute_id')
      .executeTakeFirstOrThrow();
    const { attribute_id: materialAttr } = await trx
      .insertInto('attributes')
      .values({ web_id: webId, name: 'Material', display_type: 'namelist' })
      .returning('attribute_id')
      .executeTakeFirstOrThrow();
    const materials = demoMaterials(store);
    const materialValues = await trx
      .insertInto('attribute_values')
      .values(materials.map((name, sort) => ({ web_id: webId, attribute_id: materialAttr, name, sort })))
      .returning('value_id')
      .execute();
    const materialValueOf = (name: string) => materialValues[materials.indexOf(demoProduct(store, name).material)]!.value_id;
    const sizeValues = await trx
      .insertInto('attribute_values')
      .values(store.sizes.map((name, sort) => ({ web_id: webId, attribute_id: sizeAttr, name, sort })))
      .returning('value_id')
      .execute();
    const colorValues = await trx
      .insertInto('attribute_values')
      .values(store.colors.map(({ name, hex }, sort) => ({ web_id: webId, attribute_id: colorAttr, name, color: hex, sort })))
      .returning('value_id')
      .execute();

    const categoryIds = new Map<string, number>();
    let productIndex = 0;
    for (const [sort, category] of store.categories.entries()) {
      const { category_id: categoryId } = await trx
        .insertInto('categories')
        .values({
          web_id: webId,
          parent_id: category.parent ? (categoryIds.get(category.parent) ?? null) : null,
          name: category.name,
          slug: category.slug,
          description: category.description,
          image_file: media(`categories/${category.slug}.webp`),
          sort,
        })
        .returning('category_id')
        .executeTakeFirstOrThrow();
      categoryIds.set(category.slug, categoryId);

      for (const name of category.products) {
        const i = productIndex++;
        const slug = slugFromName(name);
        const price = 1800 + ((i * 3719) % 17) * 700 + (i % 3) * 99;
        const onSale = i % 5 === 2;
        const soldOut = i % 11 === 7;
        const { product_id: productId } = await trx
          .insertInto('products')
          .values({
            web_id: webId,
            category_id: categoryId,
            brand_id: brandIds[i % brandIds.length] ?? null,
            name,
            slug,
            description: demoProduct(store, name).description,
            sku: `${store.key.slice(0, 3).toUpperCase()}-${String(1000 + i)}`,
            price,
            compare_at_price: onSale ? Math.round(price * 1.3) : null,
            stock: soldOut ? 0 : 5 + ((i * 7) % 40),
            stock_status_id: soldOut ? 2 : 1,
            popularity: 1000 - ((i * 37) % 997),
            created_at: new Date(Date.UTC(2026, 0, 1 + i * 3)),
          })
          .returning('product_id')
          .executeTakeFirstOrThrow();
        const pictureOf = (n: number) => media(`products/${slug}-${n + 1}.webp`);
        await trx
          .insertInto('product_images')
          .values(
            Array.from({ length: DEMO_PICTURES_PER_PRODUCT }, (_, n) => ({
              web_id: webId,
              product_id: productId,
              file: pictureOf(n),
              width: 800,
              height: 800,
              alt: name,
              sort: n,
            })),
          )
          .execute();
        await trx
          .insertInto('product_values')
          .values({ web_id: webId, product_id: productId, value_id: materialValueOf(name) })
          .execute();
        // A product comes in its colours and sizes, a variant each; a variant shows its colour's picture, which is
        // drawn in that colour, its swatch's (demoProductPicture).
        const colours = demoProductColours(store, name, i);
        const sizes = colours.length ? sizeValues.slice(0, store.key === 'atelier' ? 4 : 2) : [];
        const variants = colours.flatMap((colour, c) => sizes.map((size, s) => ({ colour, picture: c, size, s })));
        for (const [v, { colour, picture, size, s }] of variants.entries()) {
          const { variant_id: variantId } = await trx
            .insertInto('variants')
            .values({
              web_id: webId,
              product_id: productId,
              sku: `${store.key.slice(0, 3).toUpperCase()}-${1000 + i}-${v + 1}`,
              name: `${store.sizes[s]} / ${colour.name}`,
              // A larger size costs more; a colour costs the same as the others.
              price: price + s * 200,
              stock: soldOut ? 0 : 2 + ((i + v) % 9),
              image_file: pictureOf(picture),
            })
            .returning('variant_id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('variant_values')
            .values([
              { web_id: webId, variant_id: variantId, value_id: size.value_id },
              { web_id: webId, variant_id: variantId, value_id: colorValues[store.colors.indexOf(colour)]!.value_id },
            ])
            .execute();
        }
        await trx
          .insertInto('addons')
          .values(store.addons.map((addon) => ({ web_id: webId, product_id: productId, name: addon.name, price: addon.price })))
          .execute();
        if (demoHasOptions(i)) {
          // A text to write (type 2) and a choice that may add to the price (type 4), as the store words them:
          // options a line carries.
          const [, choice] = await trx
            .insertInto('product_options')
            .values([
              { web_id: webId, product_id: productId, name: store.options.note, input_type_id: 2, is_mandatory: false, sort: 1 },
              { web_id: webId, product_id: productId, name: store.options.choice, input_type_id: 4, is_mandatory: false, sort: 2 },
            ])
            .returning('option_id')
            .execute();
          await trx
            .insertInto('product_option_values')
            .values(store.options.choices.map(({ name, price }) => ({ web_id: webId, option_id: choice!.option_id, name, price })))
            .execute();
        }
        // Reviews (their mean and count are the product's rating, kept by the database): none to five per product.
        const reviews = demoReviews(i);
        if (reviews.length)
          await trx
            .insertInto('reviews')
            .values(reviews.map((review) => ({ web_id: webId, product_id: productId, ...review })))
            .execute();
      }
    }

    const featured = store.key === 'atelier' ? 'shoes' : 'cookware';
    const home = pageDocument.parse(
      JSON.parse(JSON.stringify(store.home({ featuredCategory: categoryIds.get(featured) ?? 0 })).replaceAll('{web}', String(webId))),
    );
    const { page_id: pageId } = await trx
      .insertInto('pages')
      .values({
        web_id: webId,
        page_type_id: 1,
        slug: '',
        title: home.title,
        draft: JSON.stringify(home),
        published: JSON.stringify(home),
        published_version: 1,
        published_at: new Date(),
      })
      .returning('page_id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('page_versions')
      .values({ web_id: webId, page_id: pageId, version: 1, document: JSON.stringify(home) })
      .execute();

    // A gallery of every section type, as a custom page owners can open at /sections to see what they can build.
    const gallery = pageDocument.parse(
      JSON.parse(
        JSON.stringify({ ...allSectionsPage, slug: 'sections', title: 'Section gallery' }).replaceAll('/media/1/', `/media/${webId}/`),
      ),
    );
    const { page_id: galleryId } = await trx
      .insertInto('pages')
      .values({
        web_id: webId,
        page_type_id: 2,
        slug: 'sections',
        title: gallery.title,
        draft: JSON.stringify(gallery),
        published: JSON.stringify(gallery),
        published_version: 1,
        published_at: new Date(),
      })
      .returning('page_id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('page_versions')
      .values({ web_id: webId, page_id: galleryId, version: 1, document: JSON.stringify(gallery) })
      .execute();

    // The story page the home page links to and the policies the footer links: custom pages like any other.
    for (const document of demoPages(store)) {
      const parsed = pageDocument.parse(JSON.parse(JSON.stringify(document).replaceAll('{web}', String(webId))));
      const { page_id: customId } = await trx
        .insertInto('pages')
        .values({
          web_id: webId,
          page_type_id: 2,
          slug: parsed.slug,
          title: parsed.title,
          draft: JSON.stringify(parsed),
          published: JSON.stringify(parsed),
          published_version: 1,
          published_at: new Date(),
        })
        .returning('page_id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('page_versions')
        .values({ web_id: webId, page_id: customId, version: 1, document: JSON.stringify(parsed) })
        .execute();
    }
    return webId;
  });
}

/** The store's global header: the registry's defaults with the demo's menu. */
function demoHeader(): SectionNode {
  const header = sectionRegistry[1]!.create('theme-header');
  return {
    ...header,
    settings: { ...header.settings, category_limit: 4 },
    // Shop links only: the section gallery at /sections is a demo for owners, found in the studio's page list.
    blocks: [{ id: 'menu-contact', settings: { label: 'Contact', link: '/contact' } }],
    style: { ...header.style, padding_top: 12, padding_bottom: 12 },
  };
}

/** The store's global footer: link columns (the last its policy pages), newsletter sign-up and social profiles. */
export function demoFooter(store: DemoStore): SectionNode {
  const footer = sectionRegistry[2]!.create('theme-footer');
  return {
    ...footer,
    blocks: [
      ...(footer.blocks ?? []),
      {
        id: 'footer-policies',
        settings: { heading: 'Policies', links: policyLinks.map(({ key, label }) => `${label} | /${key}`).join('\n'), text: '' },
      },
    ],
    settings: {
      ...footer.settings,
      instagram_url: `https://www.instagram.com/${store.key}`,
      facebook_url: `https://www.facebook.com/${store.key}`,
      subscribe_text: store.tagline,
    },
  };
}

/** Draws every picture a demo store's rows point at, where the file is missing. */
async function drawStorePictures(db: Db, store: DemoStore, webId: number, mediaDir: string): Promise<void> {
  const [products, categories, brands] = await Promise.all([
    db
      .selectFrom('product_images as i')
      .innerJoin('products as p', 'p.product_id', 'i.product_id')
      .select(['i.file', 'p.name'])
      .where('i.web_id', '=', webId)
      .orderBy('i.image_id')
      .execute(),
    db.selectFrom('categories').select('image_file as file').where('web_id', '=', webId).orderBy('category_id').execute(),
    db.selectFrom('brands').select('logo_file as file').where('web_id', '=', webId).orderBy('brand_id').execute(),
  ]);
  const palette = (n: number) => store.palettes[n % store.palettes.length]!;
  const names = demoProductNames(store);
  const toDisk = (file: string) => join(mediaDir, file.replace(/^\/media\//, ''));
  const jobs: Promise<void>[] = [
    drawPicture(toDisk(`/media/${webId}/banners/hero.webp`), { width: 1600, height: 700, palette: palette(0), seed: 3, motif: 'scene' }),
    drawPicture(toDisk(`/media/${webId}/banners/story.webp`), { width: 800, height: 600, palette: palette(1), seed: 8, motif: 'scene' }),
  ];
  // A product's pictures in order: its colours' pictures, in its colours. Only the demo's own products: one an owner
  // added, or generated ones sharing the demo's files, have no picture to draw.
  const drawn = new Map<string, number>();
  const files = new Set<string>();
  for (const { file, name } of products) {
    const index = names.indexOf(name);
    if (index < 0 || files.has(file)) continue;
    files.add(file);
    const k = drawn.get(name) ?? 0;
    drawn.set(name, k + 1);
    jobs.push(drawPicture(toDisk(file), demoProductPicture(store, name, index, index * DEMO_PICTURES_PER_PRODUCT + k)));
  }
  categories.forEach(
    ({ file }, n) =>
      file && jobs.push(drawPicture(toDisk(file), { width: 600, height: 450, palette: palette(n + 1), seed: n * 3, motif: 'scene' })),
  );
  brands.forEach(
    ({ file }, n) => file && jobs.push(drawPicture(toDisk(file), { width: 320, height: 120, palette: palette(n), seed: n, motif: 'logo' })),
  );
  await Promise.all(jobs);
}

const reviewers = ['Alex', 'Jo', 'Sam', 'Priya', 'Mateo', 'Ingrid', 'Kenji', 'Ama'];
const reviewWords: Record<number, [string, string]> = {
  5: ['Worth every penny', 'Exactly as described, and beautifully made.'],
  4: ['Very good', 'Took a few days longer to arrive than I hoped, but I am glad I waited.'],
  3: ['Fine for the price', 'Does the job. The finish is a little rougher than the photos.'],
  2: ['Not quite right', 'Smaller than I expected; I am keeping it, but only just.'],
  1: ['Disappointed', 'It arrived scratched and the colour was off.'],
};

/** The demo reviews of the i-th product: a spread of counts, ratings, helpful votes and dates, the same every seed. */
function demoReviews(i: number) {
  const count = (i * 7) % 6;
  return Array.from({ length: count }, (_, n) => {
    const rating = [5, 4, 5, 3, 4, 2, 5, 1][(i + n * 3) % 8]!;
    const [title, body] = reviewWords[rating]!;
    return {
      author_name: reviewers[(i + n) % reviewers.length]!,
      rating,
      title,
      body,
      helpful_count: (i * 5 + n * 11) % 9,
      created_at: new Date(Date.UTC(2026, 3, 1 + ((i * 13 + n * 29) % 180))),
    };
  });
}

/** A public theme, published as version 1; its id. A demo theme that does not compile is a bug, and stops the seed. */
async function insertPublishedTheme(trx: Db, webId: number, name: string, document: ThemeDocument): Promise<number> {
  const compiled = compileTheme(document.settings);
  if (compiled.problems.length) throw new Error(`Demo theme ${name} is invalid: ${JSON.stringify(compiled.problems)}`);
  const { theme_id: themeId } = await trx
    .insertInto('themes')
    .values({
      web_id: webId,
      name,
      is_public: true,
      draft: JSON.stringify(document),
      published: JSON.stringify(document),
      published_css: compiled.css,
      published_version: 1,
      published_at: new Date(),
    })
    .returning('theme_id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('theme_versions')
    .values({ web_id: webId, theme_id: themeId, version: 1, document: JSON.stringify(document), css: compiled.css })
    .execute();
  return themeId;
}

/**
 * The `n`th product picture of the store (`DEMO_PICTURES_PER_PRODUCT` a product, the second closer), of the `index`th
 * product `name`. A product with colours to choose has a picture in each, drawn in that colour, its swatch's, on a
 * background it stands out from; others take the palette's colour.
 */
export function demoProductPicture(store: DemoStore, name: string, index: number, n: number): DemoPicture {
  const [back, main, accent] = store.palettes[Math.floor(n / DEMO_PICTURES_PER_PRODUCT) % store.palettes.length]!;
  const colour = demoProductColours(store, name, index)[n % DEMO_PICTURES_PER_PRODUCT]?.hex;
  const ground = colour && Math.abs(luminance(colour) - luminance(back)) < 0.25 ? main : back;
  return { width: 800, height: 800, palette: [ground, colour ?? main, accent], seed: n, motif: 'object', product: name };
}

/** A `#rrggbb` colour's relative luminance, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
