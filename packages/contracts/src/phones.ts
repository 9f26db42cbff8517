/**
 * The phone a visitor holds, as the browser and the server tell it from the user agent: one word
 * for the store shown first, the short link's page, the app a sign-in handoff is minted for. A
 * desktop, a link-preview crawler and anything else hold none (`undefined`).
 */

/** The phones the app is made for. */
export const PHONES = ['android', 'ios'] as const;
export type Phone = (typeof PHONES)[number];

/**
 * Link-preview fetchers. iMessage fetches as "facebookexternalhit ... Facebot Twitterbot";
 * the in-app browsers of these apps (FBAN, "Twitter for iPhone", LinkedInApp) are people
 * and do not match.
 */
const CRAWLERS =
  /facebookexternalhit|Facebot|Twitterbot|Slackbot|Slack-ImgProxy|WhatsApp\/|TelegramBot|LinkedInBot|Discordbot|SkypeUriPreview|Pinterestbot|redditbot|Embedly|Googlebot|bingbot|Applebot/i;
const IOS = /\b(iPhone|iPad|iPod)\b/;
const ANDROID = /\bAndroid\b/;

/** Whether the user agent is a link preview's crawler, whatever phone its string names. */
export function isCrawler(userAgent: string | undefined): boolean {
  return CRAWLERS.test(userAgent ?? '');
}

/** The visitor's phone, or `undefined`: a desktop, a crawler, anything else. */
export function phoneOf(userAgent: string | undefined): Phone | undefined {
  const ua = userAgent ?? '';
  if (isCrawler(ua)) return undefined;
  if (IOS.test(ua)) return 'ios';
  if (ANDROID.test(ua)) return 'android';
  return undefined;
}

/** Whether a value (a request's field, a stored record's) names a phone. */
export function isPhone(value: unknown): value is Phone {
  return (PHONES as readonly unknown[]).includes(value);
}
