import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { linkRequestFromPath, playStoreUrlFor, visitorOf } from '@dayfocus/contracts/link-paths';
import { phoneOf } from '@dayfocus/contracts/phones';
import { localFunctionParams } from '@dayfocus/stack/function-params';
import { allUserAgents, userAgents } from '@dayfocus/stack/user-agents';
import { parseLinkSettings, type RawLinkSettings } from '../../src/platform/domain/link-settings.js';
import { invitationUrlFor, linkPageContent, queryLanguageOf } from '../../src/short-links/domain/link-pages.js';
import {
  androidAssetLinks,
  androidIntentUrl,
  answerForLink,
  appleAppSiteAssociation,
  linkTargetFor,
  newLinkCode,
  servedLink,
} from '../../src/short-links/domain/app-links.js';
import { localLinkSettings as local } from '../short-links.js';

const production: Partial<RawLinkSettings> = {
  PRODUCT_DOMAIN: 'https://dayfocus.app',
  LINK_ORIGIN: 'https://dayfocus.app',
  PRODUCT_IMAGE_URL: 'https://dayfocus.app/images/dayfocus-preview.png',
  APPLE_TEAM_ID: 'A1B2C3D4E5',
  ANDROID_CERT_SHA256: `${'AB:'.repeat(31)}CD, ${'12:'.repeat(31)}34`,
};

describe('who is asking, by user agent', () => {
  it.each(allUserAgents)('%s: %s', (group, _name, userAgent) => {
    expect(visitorOf(userAgent)).toBe(group);
  });

  it('treats a missing user agent as the web', () => {
    expect(visitorOf(undefined)).toBe('web');
  });

  it.each(allUserAgents)('%s: %s holds the phone its group names, or none', (group, _name, userAgent) => {
    expect(phoneOf(userAgent)).toBe(group === 'ios' || group === 'android' ? group : undefined);
  });
});

describe('link codes', () => {
  it('are 10 URL-safe characters, different every time', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => newLinkCode((n) => randomBytes(n))));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{10}$/);
  });

  it("are never one of Firestore's reserved __…__ ids: such a draw is drawn again", () => {
    const draws = [new Uint8Array(10).fill(63), new Uint8Array(10).fill(63), new Uint8Array(10).fill(0)]; // '_' is symbol 63
    const code = newLinkCode(() => draws.shift() ?? new Uint8Array(10));
    expect(code).toBe('AAAAAAAAAA');
    expect(draws).toHaveLength(0);
  });

  it('use all 64 symbols evenly (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 4000; i++)
      for (const c of newLinkCode((n) => randomBytes(n))) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(64);
    // 40000 symbols over 64: 625 each on average; a biased generator would leave some near half.
    for (const count of counts.values()) expect(count).toBeGreaterThan(500);
  });

  it.each([
    ['/l/AbCdEf12_-', 'AbCdEf12_-'],
    ['/l/AbCdEf12_-/', 'AbCdEf12_-'],
    ['/l/AbCdEf12_-?utm_source=whatsapp', 'AbCdEf12_-'],
    ['/l/AbCdEf12_-?src=qr/qr.svg', 'AbCdEf12_-'],
  ])('are read from %s, an open of the link', (path, code) => {
    expect(linkRequestFromPath(path)).toEqual({ code, resource: 'open' });
  });

  it.each([
    ['/l/AbCdEf12_-/qr.svg', 'AbCdEf12_-'],
    ['/l/AbCdEf12_-/qr.svg?src=whatsapp', 'AbCdEf12_-'],
  ])('are read from %s, a request for the QR code', (path, code) => {
    expect(linkRequestFromPath(path)).toEqual({ code, resource: 'qr' });
  });

  it.each([
    '/l/',
    '/l',
    '/l/short',
    `/l/${'a'.repeat(33)}`,
    `/l/${'a'.repeat(5000)}`,
    '/l/../x',
    '/l/..%2Fx1234567',
    '/l/abc%2F..%2Fdefgh',
    '/l/abcdefgh%00',
    '/l/abcdefgh/extra',
    '//l/abcdefgh',
    '/x/l/abcdefgh',
    '/l/abcdefgh.json',
    '/l/ab cdefgh',
    '/l/abcdefgh/qr.svg/',
    '/l/abcdefgh/qr.svg/extra',
    '/l/abcdefgh/extra/qr.svg',
    '/l/__abcdef__',
    '/l/__abcdef__/qr.svg',
    '/l/abcdefgh//qr.svg',
    '/l/abcdefgh/qr.png',
    '/l/abcdefgh/QR.svg',
    '/l/abcdefgh/qr%2Esvg',
    '/l/abcdefghqr.svg/x',
    '/l/qr.svg',
  ])('are refused in the malformed path %s', (path) => {
    expect(linkRequestFromPath(path)).toBeNull();
  });
});

