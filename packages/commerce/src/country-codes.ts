/**
 * The countries an address may be in (issue 33): the ISO 3166-1 alpha-2 codes that `i18n-iso-countries` names, kept
 * here as one string so every schema can check a code without carrying the names (`countries.ts` has them, for the
 * checkout's list). `country-codes.test.ts` holds it equal to the package's list, so an update of the package that
 * adds or drops a country fails until this follows.
 */
const CODES =
  'ADAEAFAGAIALAMAOAQARASATAUAWAXAZBABBBDBEBFBGBHBIBJBLBMBNBOBQBRBSBTBVBWBYBZCACCCDCFCGCHCICKCLCMCNCOCR' +
  'CUCVCWCXCYCZDEDJDKDMDODZECEEEGEHERESETFIFJFKFMFOFRGAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGYHKHMHNHRHTHU' +
  'IDIEILIMINIOIQIRISITJEJMJOJPKEKGKHKIKMKNKPKRKWKYKZLALBLCLILKLRLSLTLULVLYMAMCMDMEMFMGMHMKMLMMMNMOMPMQ' +
  'MRMSMTMUMVMWMXMYMZNANCNENFNGNINLNONPNRNUNZOMPAPEPFPGPHPKPLPMPNPRPSPTPWPYQARERORSRURWSASBSCSDSESGSHSI' +
  'SJSKSLSMSNSOSRSSSTSVSXSYSZTCTDTFTGTHTJTKTLTMTNTOTRTTTVTWTZUAUGUMUSUYUZVAVCVEVGVIVNVUWFWSXKYEYTZAZMZW';

/** Every country code an address may carry, in alphabetical order of the codes. */
export const countryCodes: readonly string[] = CODES.match(/../g) ?? [];
const known = new Set(countryCodes);

/** Whether `code` (upper case) is a country of the list. */
export const isCountryCode = (code: string): boolean => known.has(code);

/**
 * The country a store's base currency says it is in, or null when the currency is shared by many (the euro, the CFA
 * francs, the East Caribbean dollar): the checkout lists it first. A store that sells in US dollars is taken to be in
 * the United States, the most common case by far.
 */
const currencyCountries: Readonly<Record<string, string>> = {
  USD: 'US',
  GBP: 'GB',
  CAD: 'CA',
  AUD: 'AU',
  NZD: 'NZ',
  JPY: 'JP',
  CNY: 'CN',
  HKD: 'HK',
  TWD: 'TW',
  KRW: 'KR',
  SGD: 'SG',
  INR: 'IN',
  PKR: 'PK',
  BDT: 'BD',
  IDR: 'ID',
  MYR: 'MY',
  PHP: 'PH',
  THB: 'TH',
  VND: 'VN',
  CHF: 'CH',
  SEK: 'SE',
  NOK: 'NO',
  DKK: 'DK',
  ISK: 'IS',
  PLN: 'PL',
  CZK: 'CZ',
  HUF: 'HU',
  RON: 'RO',
  BGN: 'BG',
  RSD: 'RS',
  UAH: 'UA',
  TRY: 'TR',
  ILS: 'IL',
  AED: 'AE',
  SAR: 'SA',
  QAR: 'QA',
  EGP: 'EG',
  MAD: 'MA',
  NGN: 'NG',
  KES: 'KE',
  ZAR: 'ZA',
  MXN: 'MX',
  BRL: 'BR',
  ARS: 'AR',
  CLP: 'CL',
  COP: 'CO',
  PEN: 'PE',
  UYU: 'UY',
};

/** The store's country from its base currency (see `currencyCountries`), or null when it cannot be told. */
export const storeCountryOf = (baseCurrency: string): string | null => currencyCountries[baseCurrency.trim().toUpperCase()] ?? null;
