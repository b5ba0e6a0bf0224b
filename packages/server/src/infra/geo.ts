import { createRequire } from 'node:module';
import type { DeviceInfo, GeoLocation } from '@vitrine/commerce';
import UAParser from 'ua-parser-js';
import { z } from 'zod';

/**
 * §7's reverse-geocode result, under §7's names, as the local GeoIP data (`geoip-lite`'s, installed with it; no
 * outside service is called) knows it. What the data does not know is null, never made up:
 * - `locality`: geoip-lite names a city and nothing finer, so it is always null (it used to repeat the city);
 * - `principalSubdivision`: the data has a subdivision's ISO 3166-2 code (`principalSubdivisionCode`, `GB-ENG`), not
 *   its name, so the name is null;
 * - `city`, `latitude`, `longitude`: for an address it places in a country alone, the data has no city and gives the
 *   country's middle with a 200–1,000 km radius (8.8.8.8 is a farm in Kansas), so coordinates come only with a city;
 * - `continent`: from the country (GeoNames' grouping), null for a code that is in none.
 * The country's code and name are known whenever there is a result at all.
 */
export const visitorPlace = z.object({
  city: z.string().nullable(),
  principalSubdivision: z.string().nullable(),
  principalSubdivisionCode: z.string().nullable(),
  countryName: z.string(),
  countryCode: z.string(),
  continent: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  locality: z.string().nullable(),
});
export type VisitorPlace = z.infer<typeof visitorPlace>;

/**
 * Where a visitor is and what they browse with (§3.13 IPAddress, GeoLocation, DeviceInfo; §7's IP lookup and
 * reverse-geocode), resolved on the server from the request: the browser is never asked. A failure is not an error
 * (§8): the address is "Unknown" and the place empty.
 */
export interface VisitorLocator {
  /** The visitor's address and place; `ip` is the request's address (`request.ip`, which honours TRUST_PROXY). */
  locate(ip: string | undefined): Promise<{ ip: string; place: VisitorPlace | null }>;
}

/** The IP address §8 records when it cannot be told. */
export const UNKNOWN_IP = 'Unknown';

/**
 * The §3.13 GeoLocation a session records, from §7's place: '' where the place says null (the record's fields are
 * text), and the subdivision's code where its name is not known.
 */
export function geoLocationOf(place: VisitorPlace): GeoLocation {
  return {
    City: place.city ?? '',
    State: place.principalSubdivision ?? place.principalSubdivisionCode ?? '',
    Country: place.countryName,
    CountryCode: place.countryCode,
    Continent: place.continent ?? '',
    Latitude: place.latitude,
    Longitude: place.longitude,
    Locality: place.locality ?? '',
  };
}

interface GeoipLookup {
  country: string;
  region: string;
  city: string;
  ll: [number | null, number | null] | null;
}
interface Geoip {
  lookup(ip: string): GeoipLookup | null;
}

/** Continents by ISO country code, as GeoNames groups them. */
const continentCountries: Record<string, string> = {
  Africa:
    'DZ AO BJ BW BF BI CM CV CF TD KM CG CD CI DJ EG GQ ER ET GA GM GH GN GW KE LS LR LY MG MW ML MR MU YT MA MZ NA NE NG RE RW SH ST SN SC SL SO ZA SS SD SZ TZ TG TN UG EH ZM ZW',
  Antarctica: 'AQ BV GS HM TF',
  Asia: 'AF AM AZ BH BD BT BN KH CN CX CC IO GE HK IN ID IR IQ IL JP JO KZ KP KR KW KG LA LB MO MY MV MN MM NP OM PK PS PH QA SA SG LK SY TW TJ TH TL TR TM AE UZ VN YE',
  Europe:
    'AX AL AD AT BY BE BA BG HR CY CZ DK EE FO FI FR DE GI GR GG VA HU IS IE IM IT JE XK LV LI LT LU MT MD MC ME NL MK NO PL PT RO RU SM RS SK SI ES SJ SE CH UA GB',
  'North America':
    'AI AG AW BS BB BZ BM BQ VG CA KY CR CU CW DM DO SV GL GD GP GT HT HN JM MQ MX MS NI PA PR BL KN LC MF PM VC SX TT TC US VI UM',
  Oceania: 'AS AU CK FJ PF GU KI MH FM NR NC NZ NU NF MP PW PG PN WS SB TK TO TV VU WF',
  'South America': 'AR BO BR CL CO EC FK GF GY PY PE SR UY VE',
};
const continentOf = new Map(
  Object.entries(continentCountries).flatMap(([continent, codes]) => codes.split(' ').map((code) => [code, continent] as const)),
);

/** The continent of an ISO country code; '' when not known. */
export function continentOfCountry(code: string): string {
  return continentOf.get(code.toUpperCase()) ?? '';
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * The default locator: `geoip-lite`'s database, installed with the package. It reads about 110 MB into memory (half a
 * second), so it is loaded on the first session, once, not at start; a process that never sees a visitor never pays.
 */
export class GeoipLocator implements VisitorLocator {
  private geoip: Promise<Geoip> | null = null;

  constructor(private readonly load: () => Geoip = () => createRequire(import.meta.url)('geoip-lite') as Geoip) {}

  async locate(ip: string | undefined): Promise<{ ip: string; place: VisitorPlace | null }> {
    const address = ip?.trim().replace(/^::ffff:/, '');
    if (!address) return { ip: UNKNOWN_IP, place: null };
    try {
      this.geoip ??= new Promise((resolve, reject) =>
        // Off the request that asked first: the read is synchronous, and a failed load is tried again next time.
        setImmediate(() => {
          try {
            resolve(this.load());
          } catch (error) {
            this.geoip = null;
            reject(error as Error);
          }
        }),
      );
      const found = (await this.geoip).lookup(address);
      if (!found?.country) return { ip: address, place: null };
      const city = found.city || null;
      const [latitude, longitude] = city && found.ll ? found.ll : [null, null];
      return {
        ip: address,
        place: {
          city,
          principalSubdivision: null,
          principalSubdivisionCode: found.region ? `${found.country}-${found.region}` : null,
          countryName: countryNames.of(found.country) ?? found.country,
          countryCode: found.country,
          continent: continentOfCountry(found.country) || null,
          latitude: latitude ?? null,
          longitude: longitude ?? null,
          locality: null,
        },
      };
    } catch {
      return { ip: address, place: null };
    }
  }
}

/** The device type as the owner's analytics group it: Desktop unless the user-agent says otherwise. */
function deviceName(type: string | undefined): string {
  if (!type) return 'Desktop';
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/** Browser, OS and device from a user-agent (ua-parser-js 1, MIT). Empty names for what it cannot tell. */
export function deviceOf(userAgent: string): DeviceInfo {
  const parsed = new UAParser(userAgent).getResult();
  return { Browser: parsed.browser.name ?? '', OS: parsed.os.name ?? '', Device: deviceName(parsed.device.type) };
}