describe('which stored link is served, and where it sends anyone', () => {
  const stored = { code: 'AbCdEf12_-', inviterId: 'inviter-1' };
  const live = { ownerNamesIt: true, inviterIsPublic: true };

  it("serves a link its owner record names, of an inviter with a public face, to the inviter's own target", () => {
    expect(servedLink(stored, live, local)).toEqual({ ...stored, target: linkTargetFor(local, 'inviter-1') });
  });

  it('serves a link of hers for one chat without her owner record, until she retires it', () => {
    const chat = { ...stored, kind: 'chat' as const };
    const notNamed = { ...live, ownerNamesIt: false };
    expect(servedLink(chat, notNamed, local)).toEqual({ ...stored, target: linkTargetFor(local, 'inviter-1') });
    expect(servedLink({ ...chat, retiredAt: '2026-11-29T00:00:00.000Z' }, live, local)).toBeNull();
    expect(servedLink(chat, { ...notNamed, inviterIsPublic: false }, local)).toBeNull();
  });

  it('never serves the target stored with the link: a rewritten one sends nobody elsewhere', () => {
    const rewritten = { ...stored, target: 'https://evil.example/' };
    expect(servedLink(rewritten, live, local)?.target).toBe('http://127.0.0.1:5000/?userId=inviter-1');
  });

  it.each([
    ['no link', null, live],
    [
      'a link its owner record no longer names (retired by hand, or not hers)',
      stored,
      { ...live, ownerNamesIt: false },
    ],
    ['a link of an inviter without a public face', stored, { ...live, inviterIsPublic: false }],
    ['a link naming no usable inviter', { ...stored, inviterId: 'a/b' }, live],
    ['a link naming no inviter at all', { code: stored.code } as typeof stored, live],
  ])('serves nothing for %s', (_case, link, facts) => {
    expect(servedLink(link, facts, local)).toBeNull();
  });
});

describe('where a visitor is sent', () => {
  const link = { code: 'AbCdEf12_-', inviterId: 'inviter-1', target: linkTargetFor(local, 'inviter-1') };

  it('targets the product domain with the inviter as userId (docs/short-links.md)', () => {
    expect(linkTargetFor({ productDomain: 'https://dayfocus.app' }, 'a b&c')).toBe(
      'https://dayfocus.app/?userId=a+b%26c',
    );
  });

  const shortLink = 'http://127.0.0.1:5000/l/AbCdEf12_-';
  const appStoreUrl = 'https://apps.apple.com/app/id6475332296';
  const play = 'https://play.google.com/store/apps/details?id=com.dayfocus.app&referrer=invite%3DAbCdEf12_-';
  const scheme = `dayfocus://open?link=${encodeURIComponent(link.target)}`;

  it('gives a desktop its page (the QR code, the invitation), no redirect to the front door', () => {
    expect(answerForLink(link, userAgents.web['Chrome on Windows'], local)).toEqual({
      kind: 'invite',
      phone: undefined,
      inviterId: 'inviter-1',
      shortLink,
      appUrl: scheme,
      appStoreUrl,
      playStoreUrl: play,
    });
  });

  it('tries the custom scheme on iOS, with the App Store', () => {
    expect(answerForLink(link, userAgents.ios['Safari on iPhone (iOS 17)'], local)).toEqual({
      kind: 'invite',
      phone: 'ios',
      inviterId: 'inviter-1',
      shortLink,
      appUrl: scheme,
      appStoreUrl,
      playStoreUrl: play,
    });
  });

  it('gives Android an intent for com.dayfocus.app with Google Play, carrying the invite, as the fallback', () => {
    const intent =
      `intent://open?link=${encodeURIComponent(link.target)}#Intent;scheme=dayfocus;package=com.dayfocus.app;` +
      `S.browser_fallback_url=${encodeURIComponent(play)};end`;
    expect(answerForLink(link, userAgents.android['Chrome on Android'], local)).toMatchObject({
      phone: 'android',
      appUrl: intent,
      playStoreUrl: play,
    });
    expect(androidIntentUrl(link.target, play)).toBe(intent);
  });

  it('gives crawlers the desktop page with the preview', () => {
    expect(answerForLink(link, userAgents.crawler.WhatsApp, local)).toMatchObject({
      kind: 'invite',
      phone: undefined,
      shortLink,
      preview: {
        title: 'Dayfocus Daily Task Focus',
        description: 'Friends help each other finish everyday tasks. Join me on Dayfocus.',
        imageUrl: 'http://127.0.0.1:5000/images/dayfocus-preview.png',
      },
    });
  });

  it.each([
    null,
    { code: 'AbCdEf12_-', inviterId: 'inviter-1', target: 'javascript:alert(1)' },
    { code: 'x', inviterId: 'inviter-1', target: 'https://u:p@evil.test/' },
  ])('answers not-found, never a redirect, for no link or an unsafe target (%j)', (link) => {
    for (const [, , userAgent] of allUserAgents)
      expect(answerForLink(link, userAgent, local)).toEqual({ kind: 'not-found' });
  });
});

