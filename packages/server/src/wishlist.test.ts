import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wishlistAnswer } from '@vitrine/commerce';
import { backends, signInCustomer, startOnBackend, type BackendServer } from './test-support.ts';

describe.each(backends)('the wishlist on $name', ({ create }) => {
  let started: BackendServer;
  let shopper: string;
  let products: number[];

  const call = (path: string, body?: unknown, token = shopper) =>
    started.server.call(`/api/Wishlist/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body }),
    });
  const list = async (path: string, body?: unknown) => {
    const response = await call(path, body);
    expect(response.status, await response.clone().text()).toBe(200);
    const { data } = wishlistAnswer.parse(await response.json());
    return { ids: data.products.map((p) => p.productID), count: data.wishlistCount };
  };

  beforeAll(async () => {
    started = await startOnBackend(create);
    shopper = await signInCustomer(started.server, 'shopper@harbor.test', 'harbor-shopper-demo', '10.5.0.1');
    products = (
      await started.server.db
        .selectFrom('products')
        .select('product_id')
        .where('web_id', '=', started.harborId)
        .where('is_published', '=', true)
        .orderBy('product_id')
        .limit(4)
        .execute()
    ).map((p) => p.product_id);
  });
  afterAll(() => started?.stop());

  it('keeps a customer’s hearts, newest first, once each; a guest’s join at sign-in; the count follows', async () => {
    const [a, b, c, d] = products as [number, number, number, number];
    expect(await list('GetWishlist')).toEqual({ ids: [], count: 0 });
    await list('AddItem', { ProductID: a });
    expect(await list('AddItem', { ProductID: b })).toEqual({ ids: [b, a], count: 2 });
    // A retried click changes nothing.
    expect(await list('AddItem', { ProductID: b })).toEqual({ ids: [b, a], count: 2 });
    // A guest's hearts join at sign-in; those already there stay once.
    expect((await list('Sync', { ProductIDs: [c, a, d, c] })).ids.sort()).toEqual([a, b, c, d].sort());
    expect(await list('RemoveItem', { ProductID: c })).toMatchObject({ count: 3 });
    expect(await list('RemoveItem', { ProductID: c })).toMatchObject({ count: 3 });
    // The header's count (§3.4) is the profile's too.
    const profile = await started.server.call('/api/Account/GetProfile', { headers: { authorization: `Bearer ${shopper}` } });
    expect(((await profile.json()) as { data: { wishlistCount: number } }).data.wishlistCount).toBe(3);
    // An unpublished product leaves the list shown.
    await started.server.db.updateTable('products').set({ is_published: false }).where('product_id', '=', d).execute();
    expect((await list('GetWishlist')).ids).not.toContain(d);
  });

  it('never takes another store’s product, and changes nothing when refused', async () => {
    const nord = await started.server.db
      .selectFrom('products')
      .select('product_id')
      .where('web_id', '=', started.atelierId)
      .executeTakeFirstOrThrow();
    const before = await list('GetWishlist');
    for (const [path, body, field] of [
      ['AddItem', { ProductID: nord.product_id }, 'ProductID'],
      ['Sync', { ProductIDs: [products[0], nord.product_id] }, 'ProductIDs'],
      ['RemoveItem', { ProductID: nord.product_id }, 'ProductID'],
    ] as const) {
      const response = await call(path, body);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { error: { field: string } }).error.field).toBe(field);
    }
    expect(await list('GetWishlist')).toEqual(before);
    const bad = await call('AddItem', { ProductID: 'x' });
    expect(bad.status).toBe(400);
  });
});
