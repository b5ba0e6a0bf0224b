import { describe, expect, it } from 'vitest';
import { crawlerDisallowedPaths, noIndexRoutes, routeTable, routeTitle } from './route-table.ts';
import { resolveMiddleware } from './routes.tsx';

describe('the route table of §2.1', () => {
  it('has all 24 paths with their layouts', () => {
    const paths = routeTable.map((r) => `/${r.path}`);
    expect(paths).toHaveLength(24);
    expect(new Set(paths).size).toBe(24);
    const layoutOf = (path: string) => routeTable.find((r) => `/${r.path}` === path)?.layout;
    expect([
      layoutOf('/'),
      layoutOf('/cart'),
      layoutOf('/editor'),
      layoutOf('/maintenance'),
      layoutOf('/preview'),
      layoutOf('/checkout/bn/:cartcode'),
      layoutOf('/*'),
    ]).toEqual(['dynamic', 'default', 'editor', 'public', 'preview', 'checkout', 'dynamic']);
  });

  it('guards exactly the signed-in routes and the checkout routes', () => {
    const guarded = (name: string) => routeTable.filter((r) => r.middleware?.includes(name)).map((r) => r.path);
    expect(guarded('signed-in').sort()).toEqual(['account', 'changepassword', 'orderdetail/:id', 'orderlist', 'wishlist']);
    expect(guarded('checkout').sort()).toEqual(['checkout', 'checkout/bn/:cartcode', 'checkout/oc/:ordercode']);
  });

  it('raises an error for an unknown middleware name', () => {
    expect(() => resolveMiddleware(['signed-in', 'teleport'])).toThrow('Unknown route middleware "teleport"');
    expect(resolveMiddleware(['signed-in', 'checkout'])).toHaveLength(2);
  });

  it('validates parameters', () => {
    const spec = (path: string) => routeTable.find((r) => r.path === path)!;
    expect(spec('orderdetail/:id').validate!({ id: 'HK4M7Q2ZP9XW3RTA' })).toBe(true);
    expect(spec('orderdetail/:id').validate!({ id: 'ab' })).toBe(false);
    expect(spec('orderdetail/:id').validate!({ id: 'HK4M7Q2Z P9XW3RTA' })).toBe(false);
    expect(spec('checkout/bn/:cartcode').validate!({ cartcode: '12_1_0_' })).toBe(true);
    expect(spec('checkout/bn/:cartcode').validate!({ cartcode: 'nonsense' })).toBe(false);
    // Buy now with options chosen: the fifth part is the options' id (README, "Product options ride on the cart code").
    expect(spec('checkout/bn/:cartcode').validate!({ cartcode: '12_1_0__0123456789abcdef0123' })).toBe(true);
    expect(spec('checkout/bn/:cartcode').validate!({ cartcode: '12_1_7_3,4_0123456789abcdef0123' })).toBe(true);
    expect(spec('checkout/bn/:cartcode').validate!({ cartcode: '12_1_0__XYZ' })).toBe(false);
    expect(spec('checkout/bn/:cartcode').validate!({ cartcode: '12_1_0__0123456789abcdef0123_9' })).toBe(false);
  });
});

describe('titles and indexing (§2.7)', () => {
  it('uses the fixed titles, and otherwise the capitalised name with hyphens as spaces', () => {
    expect(['forgotpassword', 'resetpassword', 'changepassword', 'orderlist', 'orderdetail'].map(routeTitle)).toEqual([
      'Forgot Password',
      'Reset Password',
      'Change Password',
      'Order List',
      'Order Detail',
    ]);
    expect(['cart', 'signin', 'checkout-id', 'notfound'].map(routeTitle)).toEqual(['Cart', 'Signin', 'Checkout Id', 'Notfound']);
  });

  it('marks exactly the listed routes noindex (and /notfound, which answered indexable), and keeps signin, forgotpassword and resetpassword indexable', () => {
    expect([...noIndexRoutes].sort()).toEqual(
      [
        'notfound',
        'maintenance',
        'cart',
        'wishlist',
        'checkout',
        'checkout-id',
        'account',
        'editor',
        'preview',
        'changepassword',
        'orderlist',
        'orderdetail',
        'order',
        'status',
      ].sort(),
    );
    for (const name of ['signin', 'forgotpassword', 'resetpassword']) expect(noIndexRoutes.has(name)).toBe(false);
  });

  it('keeps /order and /status out of indexes by their meta, not robots.txt, whose prefixes would catch catalogue pages', () => {
    expect(crawlerDisallowedPaths()).not.toContain('/order');
    expect(crawlerDisallowedPaths()).not.toContain('/status');
    expect(crawlerDisallowedPaths()).toContain('/orderdetail');
  });
});
