import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { expect, it } from 'vitest';
import { countriesFor, countries } from './countries.ts';
import { countryCodes, isCountryCode, storeCountryOf } from './country-codes.ts';
import { addressFields } from './account.ts';

it('keeps the codes the package names, so an address is checked against the list the checkout shows', () => {
  expect(countryCodes).toEqual(Object.keys(en.countries).sort());
  expect(countries.map((c) => c.code).sort()).toEqual(countryCodes);
  expect(isCountryCode('GB')).toBe(true);
  expect(isCountryCode('UK')).toBe(false);
  const parsed = addressFields.safeParse({ fullName: 'A', line1: '1', city: 'C', country: 'uk' });
  expect(parsed.success).toBe(false);
  expect(parsed.error?.issues[0]?.path).toEqual(['country']);
});

it('lists the countries by name, the store’s first', () => {
  expect(countries[0]).toEqual({ code: 'AF', name: 'Afghanistan' });
  expect(countries[1]?.code).toBe('AX'); // Åland sorts among the A's.
  expect(countriesFor(storeCountryOf('USD'))[0]).toEqual({ code: 'US', name: 'United States of America' });
  expect(countriesFor(storeCountryOf('EUR'))).toBe(countries);
});
