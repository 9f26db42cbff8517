/**
 * Where invite links are opened, as the browsers there identify themselves (docs/arrival.md):
 * the in-app browsers of the apps links travel through, and the real browsers that must never
 * be taken for one. Shared by the detection's unit test and the browser tests.
 */

export interface Arrival {
  /** How the person arrives, as a test names it. */
  name: string;
  userAgent: string;
  platform: 'android' | 'ios' | 'other';
  /** The app's name as the page says it; null where only the embedding is known. */
  appName: string | null;
  /** Telegram has no user-agent token: it injects this object into its WebView's pages. */
  injected?: 'TelegramWebview' | 'TelegramWebviewProxy';
}

const androidWebView = (chrome: string, device = 'Pixel 8 Build/AP2A.240805.005') =>
  `Mozilla/5.0 (Linux; Android 14; ${device}; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/${chrome} Mobile Safari/537.36`;
const iPhoneWebView = (os = '17_5') =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS ${os} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148`;

export const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export const inAppBrowsers: Arrival[] = [
  {
    name: 'Instagram on Android',
    userAgent: `${androidWebView('126.0.6478.71', 'SM-S911B Build/UP1A.231005.007')} Instagram 337.0.0.35.102 Android (34/14; 450dpi; 1080x2340; samsung; SM-S911B; dm1q; qcom; en_IN; 618012345)`,
    platform: 'android',
    appName: 'Instagram',
  },
  {
    name: 'Facebook on Android',
    userAgent: `${androidWebView('125.0.6422.165')} [FB_IAB/FB4A;FBAV/468.0.0.55.105;IABMV/1;]`,
    platform: 'android',
    appName: 'Facebook',
  },
  {
    name: 'Messenger on Android',
    userAgent: `${androidWebView('125.0.6422.165')} [FB_IAB/Orca-Android;FBAV/459.0.0.11.110;]`,
    platform: 'android',
    appName: 'Facebook Messenger',
  },
  {
    name: 'LINE on Android',
    userAgent: `${androidWebView('125.0.6422.165')} Line/14.8.1/IAB`,
    platform: 'android',
    appName: 'Line',
  },
  {
    name: 'WhatsApp on Android',
    userAgent: `${androidWebView('127.0.6533.103')} WA4A/2.24.18.80`,
    platform: 'android',
    appName: 'WhatsApp',
  },
  {
    name: 'TikTok on Android',
    userAgent: `${androidWebView('126.0.6478.134')} trill_350402 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/35.4.2 ByteLocale/en Region/IN BytedanceWebview/d8a21c6`,
    platform: 'android',
    appName: 'TikTok',
  },
  {
    name: 'Telegram on Android',
    userAgent: CHROME_ANDROID,
    platform: 'android',
    appName: 'Telegram',
    injected: 'TelegramWebview',
  },
  {
    name: 'Instagram on iPhone',
    userAgent: `${iPhoneWebView('16_6')} Instagram 302.0.0.23.114 (iPhone14,5; iOS 16_6; en_IN; en-IN; scale=3.00; 1170x2532; 522352345)`,
    platform: 'ios',
    appName: 'Instagram',
  },
  {
    name: 'Facebook on iPhone',
    userAgent: `${iPhoneWebView('17_1')} [FBAN/FBIOS;FBAV/442.0.0.43.112;FBBV/548813392;FBDV/iPhone14,2;FBMD/iPhone;FBSN/iOS;FBSV/17.1;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;IABMV/1]`,
    platform: 'ios',
    appName: 'Facebook',
  },
  {
    name: 'Snapchat on iPhone',
    userAgent: `${iPhoneWebView()} Snapchat/13.2.0.41 (like Safari/8618.2.12.10.7, panda)`,
    platform: 'ios',
    appName: 'Snapchat',
  },
  {
    name: 'LINE on iPhone',
    userAgent: `${iPhoneWebView()} Safari Line/14.9.0`,
    platform: 'ios',
    appName: 'Line',
  },
  {
    name: 'WhatsApp on iPhone',
    userAgent: `${iPhoneWebView('18_1')} WAiOS/24.21.78`,
    platform: 'ios',
    appName: 'WhatsApp',
  },
  {
    name: 'TikTok on iPhone',
    userAgent: `${iPhoneWebView()} musical_ly_35.1.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/IN WKWebView/1 BytedanceWebview/d8a21c6`,
    platform: 'ios',
    appName: 'TikTok',
  },
  {
    name: 'Telegram on iPhone',
    userAgent: SAFARI_IPHONE,
    platform: 'ios',
    appName: 'Telegram',
    injected: 'TelegramWebviewProxy',
  },
];

/** Real browsers: never taken for an in-app browser (Google sign-in and popups work there). */
export const realBrowsers: Pick<Arrival, 'name' | 'userAgent'>[] = [
  { name: 'Chrome on Android', userAgent: CHROME_ANDROID },
  {
    name: 'Samsung Internet',
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  },
  { name: 'Firefox on Android', userAgent: 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0' },
  { name: 'Safari on iPhone', userAgent: SAFARI_IPHONE },
  {
    name: 'Chrome on iPhone',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  },
  {
    name: 'Firefox on iPhone',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
  },
  {
    name: 'Edge on iPhone',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/126.0.2592.56 Mobile/15E148 Safari/604.1',
  },
  {
    name: 'the Google app on iPhone',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/323.0.647062479 Mobile/15E148 Safari/604.1',
  },
  {
    name: 'Chrome on Windows',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  },
];