describe('the Google Play URL of an invite (Android install referrer)', () => {
  /** What the Play Install Referrer API hands the app: the `referrer` parameter, decoded once. */
  const installReferrerOf = (url: string) => new URL(url).searchParams.getAll('referrer');

  it.each([
    [
      'a URL with a query',
      'https://play.google.com/store/apps/details?id=com.dayfocus.app',
      'https://play.google.com/store/apps/details?id=com.dayfocus.app&referrer=invite%3DAbCdEf12_-',
    ],
    [
      'a URL with several parameters',
      'https://play.google.com/store/apps/details?id=com.dayfocus.app&hl=hi',
      'https://play.google.com/store/apps/details?id=com.dayfocus.app&hl=hi&referrer=invite%3DAbCdEf12_-',
    ],
    [
      'a URL without a query',
      'https://play.example.test/dayfocus',
      'https://play.example.test/dayfocus?referrer=invite%3DAbCdEf12_-',
    ],
    [
      'a URL ending in an empty query',
      'https://play.example.test/dayfocus?',
      'https://play.example.test/dayfocus?referrer=invite%3DAbCdEf12_-',
    ],
    [
      'a URL that already names a referrer',
      'https://play.google.com/store/apps/details?referrer=utm_source%3Dsite&id=com.dayfocus.app',
      'https://play.google.com/store/apps/details?referrer=invite%3DAbCdEf12_-&id=com.dayfocus.app',
    ],
  ])('carries the invite as the install referrer, given %s', (_case, configured, expected) => {
    const url = playStoreUrlFor(configured, 'AbCdEf12_-');
    expect(url).toBe(expected);
    expect(installReferrerOf(url)).toEqual(['invite=AbCdEf12_-']);
  });

  it('keeps the rest of the configured URL as it was', () => {
    const url = new URL(
      playStoreUrlFor('https://play.google.com/store/apps/details?id=com.dayfocus.app&hl=hi#x', 'c0de_-c0de'),
    );
    expect([url.origin, url.pathname, url.searchParams.get('id'), url.searchParams.get('hl'), url.hash]).toEqual([
      'https://play.google.com',
      '/store/apps/details',
      'com.dayfocus.app',
      'hi',
      '#x',
    ]);
  });
});

describe('the pages', () => {
  const link = { code: 'AbCdEf12_-', inviterId: 'inviter-1', target: linkTargetFor(local, 'inviter-1') };
  const inviter = { inviterId: 'inviter-1', name: 'Asha Verma', photoUrl: null };

  it("lead on the web to the inviter's invitation in the page's language, not to the front door", () => {
    const page = linkPageContent(answerForLink(link, userAgents.ios['Safari on iPhone (iOS 17)'], local), {
      inviter,
      phone: 'ios',
      language: 'hi',
      settings: local,
    });
    expect(page).toMatchObject({
      kind: 'invite',
      inviter,
      // Marked as her short link's way in (docs/invite-funnel.md).
      invitationUrl: 'http://127.0.0.1:5000/feedback/inviter-1/hi?via=link&link=AbCdEf12_-',
      qrCodePath: '/l/AbCdEf12_-/qr.svg',
    });
    expect(invitationUrlFor({ productDomain: 'https://dayfocus.app' }, 'a/b', 'en')).toBe(
      'https://dayfocus.app/feedback/a%2Fb/en?via=link',
    );
    expect(invitationUrlFor({ productDomain: 'https://dayfocus.app' }, 'a', 'en', 'qr')).toBe(
      'https://dayfocus.app/feedback/a/en?via=qr',
    );
  });

  it("are the unknown link's page, with the stores, when there is no link or no inviter", () => {
    const unknown = {
      kind: 'not-found',
      phone: 'android',
      appStoreUrl: 'https://apps.apple.com/app/id6475332296',
      playStoreUrl: 'https://play.google.com/store/apps/details?id=com.dayfocus.app',
    };
    const context = { inviter, phone: 'android' as const, language: 'en' as const, settings: local };
    expect(linkPageContent({ kind: 'not-found' }, context)).toEqual(unknown);
    const android = answerForLink(link, userAgents.android['Chrome on Android'], local);
    expect(linkPageContent(android, { ...context, inviter: null })).toEqual(unknown);
  });

  it("hand the renderer the language the page's switch asked for, as sent", () => {
    expect(queryLanguageOf('/l/AbCdEf12_-?lg=en')).toBe('en');
    expect(queryLanguageOf('/l/AbCdEf12_-?src=qr&lg=hi')).toBe('hi');
    expect(queryLanguageOf('/l/AbCdEf12_-?lg=fr')).toBe('fr');
    expect(queryLanguageOf('/l/AbCdEf12_-')).toBeUndefined();
  });
});

