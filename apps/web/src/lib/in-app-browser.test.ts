import { afterEach, describe, expect, it } from 'vitest';
import { inAppBrowsers, realBrowsers, SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import { detectInAppBrowser, escapeTarget, wayOutHref } from './in-app-browser';

type TelegramWindow = Window & { TelegramWebview?: object; TelegramWebviewProxy?: object };

afterEach(() => {
  delete (window as TelegramWindow).TelegramWebview;
  delete (window as TelegramWindow).TelegramWebviewProxy;
});

describe('in-app browsers', () => {
  it.each(inAppBrowsers)('recognises $name', ({ userAgent, phone, appName, injected }) => {
    if (injected) (window as TelegramWindow)[injected] = {};
    expect(detectInAppBrowser({ userAgent, search: '' })).toEqual({ appName, phone, escapeFailed: false });
  });

  it.each(realBrowsers)('never takes $name for one', ({ userAgent }) => {
    expect(detectInAppBrowser({ userAgent, search: '' })).toBeNull();
  });

  it('does not take an iPhone web app started from the home screen for one (no Safari/ in its user agent either)', () => {
    const homeScreen = SAFARI_IPHONE.replace(/ Version\/\S+/, '').replace(/ Safari\/\S+$/, '');
    expect(detectInAppBrowser({ userAgent: homeScreen, search: '' })).not.toBeNull();
    expect(detectInAppBrowser({ userAgent: homeScreen, standalone: true, search: '' })).toBeNull();
  });

  it('knows a page that its own way out opened, still inside the app: the one-tap link did not work there', () => {
    const [instagram] = inAppBrowsers;
    expect(
      detectInAppBrowser({ userAgent: instagram?.userAgent ?? '', search: '?lg=hi&browser=external' }),
    ).toMatchObject({
      escapeFailed: true,
    });
  });
});

describe('the way out', () => {
  const page = { href: 'https://dayfocus.app/social-sign-up/inviter%2D1?x=1#top' };

  it('opens the same page, with its language and the escape marker', () => {
    expect(escapeTarget(page, 'hi').href).toBe(
      'https://dayfocus.app/social-sign-up/inviter%2D1?x=1&lg=hi&browser=external',
    );
  });

  it('is an intent for the default browser on Android, falling back to the page itself', () => {
    const target = escapeTarget(page, 'en');
    expect(wayOutHref(target, 'android')).toBe(
      'intent://dayfocus.app/social-sign-up/inviter%2D1?x=1&lg=en&browser=external#Intent;scheme=https;' +
        'action=android.intent.action.VIEW;category=android.intent.category.BROWSABLE;' +
        `S.browser_fallback_url=${encodeURIComponent(target.href)};end`,
    );
  });

  it("is Safari's x-safari-https link on an iPhone, and nothing elsewhere", () => {
    const target = escapeTarget(page, 'en');
    expect(wayOutHref(target, 'ios')).toBe(
      'x-safari-https://dayfocus.app/social-sign-up/inviter%2D1?x=1&lg=en&browser=external',
    );
    expect(wayOutHref(target, undefined)).toBeNull();
  });
});
