import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioAttributeAnswer, studioAttributesAnswer, type SaveAttributeRequest, type StudioAttribute } from '@vitrine/commerce';
import {
  backends,
  expectOwnerOnly,
  refusalOf,
  startWithBothOwners,
  storeSnapshot,
  type studioCaller,
  type BackendServer,
  type TestServer,
} from './test-support.ts';

describe.each(backends)("the back office's attributes on $name", ({ create }) => {
  let started: BackendServer;
  let server: TestServer;
  let harbor: number;
  let atelier: number;
  let studio: ReturnType<typeof studioCaller>;
  let nordStudio: ReturnType<typeof studioCaller>;
  const nord = { host: 'second.localhost' };

  const attributes = async (caller = studio, init = {}): Promise<StudioAttribute[]> => {
    const response = await caller('/api/Studio/GetAttributes', init);
    expect(response.status, await response.clone().text()).toBe(200);
    return studioAttributesAnswer.parse(await response.json()).data.attributes;
  };
  const saved = async (body: SaveAttributeRequest): Promise<StudioAttribute> => {
    const response = await studio('/api/Studio/SaveAttribute', { body });
    expect(response.status, await response.clone().text()).toBe(200);
    return studioAttributeAnswer.parse(await response.json()).data.attribute;
  };
  const asSent = (attribute: StudioAttribute): SaveAttributeRequest => ({
    attributeId: attribute.id,
    name: attribute.name,
    displayType: attribute.displayType,
    values: attribute.values,
  });
  const snapshot = (webId: number) => storeSnapshot(server, webId, ['attributes', 'attribute_values', 'product_values', 'variant_values']);
  const refusal = refusalOf;
  /** The storefront's facet of an attribute over all products, by value name. */
  const facet = async (attributeId: number) => {
    const listing = (await (await server.call('/api/Product/GetProducts?Scope=search')).json()) as {
      data: { facets: { attributes: { attributeID: number; values: { name: string; color: string | null }[] }[] } };
    };
    return listing.data.facets.attributes.find((a) => a.attributeID === attributeId)?.values ?? [];
  };
  /** An attribute used by a variant of the store's products. */
  const usedByVariants = async () => {
    const row = await server.db
      .selectFrom('variant_values as vv')
      .innerJoin('attribute_values as av', 'av.value_id', 'vv.value_id')
      .select('av.attribute_id')
      .where('vv.web_id', '=', harbor)
      .executeTakeFirstOrThrow();
    return (await attributes()).find((a) => a.id === row.attribute_id)!;
  };

  beforeAll(async () => {
    ({ started, server, harbor, atelier, studio, nordStudio } = await startWithBothOwners(create));
  });
  afterAll(() => started?.stop());

  it('lists the store’s attributes with their values in order and how many products use them', async () => {
    const listed = await attributes();
    const stored = await server.db.selectFrom('attributes').select('attribute_id').where('web_id', '=', harbor).execute();
    expect(listed.map((a) => a.id).sort()).toEqual(stored.map((row) => row.attribute_id).sort());
    const used = await usedByVariants();
    expect(used.productCount).toBeGreaterThan(0);
    expect(used.values.length).toBeGreaterThan(0);
  });

  it('creates a colour attribute, then renames, reorders, adds and removes its values; the storefront’s facet follows', async () => {
    const finish = await saved({
      name: 'Finish',
      displayType: 'color',
      values: [
        { name: 'Brass', color: '#b5a642' },
        { name: 'Black', color: '#111111' },
        { name: 'Chrome', color: '#dbe4eb' },
      ],
    });
    expect(finish.values.map((v) => [v.name, v.color])).toEqual([
      ['Brass', '#b5a642'],
      ['Black', '#111111'],
      ['Chrome', '#dbe4eb'],
    ]);
    const [brass, black, chrome] = finish.values;
    // A product with Brass, so the storefront shows the facet.
    const lamp = await server.db
      .selectFrom('products')
      .select('product_id')
      .where('slug', '=', 'brass-desk-lamp')
      .executeTakeFirstOrThrow();
    await server.db.insertInto('product_values').values({ web_id: harbor, product_id: lamp.product_id, value_id: brass!.id }).execute();
    expect(await facet(finish.id)).toEqual([expect.objectContaining({ name: 'Brass', color: '#b5a642', count: 1 })]);

    const changed = await saved({
      ...asSent(finish),
      values: [
        { id: black!.id, name: 'Matte Black', color: '#1a1a1a' },
        { id: brass!.id, name: 'Aged Brass', color: '#a08030' },
        { name: 'Copper', color: '#b87333' },
      ],
    });
    expect(changed.values.map((v) => v.name)).toEqual(['Matte Black', 'Aged Brass', 'Copper']);
    expect(changed.values.map((v) => v.id)).not.toContain(chrome!.id);
    expect(changed.productCount).toBe(1);
    expect(await facet(finish.id)).toEqual([expect.objectContaining({ name: 'Aged Brass', color: '#a08030' })]);
  });

  it('refuses to remove a value or an attribute products or variants use, saying how many, and changes nothing', async () => {
    const used = await usedByVariants();
    const before = await snapshot(harbor);
    const valueGone = await refusal(await studio('/api/Studio/SaveAttribute', { body: { ...asSent(used), values: [] } }));
    expect(valueGone).toMatchObject({ status: 409, code: 'ATTRIBUTE_IN_USE', field: 'values' });
    expect(valueGone.message).toMatch(/is used by \d+ products?/);
    const deleted = await refusal(await studio('/api/Studio/DeleteAttribute', { body: { attributeId: used.id } }));
    expect(deleted).toMatchObject({ status: 409, code: 'ATTRIBUTE_IN_USE', field: 'attributeId' });
    expect(deleted.message).toContain(`is used by ${used.productCount} product`);
    expect(await snapshot(harbor)).toBe(before);

    // One nothing uses goes, with its values.
    const spare = await saved({ name: 'Spare', displayType: 'namelist', values: [{ name: 'One', color: null }] });
    const response = await studio('/api/Studio/DeleteAttribute', { body: { attributeId: spare.id } });
    expect(response.status).toBe(200);
    expect(studioAttributesAnswer.parse(await response.json()).data.attributes.map((a) => a.id)).not.toContain(spare.id);
    expect(await server.db.selectFrom('attribute_values').select('value_id').where('attribute_id', '=', spare.id).execute()).toEqual([]);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const used = await usedByVariants();
    const other = (await attributes()).find((a) => a.id !== used.id && a.values.length)!;
    const cases: [string, SaveAttributeRequest, string][] = [
      ['no name', { ...asSent(used), name: '' }, 'name'],
      ['an unknown display', { ...asSent(used), displayType: 'swatch' as 'color' }, 'displayType'],
      [
        'a colour value without a colour',
        {
          name: 'Tone',
          displayType: 'color',
          values: [
            { name: 'Red', color: '#ff0000' },
            { name: 'Blue', color: null },
          ],
        },
        'values.1.color',
      ],
      ['a colour that is not #rrggbb', { name: 'Tone', displayType: 'color', values: [{ name: 'Red', color: 'red' }] }, 'values.0.color'],
      [
        'one value twice',
        {
          name: 'Tone',
          displayType: 'dropdown',
          values: [
            { name: 'Red', color: null },
            { name: 'red', color: null },
          ],
        },
        'values.1.name',
      ],
      [
        'another attribute’s value',
        { ...asSent(used), values: [...used.values, { id: other.values[0]!.id, name: 'Taken', color: null }] },
        `values.${used.values.length}.id`,
      ],
    ];
    const before = await snapshot(harbor);
    for (const [what, body, field] of cases) {
      const answer = await refusal(await studio('/api/Studio/SaveAttribute', { body }));
      expect(answer, what).toMatchObject({ status: 400, field });
      expect(answer.message, what).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: `));
    }
    expect(await snapshot(harbor)).toBe(before);
  });

  it('serves the store’s owner only, and keeps each store to its own attributes', async () => {
    const used = await usedByVariants();
    const before = await snapshot(harbor);
    await expectOwnerOnly(
      server,
      nordStudio,
      [
        ['/api/Studio/GetAttributes'],
        ['/api/Studio/SaveAttribute', asSent(used)],
        ['/api/Studio/DeleteAttribute', { attributeId: used.id }],
      ],
      '10.34.0.2',
    );
    expect(
      await refusal(await nordStudio('/api/Studio/SaveAttribute', { ...nord, body: { ...asSent(used), name: 'Taken' } })),
    ).toMatchObject({
      status: 404,
      field: 'attributeId',
    });
    expect(await refusal(await nordStudio('/api/Studio/DeleteAttribute', { ...nord, body: { attributeId: used.id } }))).toMatchObject({
      status: 404,
      field: 'attributeId',
    });
    // A new attribute of theirs cannot take one of our values.
    expect(
      await refusal(
        await nordStudio('/api/Studio/SaveAttribute', {
          ...nord,
          body: { name: 'Mine', displayType: 'dropdown', values: [{ id: used.values[0]!.id, name: 'Taken', color: null }] },
        }),
      ),
    ).toMatchObject({ status: 400, field: 'values.0.id' });
    const nordIds = (await server.db.selectFrom('attributes').select('attribute_id').where('web_id', '=', atelier).execute()).map(
      (r) => r.attribute_id,
    );
    expect((await attributes(nordStudio, nord)).map((a) => a.id).sort()).toEqual(nordIds.sort());
    expect(await snapshot(harbor)).toBe(before);
  });
});
