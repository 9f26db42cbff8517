/**
 * In-app browsers: the WebViews that Instagram, Facebook, Messenger, LINE, Snapchat, TikTok,
 * Telegram and WhatsApp open links in. Google refuses OAuth there ("disallowed_useragent") and
 * popups fail, so the pages offer a way into the phone's real browser instead (docs/arrival.md).
 *
 * Recognition is the maintained `inapp-spy` library's (user-agent tokens, Android's `; wv)`, an
 * iPhone without `Safari/`, and Telegram's injected `TelegramWebview*` objects); nothing here is
 * sent anywhere, nothing is stored, and no other property of the device is read.
 */
import InAppSpy from 'inapp-spy';
import { phoneOf, type Phone } from '@dayfocus/contracts/phones';

export interface InAppBrowser {
  /** The app's name ("Instagram"), or null when the browser is embedded but not known by name. */
  appName: string | null;
  phone: Phone | undefined;
  /**
   * The page was opened by our own way out (ESCAPE_PARAM) and is still embedded: the one-tap
   * link did not work in this app, so only the menu's "Open in browser" is left to offer.
   */
  escapeFailed: boolean;
}

/** Query parameter the way-out link adds, so that a page it opened knows it came from there. */
export const ESCAPE_PARAM = 'browser';
export const ESCAPE_VALUE = 'external';

/**
 * The in-app browser this page runs in, or null in a real browser. Google's own app (`GSA/`) is
 * not counted: Google signs in there itself. An iPhone web app started from the home screen
 * (`navigator.standalone`) has no `Safari/` in its user agent either, and is not counted.
 */
export function detectInAppBrowser(
  environment: { userAgent: string; standalone?: boolean; search: string } = {
    userAgent: navigator.userAgent,
    standalone: (navigator as Navigator & { standalone?: boolean }).standalone,
    search: window.location.search,
  },
): InAppBrowser | null {
  if (environment.standalone === true) return null;
  const { isInApp, appName } = InAppSpy({ ua: environment.userAgent, skip: [{ appKey: 'gsa' }] });
  if (!isInApp) return null;
  return {
    appName: appName ?? null,
    phone: phoneOf(environment.userAgent),
    escapeFailed: new URLSearchParams(environment.search).get(ESCAPE_PARAM) === ESCAPE_VALUE,
  };
}

/**
 * The address the way out opens in the real browser: this page (same inviter), with the
 * language it shows (`lg`, since the real browser does not share this one's storage) and the
 * escape marker.
 */
export function escapeTarget(location: { href: string }, language: string): URL {
  const target = new URL(location.href);
  target.hash = '';
  target.searchParams.set('lg', language);
  target.searchParams.set(ESCAPE_PARAM, ESCAPE_VALUE);
  return target;
}

/**
 * A link that opens `target` in the phone's real browser, or null where no such link exists:
 * - Android: an intent for the https (or http) address with no package, so the person's default
 *   browser opens it; if nothing can, the WebView loads the fallback, which is `target` itself
 *   (marked, so the page then shows only the menu instructions and never loops).
 * - iPhone: Safari's own `x-safari-https://` scheme, which some apps still let through.
 */
export function wayOutHref(target: URL, phone: Phone | undefined): string | null {
  const scheme = target.protocol.replace(/:$/, '');
  if (phone === 'android') {
    const fallback = encodeURIComponent(target.href);
    return `intent://${target.host}${target.pathname}${target.search}#Intent;scheme=${scheme};action=android.intent.action.VIEW;category=android.intent.category.BROWSABLE;S.browser_fallback_url=${fallback};end`;
  }
  if (phone === 'ios') return `x-safari-${target.href}`;
  return null;
}

let detected: InAppBrowser | null | undefined;

/** The detection of this page load, made once (the user agent does not change while a page runs). */
export function currentInAppBrowser(): InAppBrowser | null {
  if (detected === undefined) detected = detectInAppBrowser();
  return detected;
}