describe('settings', () => {
  it("on the local stack, are the stack's own", () => {
    expect(local).toMatchObject({
      productDomain: 'http://127.0.0.1:5000',
      linkOrigin: 'http://127.0.0.1:5000',
    });
  });

  it('accept a complete production configuration', () => {
    const settings = parseLinkSettings(production, { deployed: true });
    expect(settings.androidCertFingerprints).toEqual([`${'AB:'.repeat(31)}CD`, `${'12:'.repeat(31)}34`]);
  });

  it('refuse settings left unset, naming each one, and take the defaults that serve every project', () => {
    expect(() => parseLinkSettings({}, { deployed: false })).toThrow(
      'The short-link settings are not usable: APPLE_TEAM_ID is not set; ANDROID_CERT_SHA256 is not set; ' +
        'PRODUCT_DOMAIN is not set; LINK_ORIGIN is not set; PRODUCT_IMAGE_URL is not set',
    );
    const settings = parseLinkSettings(production, { deployed: true });
    expect([settings.appStoreUrl, settings.playStoreUrl]).toEqual([
      'https://apps.apple.com/app/id6475332296',
      'https://play.google.com/store/apps/details?id=com.dayfocus.app',
    ]);
  });

  it("refuse the local stack's values once deployed, naming each one", () => {
    expect(() => parseLinkSettings(localFunctionParams, { deployed: true })).toThrow(
      /PRODUCT_DOMAIN is http:\/\/127\.0\.0\.1:5000.*LINK_ORIGIN.*PRODUCT_IMAGE_URL.*ANDROID_CERT_SHA256 holds a fingerprint of zeros/,
    );
  });

  it('refuse malformed values with every problem at once', () => {
    expect(() =>
      parseLinkSettings(
        {
          PRODUCT_DOMAIN: 'https://dayfocus.app/path',
          LINK_ORIGIN: 'ftp://x',
          APPLE_TEAM_ID: 'short',
        },
        { deployed: false },
      ),
    ).toThrow(/APPLE_TEAM_ID.*; ANDROID|PRODUCT_DOMAIN must be an origin/);
  });
});

describe('the association files', () => {
  const settings = parseLinkSettings(production, { deployed: true });

  it('let the iOS app claim /l/* and /welcome/*', () => {
    const aasa = appleAppSiteAssociation(settings);
    expect(aasa.applinks.details).toEqual([
      {
        appID: 'A1B2C3D4E5.com.dayfocus.app',
        appIDs: ['A1B2C3D4E5.com.dayfocus.app'],
        paths: ['/l/*', '/welcome/*'],
        components: [{ '/': '/l/*' }, { '/': '/welcome/*' }],
      },
    ]);
  });

  it('let the iOS app use the passwords saved on the site (webcredentials), for the same app id as its links', () => {
    const aasa = appleAppSiteAssociation(settings);
    expect(aasa.webcredentials).toEqual({ apps: ['A1B2C3D4E5.com.dayfocus.app'] });
    expect(aasa.webcredentials.apps).toEqual(aasa.applinks.details.flatMap((detail) => detail.appIDs));
  });

  it('let the Android app verify its links, and use the sign-ins saved on the site, with every configured certificate', () => {
    expect(androidAssetLinks(settings)).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls', 'delegate_permission/common.get_login_creds'],
        target: {
          namespace: 'android_app',
          package_name: 'com.dayfocus.app',
          sha256_cert_fingerprints: settings.androidCertFingerprints,
        },
      },
    ]);
  });
});
