import { trackAccepted, trackDurationBeacon, trackEventBeacon, trackSessionBeacon } from './tracking.ts';
import { endpoint } from './endpoint.ts';

/** A beacon's body is a few hundred bytes; anything near this is not a beacon. */
const BEACON_BODY_BYTES = 16 * 1024;

/**
 * Visitor tracking (§3.13, §7): the beacons a storefront page sends. Each is accepted at once (202) and written in a
 * batch shortly after; what the server resolves itself (address, location, device) it does not take from the body.
 */
export const trackingEndpoints = {
  addSession: endpoint({
    method: 'POST',
    path: '/api/track/add-session',
    caller: 'visitor',
    body: trackSessionBeacon,
    answer: trackAccepted,
    status: 202,
    bodyLimit: BEACON_BODY_BYTES,
  }),
  event: endpoint({
    method: 'POST',
    path: '/api/track/event',
    caller: 'visitor',
    body: trackEventBeacon,
    answer: trackAccepted,
    status: 202,
    bodyLimit: BEACON_BODY_BYTES,
  }),
  updateDuration: endpoint({
    method: 'POST',
    path: '/api/track/update-duration',
    caller: 'visitor',
    body: trackDurationBeacon,
    answer: trackAccepted,
    status: 202,
    bodyLimit: BEACON_BODY_BYTES,
  }),
};
