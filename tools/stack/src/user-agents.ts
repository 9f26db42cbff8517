/**
 * Where invite links are opened, as the browsers, apps and link-preview fetchers there identify
 * themselves: the one list of user agents every suite reads (the functions' tests by phone,
 * the web app's detection test and browser tests by arrival, docs/arrival.md). Data only, with no
 * Node import, so that jsdom's tests load it as the browser tests do.
 */
import type { Phone } from '@dayfocus/contracts/phones';

export interface Arrival {
  /** How the person arrives, as a test names it. */
  name: string;
  userAgent: string;
  /** Every in-app browser here runs on a phone. */
  phone: Phone;
  /** The app's name as the page says it; null where only the embedding is known. */
  appName: string | null;
  /** Telegram has no user-agent token: it injects this object into its WebView's pages. */
  injected?: 'TelegramWebview' | 'TelegramWebviewProxy';
}

const androidWebView = (chrome: string, device = 'Pixel 8 Build/AP2A.240805.005') =>
  `Mozilla/5.0 (Linux; Android 14; ${device}; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/${chrome} Mobile Safari/537.36`;
const iPhoneWebView = (os = '17_5') =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS ${os} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148`;
/** An iPhone browser on iOS 17.5: `{token}` is its own (`Version/17.5`, `CriOS/…`) and what follows Mobile/. */
const iPhoneBrowser = (token: string, tail = 'Safari/604.1') =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ${token} Mobile/15E148 ${tail}`;

export const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36';
export const SAFARI_IPHONE = iPhoneBrowser('Version/17.5');
const CHROME_IPHONE = iPhoneBrowser('CriOS/126.0.6478.54');
const SAMSUNG_INTERNET =
  'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0';
export const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const INSTAGRAM_IPHONE = `${iPhoneWebView('16_6')} Instagram 302.0.0.23.114 (iPhone14,5; iOS 16_6; en_IN; en-IN; scale=3.00; 1170x2532; 522352345)`;
const FACEBOOK_IPHONE = `${iPhoneWebView('17_1')} [FBAN/FBIOS;FBAV/442.0.0.43.112;FBBV/548813392;FBDV/iPhone14,2;FBMD/iPhone;FBSN/iOS;FBSV/17.1;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;IABMV/1]`;

/** The in-app browsers of the apps links travel through, and what the page must say in each. */
export const inAppBrowsers: Arrival[] = [
  {
    name: 'Instagram on Android',
    userAgent: `${androidWebView('126.0.6478.71', 'SM-S911B Build/UP1A.231005.007')} Instagram 337.0.0.35.102 Android (34/14; 450dpi; 1080x2340; samsung; SM-S911B; dm1q; qcom; en_IN; 618012345)`,
    phone: 'android',
    appName: 'Instagram',
  },
  {
    name: 'Facebook on Android',
    userAgent: `${androidWebView('125.0.6422.165')} [FB_IAB/FB4A;FBAV/468.0.0.55.105;IABMV/1;]`,
    phone: 'android',
    appName: 'Facebook',
  },
  {
    name: 'Messenger on Android',
    userAgent: `${androidWebView('125.0.6422.165')} [FB_IAB/Orca-Android;FBAV/459.0.0.11.110;]`,
    phone: 'android',
    appName: 'Facebook Messenger',
  },
  {
    name: 'LINE on Android',
    userAgent: `${androidWebView('125.0.6422.165')} Line/14.8.1/IAB`,
    phone: 'android',
    appName: 'Line',
  },
  {
    name: 'WhatsApp on Android',
    userAgent: `${androidWebView('127.0.6533.103')} WA4A/2.24.18.80`,
    phone: 'android',
    appName: 'WhatsApp',
  },
  {
    name: 'TikTok on Android',
    userAgent: `${androidWebView('126.0.6478.134')} trill_350402 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/35.4.2 ByteLocale/en Region/IN BytedanceWebview/d8a21c6`,
    phone: 'android',
    appName: 'TikTok',
  },
  {
    name: 'Telegram on Android',
    userAgent: CHROME_ANDROID,
    phone: 'android',
    appName: 'Telegram',
    injected: 'TelegramWebview',
  },
  { name: 'Instagram on iPhone', userAgent: INSTAGRAM_IPHONE, phone: 'ios', appName: 'Instagram' },
  { name: 'Facebook on iPhone', userAgent: FACEBOOK_IPHONE, phone: 'ios', appName: 'Facebook' },
  {
    name: 'Snapchat on iPhone',
    userAgent: `${iPhoneWebView()} Snapchat/13.2.0.41 (like Safari/8618.2.12.10.7, panda)`,
    phone: 'ios',
    appName: 'Snapchat',
  },
  {
    name: 'LINE on iPhone',
    userAgent: `${iPhoneWebView()} Safari Line/14.9.0`,
    phone: 'ios',
    appName: 'Line',
  },
  {
    name: 'WhatsApp on iPhone',
    userAgent: `${iPhoneWebView('18_1')} WAiOS/24.21.78`,
    phone: 'ios',
    appName: 'WhatsApp',
  },
  {
    name: 'TikTok on iPhone',
    userAgent: `${iPhoneWebView()} musical_ly_35.1.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/IN WKWebView/1 BytedanceWebview/d8a21c6`,
    phone: 'ios',
    appName: 'TikTok',
  },
  {
    name: 'Telegram on iPhone',
    userAgent: SAFARI_IPHONE,
    phone: 'ios',
    appName: 'Telegram',
    injected: 'TelegramWebviewProxy',
  },
];

