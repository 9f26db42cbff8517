import { describe, expect, it } from 'vitest';
import {
  inAppBrowsers,
  realBrowsers,
  reportedIosVersions,
  userAgents,
  withIosVersion,
} from '@dayfocus/stack/user-agents';
import { phoneOf } from '@dayfocus/contracts/phones';
import { detectInAppBrowser } from './in-app-browser';

/** Every user agent of the list that names an iOS version, by name. */
const iPhones: [string, string][] = [
  ...Object.entries(userAgents.ios),
  ...inAppBrowsers.filter((a) => a.phone === 'ios' && !a.injected).map((a): [string, string] => [a.name, a.userAgent]),
  ...realBrowsers.filter((b) => /iPhone|iPad/.test(b.userAgent)).map((b): [string, string] => [b.name, b.userAgent]),
];

describe("an iPhone's frozen user agent", () => {
  it("is in the list: iOS 26's Safari, reporting iPhone OS 18_6", () => {
    expect(userAgents.ios['Safari on iPhone (iOS 26)']).toContain('iPhone OS 18_6 ');
    expect(userAgents.ios['Safari on iPhone (iOS 26)']).toContain('Version/26.0 ');
  });

  it.each(iPhones)('changes nothing the page decides for %s, whichever iOS version it reports', (_name, userAgent) => {
    const asReported = reportedIosVersions.map((version) => withIosVersion(userAgent, version));
    // The rewrite did rewrite: each variant names its version, so equal answers mean the version is not read.
    for (const [i, version] of reportedIosVersions.entries()) expect(asReported[i]).toMatch(new RegExp(version));
    const decided = asReported.map((ua) => ({
      phone: phoneOf(ua),
      inApp: detectInAppBrowser({ userAgent: ua, search: '' }),
    }));
    expect(decided[0]?.phone).toBe('ios');
    expect(new Set(decided.map((d) => JSON.stringify(d))).size).toBe(1);
  });
});
