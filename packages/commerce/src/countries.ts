import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { countryCodes } from './country-codes.ts';

/**
 * The countries by name, for a list a shopper picks from (issue 33): the English names `i18n-iso-countries` keeps
 * (2.5 KB gzipped), its official name where it has several. Only the checkout and the account's address form import
 * this module (`@vitrine/commerce/countries`), so no other page carries the names. The server draws the same list, so
 * what it draws and what the app hydrates are one.
 */
export interface Country {
  code: string;
  name: string;
}

const names: Readonly<Record<string, string | readonly string[]>> = en.countries;
const nameOf = (code: string): string => {
  const name = names[code];
  return (Array.isArray(name) ? name[0] : name) ?? code;
};

/** How a name sorts: without its accents, so Åland sits among the A's. Plain comparison, so the server and every browser agree. */
const sortKey = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Every country of `countryCodes`, in alphabetical order of their names. */
export const countries: readonly Country[] = countryCodes
  .map((code) => ({ code, name: nameOf(code), key: sortKey(nameOf(code)) }))
  .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  .map(({ code, name }) => ({ code, name }));

/** The list with the store's country (when known) first, as most of its shoppers live there. */
export function countriesFor(storeCountry: string | null | undefined): readonly Country[] {
  const first = countries.find((country) => country.code === storeCountry);
  return first ? [first, ...countries.filter((country) => country !== first)] : countries;
}

/** The name of a country code (the code itself when it is not on the list). */
export const countryName = (code: string): string => countries.find((country) => country.code === code)?.name ?? code;
