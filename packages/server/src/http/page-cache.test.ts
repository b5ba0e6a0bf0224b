import { expect, it } from 'vitest';
import { guestPageKey, PageCache } from './page-cache.ts';

it('keeps a page for its time to live, then forgets it', () => {
  let now = 1000;
  const cache = new PageCache(1000, 10, () => now);
  cache.set('localhost/', 200, { 'content-type': 'text/html' }, Buffer.from('<html>'));
  expect(cache.get('localhost/')?.body.toString()).toBe('<html>');
  now += 999;
  expect(cache.get('localhost/')).not.toBeNull();
  now += 1;
  expect(cache.get('localhost/')).toBeNull();
});

it('holds at most its limit, dropping the oldest first', () => {
  const cache = new PageCache(1000, 2);
  for (const key of ['a', 'b', 'c']) cache.set(key, 200, {}, Buffer.from(key));
  expect([cache.get('a'), cache.get('b')?.body.toString(), cache.get('c')?.body.toString()]).toEqual([null, 'b', 'c']);
});

it('caches only guests: a signed-in or maintenance-bypass cookie makes the page personal', () => {
  expect(guestPageKey('LocalHost:3000', '/?a=1', undefined)).toBe('localhost:3000/?a=1');
  expect(guestPageKey('localhost', '/', 'viewport=desktop; tec=x')).toBe('localhost/');
  expect(guestPageKey('localhost', '/', 'viewport=desktop; vt_at=abc')).toBeNull();
  expect(guestPageKey('localhost', '/', 'vt_maintenance_bypass=1.2.3')).toBeNull();
});

it('keeps a page for the guests whose browsers keep the same cart, which the server draws from their cookie', () => {
  expect(guestPageKey('localhost', '/', 'vt_cart=')).toBe('localhost/#cart=');
  expect(guestPageKey('localhost', '/', 'tec=x; vt_cart=7_1_0_4%2C5%7C8_2_0_; viewport=mobile')).toBe(
    'localhost/#cart=7_1_0_4%2C5%7C8_2_0_',
  );
  expect(guestPageKey('localhost', '/', 'vt_consent=granted; vt_cart=7_1_0_')).toBe('localhost/#consent=granted#cart=7_1_0_');
  // Another cookie ending in the same name is not the cart's.
  expect(guestPageKey('localhost', '/', 'old_vt_cart=7_1_0_')).toBe('localhost/');
});
