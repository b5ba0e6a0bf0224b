import { expect, it } from 'vitest';
import { customPageSlug } from '@vitrine/commerce';
import { addressFrom, slugFrom } from './page-dialog.tsx';

it('makes an address from a page title', () => {
  expect(slugFrom('Summer Sale 2025!')).toBe('summer-sale-2025');
  expect(slugFrom('Crème brûlée')).toBe('creme-brulee');
});

it('tidies a typed address part by part into one the server takes', () => {
  const typed = ['Summer Sale!', 'Sale/Summer 2025!', '/about//us/', ' Gift  guide ', 'Ça va / Très bien'];
  expect(typed.map(addressFrom)).toEqual(['summer-sale', 'sale/summer-2025', 'about/us', 'gift-guide', 'ca-va/tres-bien']);
  for (const address of typed.map(addressFrom)) expect(customPageSlug.safeParse(address).success).toBe(true);
});
