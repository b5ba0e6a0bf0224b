import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioBrandAnswer, studioBrandsAnswer, uploadMediaAnswer, type SaveBrandRequest, type StudioBrand } from '@vitrine/commerce';
import {
  backends,
  expectOwnerOnly,
  listingWordsOf,
  refusalOf,
  startWithBothOwners,
  storeSnapshot,
  type studioCaller,
  type BackendServer,
  type TestServer,
} from './test-support.ts';

describe.each(backends)("the back office's brands on $name", ({ create }) => {
  let started: BackendServer;
  let server: TestServer;
  let harbor: number;
  let atelier: number;
  let studio: ReturnType<typeof studioCaller>;
  let nordStudio: ReturnType<typeof studioCaller>;
  const nord = { host: 'second.localhost' };

  const brands = async (caller = studio, init = {}): Promise<StudioBrand[]> => {
    const response = await caller('/api/Studio/GetBrands', init);
    expect(response.status, await response.clone().text()).toBe(200);
    return studioBrandsAnswer.parse(await response.json()).data.brands;
  };
  const saved = async (body: SaveBrandRequest): Promise<StudioBrand> => {
    const response = await studio('/api/Studio/SaveBrand', { body });
    expect(response.status, await response.clone().text()).toBe(200);
    return studioBrandAnswer.parse(await response.json()).data.brand;
  };
  const asSent = (brand: StudioBrand): SaveBrandRequest => ({
    brandId: brand.id,
    name: brand.name,
    slug: brand.slug,
    description: brand.description,
    logo: brand.logo,
  });
  const snapshot = (webId: number) => storeSnapshot(server, webId, ['brands', 'products', 'redirect_rules']);
  const refusal = refusalOf;
  const productsOf = async (brandId: number) =>
    (await server.db.selectFrom('products').select('product_id').where('brand_id', '=', brandId).execute()).map((row) => row.product_id);

  beforeAll(async () => {
    ({ started, server, harbor, atelier, studio, nordStudio } = await startWithBothOwners(create));
  });
  afterAll(() => started?.stop());

  it('lists the store’s brands by name with their product counts', async () => {
    const listed = await brands();
    const stored = await server.db.selectFrom('brands').select('brand_id').where('web_id', '=', harbor).execute();
    expect(listed.map((b) => b.id).sort()).toEqual(stored.map((row) => row.brand_id).sort());
    expect(listed.map((b) => b.name)).toEqual([...listed.map((b) => b.name)].sort((a, b) => (a < b ? -1 : 1)));
    for (const brand of listed) expect(brand.productCount, brand.name).toBe((await productsOf(brand.id)).length);
    expect(listed.some((b) => b.productCount > 0)).toBe(true);
  });

  it('creates a brand with a logo and a sanitised description, and renames it with a 301 from its old address', async () => {
    const png = await sharp(Buffer.alloc(16 * 16 * 3, 60), { raw: { width: 16, height: 16, channels: 3 } })
      .png()
      .toBuffer();
    const upload = uploadMediaAnswer.parse(
      await (await studio('/api/Studio/UploadMedia', { body: { fileName: 'logo.png', base64: png.toString('base64') } })).json(),
    ).data;
    const brand = await saved({
      name: 'Fjord & Field',
      logo: upload.path,
      description: '<p onclick="x()">Made <b>slowly</b></p><script>x()</script>',
    });
    expect(brand).toMatchObject({ slug: 'fjord-field', logo: upload.path, description: '<p>Made <b>slowly</b></p>', productCount: 0 });
    expect((await saved({ name: 'Fjord & Field' })).slug).toBe('fjord-field-2');

    // Given a product, it has a page; renamed, the old page sends to the new one.
    const product = await server.db
      .selectFrom('products')
      .select('product_id')
      .where('slug', '=', 'stoneware-mug')
      .executeTakeFirstOrThrow();
    await server.db.updateTable('products').set({ brand_id: brand.id }).where('product_id', '=', product.product_id).execute();
    expect((await server.call('/brand/fjord-field')).status).toBe(200);
    const renamed = await saved({ ...asSent(brand), name: 'Fjord Works Studio', slug: 'fjord-works-studio' });
    expect(renamed).toMatchObject({ name: 'Fjord Works Studio', productCount: 1 });
    const old = await server.call('/brand/fjord-field');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/brand/fjord-works-studio');
    expect(await (await server.call('/brand/fjord-works-studio')).text()).toContain('Fjord Works Studio');
  });

  it('shows a brand’s description on its page, as text, and gives it as the page’s description, from the next request on', async () => {
    const fjord = (await brands()).find((brand) => brand.slug === 'fjord-works')!;
    const page = async () => listingWordsOf(await (await server.call('/brand/fjord-works')).text());
    const before = await page();
    expect(before).toMatchObject({ title: 'Fjord Works | Harbor & Pine', heading: 'Fjord Works', shown: null });

    await saved({ ...asSent(fjord), description: '<h2>Since 1952</h2><p onclick="x()">Oars &amp; paddles, <b>carved</b> by hand.</p>' });
    const words = 'Since 1952 Oars & paddles, carved by hand.';
    expect(await page()).toEqual({ title: 'Fjord Works | Harbor & Pine', description: words, heading: 'Fjord Works', shown: words });
    await saved({ ...asSent(fjord), description: '<p>Boats.</p>' });
    expect(await page()).toEqual({ title: 'Fjord Works | Harbor & Pine', description: 'Boats.', heading: 'Fjord Works', shown: 'Boats.' });
    // Without one, the page says nothing under its heading and the head has the store's description again.
    await saved({ ...asSent(fjord), description: '' });
    expect(await page()).toEqual(before);
  });

  it('deletes a brand; its products stay on the store without one', async () => {
    const [brand] = (await brands()).filter((b) => b.productCount > 0);
    const ids = await productsOf(brand!.id);
    const slugs = (await server.db.selectFrom('products').select('slug').where('product_id', 'in', ids).execute()).map((row) => row.slug);
    const response = await studio('/api/Studio/DeleteBrand', { body: { brandId: brand!.id } });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(studioBrandsAnswer.parse(await response.json()).data.brands.map((b) => b.id)).not.toContain(brand!.id);
    expect((await server.call(`/brand/${brand!.slug}`)).status).toBe(404);
    for (const slug of slugs) {
      const page = await server.call(`/${slug}`);
      expect(page.status, slug).toBe(200);
      const shown = (await (await server.call(`/api/Product/GetProduct?Slug=${slug}`)).json()) as { data: { brand: unknown } };
      expect(shown.data.brand, slug).toBeNull();
    }
    const rows = await server.db.selectFrom('products').select('brand_id').where('product_id', 'in', ids).execute();
    expect(rows.map((row) => row.brand_id)).toEqual(ids.map(() => null));
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const [first, second] = await brands();
    const nordMedia = await server.db.selectFrom('media').select('path').where('web_id', '=', atelier).executeTakeFirst();
    const nordLogo =
      nordMedia?.path ??
      (await server.db.selectFrom('product_images').select('file').where('web_id', '=', atelier).executeTakeFirstOrThrow()).file;
    const cases: [string, SaveBrandRequest, string, string?][] = [
      ['no name', { ...asSent(first!), name: ' ' }, 'name'],
      ['an address with spaces', { ...asSent(first!), slug: 'my brand' }, 'slug'],
      ['another brand’s address', { ...asSent(first!), slug: second!.slug }, 'slug', 'SLUG_TAKEN'],
      ['another store’s logo', { ...asSent(first!), logo: nordLogo }, 'logo'],
    ];
    const before = await snapshot(harbor);
    for (const [what, body, field, code] of cases) {
      const answer = await refusal(await studio('/api/Studio/SaveBrand', { body }));
      expect(answer, what).toMatchObject({ status: 400, field, ...(code ? { code } : {}) });
      expect(answer.message, what).toMatch(new RegExp(`^${field}: `));
    }
    expect(await snapshot(harbor)).toBe(before);
  });

  it('serves the store’s owner only, and keeps each store to its own brands', async () => {
    const [brand] = await brands();
    const before = await snapshot(harbor);
    await expectOwnerOnly(
      server,
      nordStudio,
      [
        ['/api/Studio/GetBrands'],
        ['/api/Studio/SaveBrand', { brandId: brand!.id, name: 'Mine now' }],
        ['/api/Studio/DeleteBrand', { brandId: brand!.id }],
      ],
      '10.33.0.2',
    );
    for (const [path, body] of [
      ['/api/Studio/SaveBrand', { brandId: brand!.id, name: 'Taken' }],
      ['/api/Studio/DeleteBrand', { brandId: brand!.id }],
    ] as const)
      expect(await refusal(await nordStudio(path, { ...nord, body })), path).toMatchObject({ status: 404, field: 'brandId' });
    const nordIds = (await server.db.selectFrom('brands').select('brand_id').where('web_id', '=', atelier).execute()).map(
      (row) => row.brand_id,
    );
    expect((await brands(nordStudio, nord)).map((b) => b.id).sort()).toEqual(nordIds.sort());
    expect(await snapshot(harbor)).toBe(before);
  });
});
