/**
 * Crawlers, preview fetchers and automated browsers, by a word their user-agent carries. Used to spare bots the
 * error pages (§2.6) and to keep them out of visitor tracking (§9).
 */
const botPattern =
  /bot|crawl|spider|slurp|bingpreview|mediapartners|facebookexternalhit|facebot|ia_archiver|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegrambot|discordbot|slackbot|applebot|yandex|baidu|duckduckgo|semrush|ahrefs|mj12|dotbot|petalbot|bytespider|gptbot|ccbot|claudebot|perplexity|headlesschrome|phantomjs|lighthouse|curl\/|wget\/|python-requests|go-http-client|java\//i;

/** The longest user-agent string kept (§9). */
export const USER_AGENT_MAX_LENGTH = 500;

/** Whether a user-agent belongs to a bot or an automated client. */
export function isBot(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return botPattern.test(userAgent.slice(0, USER_AGENT_MAX_LENGTH));
}
