import { z } from 'zod';
import { MAX_PAGE_DURATION_MS, TRACKING_COOKIES, UNTRACKED_ROUTE_PREFIXES, isUntrackedRoute } from './tracking-rules.ts';

export { MAX_PAGE_DURATION_MS, TRACKING_COOKIES, UNTRACKED_ROUTE_PREFIXES, isUntrackedRoute };

/**
 * Visitor tracking (§3.13, §4, §9): the three beacons a storefront page sends to its own store, the cookies the
 * tracker keeps, and the routes it never reports.
 *
 * IPAddress, GeoLocation and DeviceInfo are the server's to decide: the browser may send what it has cached (the
 * `vt_ip` / `vt_geo` cookies the server set) or nothing, and the server resolves them from the request whatever the
 * browser said (a browser cannot be trusted to say where it is). They are accepted here so the records keep the
 * shape of §3.13.
 */

/** An id a browser makes up (a session, a visitor, an event): short, URL-safe. */
export const trackingId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - and _');

/** The store's id, as the browser knows it; the server writes the request's store whatever this says. */
const webId = z.coerce.number().int().min(1);

/** A moment, as ISO text or epoch milliseconds. */
const timestamp = z.union([z.string().datetime({ offset: true }), z.number().int().min(0)]);

/** An address of the store's page (absolute, or a path). */
const pageUrl = z.string().min(1).max(2000);

/** §3.13 GeoLocation: where the visitor is, as far as the server could tell; every field empty when it could not. */
export const geoLocation = z.object({
  City: z.string().max(200).default(''),
  State: z.string().max(200).default(''),
  Country: z.string().max(200).default(''),
  CountryCode: z.string().max(8).default(''),
  Continent: z.string().max(100).default(''),
  Latitude: z.number().nullable().default(null),
  Longitude: z.number().nullable().default(null),
  Locality: z.string().max(200).default(''),
});
export type GeoLocation = z.infer<typeof geoLocation>;

/** §3.13 DeviceInfo: from the user-agent, on the server. */
export const deviceInfo = z.object({
  Browser: z.string().max(100).default(''),
  OS: z.string().max(100).default(''),
  Device: z.string().max(100).default(''),
});
export type DeviceInfo = z.infer<typeof deviceInfo>;

/** The utm_ parameters of the landing address (§3.13), at most a handful. */
const utmMap = z
  .record(z.string().regex(/^utm_[a-z_]{1,30}$/, 'must be a utm_ parameter'), z.string().max(500))
  .refine((map) => Object.keys(map).length <= 10, 'must have at most 10 parameters');

/** `POST /api/track/add-session` (§3.13 Session). */
export const trackSessionBeacon = z.object({
  SessionID: trackingId,
  VisitorID: trackingId,
  WebID: webId,
  /** The signed-in customer's id; 0 or null for a guest. */
  CustomerID: z.coerce.number().int().min(0).nullable().default(null),
  LandingUrl: pageUrl,
  Referrer: z.string().max(2000).default(''),
  Timestamp: timestamp,
  IPAddress: z.string().max(64).optional(),
  GeoLocation: geoLocation.partial().optional(),
  DeviceInfo: deviceInfo.partial().optional(),
  utm: utmMap.optional(),
});
export type TrackSessionBeacon = z.infer<typeof trackSessionBeacon>;

/** The only event the tracker reports (§3.13). */
export const TRACK_EVENT_TYPES = ['page_view'] as const;

/** `POST /api/track/event` (§3.13 Event). */
export const trackEventBeacon = z.object({
  SessionID: trackingId,
  EventID: trackingId,
  EventType: z.enum(TRACK_EVENT_TYPES),
  Url: pageUrl,
  WebID: webId,
  Timestamp: timestamp,
});
export type TrackEventBeacon = z.infer<typeof trackEventBeacon>;

/** `POST /api/track/update-duration` (§3.13 Duration update): the time on the page so far, in milliseconds as text. */
export const trackDurationBeacon = z.object({
  SessionID: trackingId,
  EventID: trackingId,
  WebID: webId,
  Duration: z.string().regex(/^\d{1,12}$/, 'must be a whole number of milliseconds'),
});
export type TrackDurationBeacon = z.infer<typeof trackDurationBeacon>;

/** The answer of a beacon: accepted, to be written shortly. */
export const trackAccepted = z.object({ data: z.object({ accepted: z.literal(true) }) });
