import { describe, expect, it } from 'vitest';
import { userAgents } from '@dayfocus/stack/user-agents';
import { isPreview, purposeOf } from '../../src/platform/domain/previews.js';

const iPhone = userAgents.ios['Safari on iPhone (iOS 17)'];

describe('a preview', () => {
  it.each(Object.entries(userAgents.crawler))('is every GET or POST of the %s crawler', (_name, userAgent) => {
    expect(isPreview({ method: 'GET', userAgent })).toBe(true);
    expect(isPreview({ method: 'POST', userAgent })).toBe(true);
  });

  it.each(['prefetch', 'prefetch;prerender', 'Prefetch', 'prefetch; anonymous-client-ip'])(
    'is a request whose purpose is "%s"',
    (purpose) => {
      expect(isPreview({ method: 'GET', userAgent: iPhone, purpose })).toBe(true);
    },
  );

  it("is a HEAD, whatever its user agent (X sends one per share with a browser's)", () => {
    expect(isPreview({ method: 'HEAD', userAgent: iPhone })).toBe(true);
  });

  it.each(Object.entries({ ...userAgents.ios, ...userAgents.android, ...userAgents.web }))(
    'is not a GET or POST of %s without a prefetch header',
    (_name, userAgent) => {
      expect(isPreview({ method: 'GET', userAgent })).toBe(false);
      expect(isPreview({ method: 'POST', userAgent, purpose: 'prefetched-elsewhere' })).toBe(false);
    },
  );
});

describe('the purpose of a request', () => {
  it('is Sec-Purpose first, then Purpose, then X-Moz', () => {
    const headers = (values: Record<string, string>) => (name: string) => values[name];
    expect(purposeOf(headers({ 'sec-purpose': 'prefetch;prerender', purpose: 'other' }))).toBe('prefetch;prerender');
    expect(purposeOf(headers({ purpose: 'prefetch' }))).toBe('prefetch');
    expect(purposeOf(headers({ 'x-moz': 'prefetch' }))).toBe('prefetch');
    expect(purposeOf(headers({}))).toBeUndefined();
  });
});
