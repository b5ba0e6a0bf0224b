import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueEndpoints, reviewEndpoints, type ProductDetail, type ReviewsPage, type TokenPair } from '@vitrine/commerce';
import { backends, startOnBackend, type BackendServer, type CallInit, type TestServer } from './test-support.ts';

describe.each(backends)('product pages and reviews on $name', ({ create }) => {
  let server: TestServer;
  let started: BackendServer;
  let harbor: number;
  let shopper: TokenPair;
  let guest: TokenPair;
  let signIns = 0;

  const bearer = (tokens: TokenPair) => ({ authorization: `Bearer ${tokens.accessToken}` });
  const product = async (slug: string, host = 'localhost') => server.call(`/api/Product/GetProduct?Slug=${slug}`, { host });
  const reviews = async (query: string, tokens: TokenPair = guest, init: CallInit = {}) => {
    const response = await server.call(`/api/Product/GetReviews?${query}`, { headers: bearer(tokens), ...init });
    expect(response.status, await response.clone().text()).toBe(200);
    return reviewEndpoints.getReviews.answer.parse(await response.json()).data as ReviewsPage;
  };
  const signUp = async (email: string) => {
    const response = await server.call('/api/Auth/SignUp', {
      method: 'POST',
      ip: `10.77.0.${++signIns}`,
      body: { email, password: 'a good long password', firstName: 'Robin', lastName: 'Quill', customerTypeId: 1 },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    // Sign-up with an email signs nobody in (issue 33): the new customer signs in.
    const signedIn = await server.call('/api/Auth/SignIn', {
      method: 'POST',
      ip: `10.77.1.${signIns}`,
      body: { email, password: 'a good long password' },
    });
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    return ((await signedIn.json()) as { tokens: TokenPair }).tokens;
  };
  const idOf = async (slug: string) =>
    (
      await server.db
        .selectFrom('products')
        .select('product_id')
        .where('web_id', '=', harbor)
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).product_id;

  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ server, harborId: harbor } = started);
    guest = (await (await server.call('/api/Web/GetWebInfo?Domain=localhost')).json()).tokens as TokenPair;
    shopper = await signUp('reviewer@harbor.test');
  });
  afterAll(() => started?.stop());

  it('shows a product with its trail, gallery, variants by their values, specifications, options, add-ons and review summary', async () => {
    const response = await product('cast-iron-skillet');
    expect(response.status).toBe(200);
    const { data } = catalogueEndpoints.getProduct.answer.parse(await response.json());
    expect(data.breadcrumbs.map((b) => b.url)).toEqual(['/', '/kitchen', '/kitchen/cookware', '/cast-iron-skillet']);
    expect(data.category).toEqual({ name: 'Cookware', url: '/kitchen/cookware' });
    expect(data.brand?.url).toMatch(/^\/brand\/[a-z-]+$/);
    expect(data.images).toHaveLength(2);
    expect(data.attributes.map((a) => [a.name, a.displayType, a.values.length])).toEqual([
      ['Size', 'dropdown', 2],
      ['Colour', 'color', 2],
    ]);
    // Each variant is named by one value of each axis, and costs its own price: a larger size costs more.
    for (const variant of data.variants) expect(variant.valueIds).toHaveLength(2);
    const [sizes] = data.attributes;
    const priceOf = (sizeId: number) => new Set(data.variants.filter((v) => v.valueIds.includes(sizeId)).map((v) => v.price));
    expect(sizes!.values.map((size) => priceOf(size.valueID).size)).toEqual([1, 1]);
    expect([...priceOf(sizes!.values[1]!.valueID)][0]).toBeGreaterThan([...priceOf(sizes!.values[0]!.valueID)][0]!);
    expect(data.specifications).toEqual([{ name: 'Material', value: expect.any(String) }]);
    expect(data.addons.length).toBeGreaterThan(0);
    // Each variant says how many are left, for the quantity field's "Only N left" (issue 33).
    const kept = await server.db
      .selectFrom('variants')
      .select(['variant_id', 'stock'])
      .where('product_id', '=', data.productID)
      .orderBy('variant_id')
      .execute();
    expect(data.variants.map((v) => [v.variantID, v.stock])).toEqual(kept.map((v) => [v.variant_id, v.stock]));
    const own = await server.db.selectFrom('products').select('stock').where('product_id', '=', data.productID).executeTakeFirstOrThrow();
    expect(data.stock).toBe(own.stock);

    const rows = await server.db.selectFrom('reviews').select('rating').where('product_id', '=', data.productID).execute();
    expect(data.reviews.count).toBe(rows.length);
    expect(data.reviews.distribution.map((d) => d.rating)).toEqual([5, 4, 3, 2, 1]);
    for (const { rating, count } of data.reviews.distribution) expect(count).toBe(rows.filter((r) => r.rating === rating).length);
    const stored = await server.db
      .selectFrom('products')
      .select(['rating', 'rating_count'])
      .where('product_id', '=', data.productID)
      .executeTakeFirstOrThrow();
    // The card's stars and the page's summary are the same numbers.
    expect(stored.rating_count).toBe(rows.length);
    if (rows.length) expect(Number(stored.rating)).toBeCloseTo(rows.reduce((s, r) => s + r.rating, 0) / rows.length, 4);

    expect((await product('no-such-thing')).status).toBe(404);
    expect((await product('Bad%20Slug!')).status).toBe(400);
    // Another store never shows it.
    expect((await product('cast-iron-skillet', 'second.localhost')).status).toBe(404);
  });

  it('answers §3.12’s SEO fields under the specification’s names, beside the names the pages read, from what the store keeps', async () => {
    const answer = (await (await product('cast-iron-skillet')).json()) as { data: Record<string, unknown> & ProductDetail };
    const { data } = answer;
    const row = await server.db
      .selectFrom('products as p')
      .leftJoin('brands as b', 'b.brand_id', 'p.brand_id')
      .select(['p.name', 'p.description', 'p.sku', 'p.price', 'p.is_hide_price', 'p.meta', 'b.name as brand'])
      .where('p.product_id', '=', data.productID)
      .executeTakeFirstOrThrow();
    const files = await server.db
      .selectFrom('product_images')
      .select('file')
      .where('product_id', '=', data.productID)
      .orderBy('sort')
      .execute();
    const variants = await server.db.selectFrom('variants').select('stock').where('product_id', '=', data.productID).execute();
    const meta = row.meta as Record<string, string>;
    expect({
      productName: data['productName'],
      productDesc: data['productDesc'],
      productURL: data['productURL'],
      productImages: data['productImages'],
      productPrice: data['productPrice'],
      productStock: data['productStock'],
      productRating: data['productRating'],
      productFields: data['productFields'],
      productMeta: data['productMeta'],
    }).toEqual({
      productName: row.name,
      productDesc: row.description,
      productURL: '/cast-iron-skillet',
      productImages: files.map(({ file }) => ({ imageFile: file })),
      productPrice: { price: row.price, isHidePrice: row.is_hide_price },
      productStock: { stockStatusID: variants.some((v) => v.stock > 0) ? 1 : 2 },
      productRating: { rating: data.reviews.average, ratingCount: data.reviews.count },
      productFields: { sku: row.sku, vendorName: row.brand },
      productMeta: { title: meta['title'] || row.name, description: meta['description'] || row.description },
    });
    // Today's names stay for the pages that read them.
    expect(data).toMatchObject({ itemName: row.name, description: row.description, sku: row.sku, price: row.price });
    // The product's page is written from them: its title and description are §3.12's meta.
    const page = await (await server.call('/cast-iron-skillet')).text();
    expect(page).toContain(`<meta name="description" content="${data.productMeta.description}">`);
    expect(page).toContain(`<title>${data.productMeta.title}`);
  });

  it('lists reviews most helpful or most recent first, page by page, for guests too', async () => {
    // The product with the most demo reviews.
    const busiest = await server.db
      .selectFrom('reviews')
      .select((eb) => ['product_id', eb.fn.countAll<number>().as('n')])
      .where('web_id', '=', harbor)
      .groupBy('product_id')
      .orderBy('n', 'desc')
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    const rows = await server.db
      .selectFrom('reviews')
      .select(['review_id', 'helpful_count', 'created_at'])
      .where('product_id', '=', busiest.product_id)
      .execute();
    const time = (row: (typeof rows)[number]) => new Date(row.created_at).getTime();
    const helpful = [...rows].sort((a, b) => b.helpful_count - a.helpful_count || time(b) - time(a) || b.review_id - a.review_id);
    const recent = [...rows].sort((a, b) => time(b) - time(a) || b.review_id - a.review_id);
    const first = await reviews(`ProductID=${busiest.product_id}&Sort=1`);
    expect(first.reviews.map((r) => r.reviewID)).toEqual(helpful.slice(0, 5).map((r) => r.review_id));
    expect(first.total).toBe(rows.length);
    const byDate = await reviews(`ProductID=${busiest.product_id}&Sort=2`);
    expect(byDate.reviews.map((r) => r.reviewID)).toEqual(recent.slice(0, 5).map((r) => r.review_id));
    expect((await reviews(`ProductID=${busiest.product_id}&Page=9`)).reviews).toEqual([]);
    expect(first.hasReviewed).toBe(false);
  });

  it('lets a signed-in customer write one review, kept as text, and updates the rating; guests cannot', async () => {
    const id = await idOf('linen-apron');
    const body = { ProductID: id, rating: 2, title: 'Too short', body: '<img src=x onerror=alert(1)> runs small' };
    expect((await server.call('/api/Product/AddReview', { method: 'POST', body, headers: bearer(guest) })).status).toBe(401);
    expect((await server.call('/api/Product/AddReview', { method: 'POST', body })).status).toBe(401);

    const added = await server.call('/api/Product/AddReview', { method: 'POST', body, headers: bearer(shopper) });
    expect(added.status, await added.clone().text()).toBe(201);
    const page = reviewEndpoints.addReview.answer.parse(await added.json()).data;
    expect(page.hasReviewed).toBe(true);
    const mine = page.reviews.find((r) => r.isMine)!;
    expect(mine).toMatchObject({ authorName: 'Robin Q.', rating: 2, body: '<img src=x onerror=alert(1)> runs small' });

    const again = await server.call('/api/Product/AddReview', { method: 'POST', body: { ...body, rating: 5 }, headers: bearer(shopper) });
    expect(again.status).toBe(409);
    const count = await server.db
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('product_id', '=', id)
      .executeTakeFirstOrThrow();
    const stored = await server.db
      .selectFrom('products')
      .select(['rating_count', 'rating'])
      .where('product_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.rating_count).toBe(Number(count.n));

    for (const [bad, field] of [
      [{ ...body, rating: 6 }, 'rating'],
      [{ ...body, title: '  ' }, 'title'],
      [{ ProductID: id, rating: 3, title: 'x' }, 'body'],
    ] as const) {
      const response = await server.call('/api/Product/AddReview', { method: 'POST', body: bad, headers: bearer(shopper) });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { field: string } }).error.field).toBe(field);
    }
  });

  it('counts a customer’s “helpful” once, never for their own review', async () => {
    const { product_id: id } = await server.db
      .selectFrom('reviews')
      .select('product_id')
      .where('web_id', '=', harbor)
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    const voter = await signUp('voter@harbor.test');
    const list = await reviews(`ProductID=${id}`, voter);
    const target = list.reviews[0]!;
    const vote = () =>
      server.call('/api/Product/VoteReview', { method: 'POST', body: { ReviewID: target.reviewID }, headers: bearer(voter) });
    const first = await vote();
    expect(first.status).toBe(200);
    expect(((await first.json()) as { data: { helpfulCount: number } }).data.helpfulCount).toBe(target.helpfulCount + 1);
    expect((await vote()).status).toBe(409);
    const after = await reviews(`ProductID=${id}`, voter);
    expect(after.reviews.find((r) => r.reviewID === target.reviewID)).toMatchObject({
      helpfulCount: target.helpfulCount + 1,
      votedHelpful: true,
    });

    const author = await signUp('author@harbor.test');
    await server.call('/api/Product/AddReview', {
      method: 'POST',
      body: { ProductID: id, rating: 4, title: 'Nice', body: 'Good mug.' },
      headers: bearer(author),
    });
    const own = (await reviews(`ProductID=${id}&Sort=2`, author)).reviews.find((r) => r.isMine)!;
    const selfVote = await server.call('/api/Product/VoteReview', {
      method: 'POST',
      body: { ReviewID: own.reviewID },
      headers: bearer(author),
    });
    expect(selfVote.status).toBe(409);
  });

  it('offers each product with a colour in two, each shown in a picture of its own drawn in that colour (issue 33)', async () => {
    const withVariants = await server.db
      .selectFrom('products as p')
      .select('p.slug')
      .where('p.web_id', '=', harbor)
      .where((eb) => eb.exists(eb.selectFrom('variants as v').select('v.variant_id').whereRef('v.product_id', '=', 'p.product_id')))
      .orderBy('p.product_id')
      .execute();
    expect(withVariants.length).toBeGreaterThan(10);
    for (const { slug } of withVariants) {
      const { data } = catalogueEndpoints.getProduct.answer.parse(await (await product(slug)).json());
      const colours = data.attributes.find((attribute) => attribute.displayType === 'color')!;
      expect(colours.values.length, slug).toBeGreaterThanOrEqual(2);
      // Choosing a colour shows its picture: one of the product's, the same for each size, another for each colour.
      const pictures = colours.values.map((colour) => [
        ...new Set(data.variants.filter((variant) => variant.valueIds.includes(colour.valueID)).map((variant) => variant.imageFile)),
      ]);
      for (const files of pictures) expect(files, slug).toEqual([expect.any(String)]);
      expect(new Set(pictures.flat()).size, slug).toBe(colours.values.length);
      for (const file of pictures.flat())
        expect(
          data.images.map((image) => image.file),
          slug,
        ).toContain(file);
    }

    // The skillet's pictures, as the shopper's browser gets them, are drawn in their swatches' colours.
    const { data: skillet } = catalogueEndpoints.getProduct.answer.parse(await (await product('cast-iron-skillet')).json());
    const colours = skillet.attributes.find((attribute) => attribute.displayType === 'color')!.values;
    for (const colour of colours) {
      const file = skillet.variants.find((variant) => variant.valueIds.includes(colour.valueID))!.imageFile!;
      const response = await server.call(file);
      expect(response.status, file).toBe(200);
      const { data: pixels, info } = await sharp(Buffer.from(await response.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      /** The share of the picture in `hex`, give or take what the compression changed. */
      const shareIn = (hex: string) => {
        const swatch = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
        let near = 0;
        for (let at = 0; at < pixels.length; at += info.channels)
          if (swatch.every((value, c) => Math.abs(pixels[at + c]! - value) <= 12)) near++;
        return near / (info.width * info.height);
      };
      // The pan's body is a good part of its colour's picture, and the other colour is not in it.
      expect(shareIn(colour.color!), `${file} in ${colour.name}`).toBeGreaterThan(0.03);
      for (const other of colours.filter((c) => c !== colour))
        expect(shareIn(other.color!), `${file} in ${other.name}`).toBeLessThan(0.005);
    }
  });

  it('compares the asked products in the order asked, with their attributes by name, and none of another store', async () => {
    const [mug, knife] = [await idOf('stoneware-mug'), await idOf('chefs-knife')];
    const answer = await server.call(`/api/Product/Compare?ProductIDs=${knife},${mug}`);
    expect(answer.status).toBe(200);
    const { data } = catalogueEndpoints.compare.answer.parse(await answer.json());
    expect(data.products.map((p) => p.itemName)).toEqual(["Chef's Knife", 'Stoneware Mug']);
    expect(Object.keys(data.products[0]!.attributes)).toEqual(['Size', 'Colour', 'Material']);
    expect(data.products[0]!.attributes['Size']).toBe('Small, Medium');
    const elsewhere = await server.call(`/api/Product/Compare?ProductIDs=${knife},${mug}`, { host: 'second.localhost' });
    expect(catalogueEndpoints.compare.answer.parse(await elsewhere.json()).data.products).toEqual([]);
    expect((await server.call('/api/Product/Compare?ProductIDs=1,2,3,4,5')).status).toBe(400);
  });

  it("keeps reviews to their store: another store's product or review is not found there", async () => {
    const id = await idOf('stoneware-mug');
    const atelierGuest = (await (await server.call('/api/Web/GetWebInfo?Domain=second.localhost')).json()).tokens as TokenPair;
    expect(
      (await server.call(`/api/Product/GetReviews?ProductID=${id}`, { host: 'second.localhost', headers: bearer(atelierGuest) })).status,
    ).toBe(404);
    // Harbor's token is refused on Atelier's domain.
    expect(
      (await server.call(`/api/Product/GetReviews?ProductID=${id}`, { host: 'second.localhost', headers: bearer(shopper) })).status,
    ).toBe(401);
    const review = await server.db.selectFrom('reviews').select('review_id').where('web_id', '=', harbor).executeTakeFirstOrThrow();
    const atelierShopper = (
      (await (
        await server.call('/api/Auth/SignIn', {
          method: 'POST',
          host: 'second.localhost',
          ip: '10.77.1.1',
          body: { email: 'shopper@atelier.test', password: 'atelier-shopper-demo' },
        })
      ).json()) as { tokens: TokenPair }
    ).tokens;
    const vote = await server.call('/api/Product/VoteReview', {
      method: 'POST',
      host: 'second.localhost',
      body: { ReviewID: review.review_id },
      headers: bearer(atelierShopper),
    });
    expect(vote.status).toBe(404);
    const write = await server.call('/api/Product/AddReview', {
      method: 'POST',
      host: 'second.localhost',
      body: { ProductID: id, rating: 5, title: 'x', body: 'y' },
      headers: bearer(atelierShopper),
    });
    expect(write.status).toBe(404);
  });
});
