/**
 * What the server writes into a shopper page for the marketing runtime to find (`head.server.ts` writes them,
 * `runtime.client.ts` reads them).
 */

/** The inert template holding the store's tags, which the runtime puts in when consent allows. */
export const MARKETING_TAGS_ID = 'vt-marketing-tags';

/** On the tags' template when the store's customScript does not parse, so the shopper's console says so too (§8). */
export const UNPARSED_CUSTOM_SCRIPT = 'data-vt-unparsed-custom-script';

/** The consent banner the server draws for a shopper not yet asked. */
export const CONSENT_BANNER_ID = 'vt-consent';

/**
 * On the footer's "Cookie settings" (issue 33): a click on it shows the consent banner again, so the choice can be
 * changed. Spelled out in `@vitrine/sections`' footer too, which does not depend on the storefront.
 */
export const CONSENT_SETTINGS = 'data-vt-consent-settings';
