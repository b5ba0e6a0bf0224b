/**
 * Crawlers, link-preview fetchers and scripted HTTP clients, by a word their user-agent carries. Used to spare bots
 * the error pages (§2.6) and to keep them out of visitor tracking (§9). A headless browser driven by a person's
 * tests is not a crawler: it gets the pages people get (tracking leaves it out through navigator.webdriver).
 */
const botPattern =
  /bot|crawl|spider|slurp|bingpreview|mediapartners|facebookexternalhit|facebot|ia_archiver|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegrambot|discordbot|slackbot|applebot|yandex|baidu|duckduckgo|semrush|ahrefs|mj12|dotbot|petalbot|bytespider|gptbot|ccbot|claudebot|perplexity|phantomjs|curl\/|wget\/|python-requests|go-http-client|java\//i;

/** The longest user-agent string kept (§9). */
export const USER_AGENT_MAX_LENGTH = 500;

/** Whether a user-agent belongs to a bot or an automated client. */
export function isBot(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return botPattern.test(userAgent.slice(0, USER_AGENT_MAX_LENGTH));
}