/** Real browsers: never taken for an in-app browser (Google sign-in and popups work there). */
export const realBrowsers: Pick<Arrival, 'name' | 'userAgent'>[] = [
  { name: 'Chrome on Android', userAgent: CHROME_ANDROID },
  { name: 'Samsung Internet', userAgent: SAMSUNG_INTERNET },
  { name: 'Firefox on Android', userAgent: FIREFOX_ANDROID },
  { name: 'Safari on iPhone', userAgent: SAFARI_IPHONE },
  { name: 'Chrome on iPhone', userAgent: CHROME_IPHONE },
  { name: 'Firefox on iPhone', userAgent: iPhoneBrowser('FxiOS/127.0', 'Safari/605.1.15') },
  { name: 'Edge on iPhone', userAgent: iPhoneBrowser('Version/17.0 EdgiOS/126.0.2592.56') },
  { name: 'the Google app on iPhone', userAgent: iPhoneBrowser('GSA/323.0.647062479') },
  { name: 'Chrome on Windows', userAgent: CHROME_WINDOWS },
];

/** Devices by the phone a link answers for (`web`: none), and the link-preview fetchers. */
export const userAgents = {
  ios: {
    'Safari on iPhone (iOS 17)': SAFARI_IPHONE,
    // iOS 26 froze the version in the user agent at 18_6 (only Safari's Version/ moves on).
    'Safari on iPhone (iOS 26)':
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Mobile/15E148 Safari/604.1',
    'Chrome on iPhone': CHROME_IPHONE,
    'Safari on iPad (iOS 12)':
      'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
    'Instagram in-app browser on iPhone': INSTAGRAM_IPHONE,
    'Facebook in-app browser on iPhone': FACEBOOK_IPHONE,
  },
  android: {
    'Chrome on Android': CHROME_ANDROID,
    'Samsung Internet': SAMSUNG_INTERNET,
    'Firefox on Android': FIREFOX_ANDROID,
    'Chrome on an Android tablet':
      'Mozilla/5.0 (Linux; Android 12; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36',
  },
  web: {
    'Chrome on Windows': CHROME_WINDOWS,
    'Safari on macOS':
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    'Firefox on Linux': 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    'Edge on Windows': `${CHROME_WINDOWS} Edg/126.0.2592.68`,
    curl: 'curl/8.5.0',
    'no user agent': '',
  },
  crawler: {
    Slack: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    WhatsApp: 'WhatsApp/2.23.20.0 A',
    Facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Twitter/X': 'Twitterbot/1.0',
    iMessage:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
    Telegram: 'TelegramBot (like TwitterBot)',
    LinkedIn: 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    Discord: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  },
} as const;

export type UserAgentGroup = keyof typeof userAgents;

/** [group, device name, user-agent string] for it.each tables. */
export const allUserAgents: [UserAgentGroup, string, string][] = (Object.keys(userAgents) as UserAgentGroup[]).flatMap(
  (group) =>
    Object.entries(userAgents[group]).map(([name, ua]) => [group, name, ua] as [UserAgentGroup, string, string]),
);

/**
 * The iOS versions a user agent may report: iOS 26 reports `18_6` whatever it runs (a frozen user
 * agent), older phones their own. Nothing of ours may read the version (docs/arrival.md).
 */
export const reportedIosVersions = ['12_2', '17_5', '18_6', '26_0'] as const;

/**
 * `userAgent` reporting the iOS version `version` (`18_6`) wherever it names one: the OS token, an
 * app's `iOS 16_6` or `FBSV/17.1`, and Safari's `Version/`. The same string when it names none.
 */
export function withIosVersion(userAgent: string, version: (typeof reportedIosVersions)[number]): string {
  const dotted = version.replace('_', '.');
  return userAgent
    .replace(/\b(CPU (?:iPhone )?OS) \d+(?:_\d+)+/g, `$1 ${version}`)
    .replace(/\biOS \d+(?:_\d+)+/g, `iOS ${version}`)
    .replace(/\bFBSV\/\d+(?:\.\d+)*/g, `FBSV/${dotted}`)
    .replace(/\bVersion\/\d+(?:\.\d+)*/g, `Version/${dotted}`);
}
