/**
 * Where an open came from (`?src=`), counted beside the platform without changing the answer,
 * and the QR code of a link (`/l/{code}/qr.svg`), which is no open. The pure rules, then the
 * flow in-process with a fake link store.
 */
import { describe, expect, it, vi } from 'vitest';
import { userAgents } from '@dayfocus/stack/user-agents';
import { openSourceOf } from '../../src/short-links/domain/open-count.js';
import type { LinkVisit } from '../../src/short-links/flows/app-link-flow.js';
import type { AppLinkLinks } from '../../src/short-links/flows/ports.js';
import { decodeQrSvg, drawSvg } from '../qr-code.js';
import { fakeLinkCode, localLinkSettings, noSources, sumLinkOpens, visitFlow } from '../short-links.js';

describe('the source of an open', () => {
  it.each([
    ['/l/AbCdEf12_-', 'direct'],
    ['/l/AbCdEf12_-/', 'direct'],
    ['/l/AbCdEf12_-?ref=whatsapp', 'direct'],
    ['/l/AbCdEf12_-?src=whatsapp', 'whatsapp'],
    ['/l/AbCdEf12_-?src=WhatsApp', 'whatsapp'],
    ['/l/AbCdEf12_-?src=SMS', 'sms'],
    ['/l/AbCdEf12_-?src=%20Telegram+', 'telegram'],
    ['/l/AbCdEf12_-?src=qr', 'qr'],
    ['/l/AbCdEf12_-?x=1&src=copy&src=sms', 'copy'],
    ['/l/AbCdEf12_-?utm_source=Instagram&utm_medium=social', 'instagram'],
    ['/l/AbCdEf12_-?src=email&utm_source=facebook', 'email'],
    ['/l/AbCdEf12_-?src=&utm_source=facebook', 'other'],
    ['/l/AbCdEf12_-?src', 'other'],
    ['/l/AbCdEf12_-?src=myspace', 'other'],
    ['/l/AbCdEf12_-?src=direct', 'other'],
    ['/l/AbCdEf12_-?src=other', 'other'],
    ['/l/AbCdEf12_-?src=__proto__', 'other'],
    ['/l/AbCdEf12_-?src=opens.web', 'other'],
    [`/l/AbCdEf12_-?src=whatsapp${' '.repeat(40)}`, 'other'],
    [`/l/AbCdEf12_-?src=${'w'.repeat(33)}`, 'other'],
    ['/l/AbCdEf12_-?src=%E0%A4%A', 'other'],
  ])('of %s is %s', (rawUrl, source) => {
    expect(openSourceOf(rawUrl)).toBe(source);
  });

  it('is summed over the shards beside the platform, every source present', () => {
    expect(
      sumLinkOpens([
        { opens: 3, opensBy: { web: 2, ios: 1 }, sources: { whatsapp: 2, direct: 1 } },
        { opens: 2, opensBy: { android: 2 }, sources: { whatsapp: 1, other: 1 } },
        undefined,
      ]),
    ).toEqual({
      opens: 5,
      opensBy: { ios: 1, android: 2, web: 2, crawler: 0 },
      sources: { ...noSources, direct: 1, whatsapp: 3, other: 1 },
    });
  });

  it('is missing for opens counted before sources were (they stay in opens and opensBy)', () => {
    const counts = sumLinkOpens([
      { opens: 7, opensBy: { web: 7 } },
      { opens: 1, opensBy: { ios: 1 }, sources: { sms: 1 } },
    ]);
    expect(counts).toMatchObject({ opens: 8, opensBy: { web: 7, ios: 1 } });
    expect(Object.values(counts.sources).reduce((a, b) => a + b, 0)).toBe(1);
  });
});

describe('the flow', () => {
  const code = fakeLinkCode;
  const shortLink = `${localLinkSettings.linkOrigin}/l/${code}`;
  const now = new Date('2026-11-23T12:00:00.000Z');

  function flowWith() {
    const countOpen = vi.fn<AppLinkLinks['countOpen']>(async () => {});
    // The same bytes every time, so that two answers can be compared byte for byte (the nonce).
    const flow = visitFlow({ countOpen, now, randomBytes: (size) => new Uint8Array(size).fill(7) });
    return { flow, countOpen };
  }

  const visit = (rawUrl: string, userAgent: string, method = 'GET'): LinkVisit => ({ method, rawUrl, userAgent });

  it.each([
    ['?src=whatsapp', 'whatsapp'],
    ['?utm_source=SMS', 'sms'],
    ['?src=nonsense', 'other'],
    ['', 'direct'],
  ])('counts the source of /l/{code}%s as %s, with the platform, in one count', async (query, source) => {
    const { flow, countOpen } = flowWith();
    const answer = await flow.openAppLink(visit(`/l/${code}${query}`, userAgents.android['Chrome on Android']));
    await answer.pending;
    expect(countOpen).toHaveBeenCalledExactlyOnceWith(code, 'android', source, now.toISOString());
  });

  it.each(Object.entries({ ...userAgents.ios, ...userAgents.android, ...userAgents.web, ...userAgents.crawler }))(
    'answers %s the same bytes with and without a source, but for the QR code’s way in',
    async (_name, userAgent) => {
      const { flow } = flowWith();
      const plain = await flow.openAppLink(visit(`/l/${code}`, userAgent));
      const sameAs = (answer: typeof plain, body = plain.body) =>
        expect({ status: answer.status, headers: answer.headers, body: answer.body }).toEqual({
          status: plain.status,
          headers: plain.headers,
          body,
        });
      for (const query of ['?src=whatsapp', `?src=${'x'.repeat(100)}`, '?src=']) {
        sameAs(await flow.openAppLink(visit(`/l/${code}${query}`, userAgent)));
      }
      // Scanned: "Continue on the web" says so to her invitation, which counts it as the QR's.
      const scanned = await flow.openAppLink(visit(`/l/${code}?utm_source=qr`, userAgent));
      sameAs(scanned, plain.body.replaceAll('?via=link', '?via=qr'));
      expect(plain.body.includes('?via=link')).toBe(plain.status === 200);
    },
  );

  it('answers /l/{code}/qr.svg with an SVG of the short link tagged `?src=qr` the CDN keeps 30 s, counting nothing', async () => {
    const { flow, countOpen } = flowWith();
    const answer = await flow.openAppLink(visit(`/l/${code}/qr.svg?src=qr`, userAgents.web['Chrome on Windows']));
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=0, s-maxage=30',
      'content-security-policy': "default-src 'none'",
      'x-content-type-options': 'nosniff',
    });
    expect(answer.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // Tagged: a scan is counted as the QR code's open, and her invitation's way in is `qr`.
    expect(decodeQrSvg(answer.body)).toBe(`${shortLink}?src=qr`);
    expect(answer.pending).toBeUndefined();
    expect(countOpen).not.toHaveBeenCalled();
  });

  it('draws the QR code with a white quiet zone of 4 modules around it', async () => {
    const { flow } = flowWith();
    const { body } = await flow.openAppLink(visit(`/l/${code}/qr.svg`, userAgents.web.curl));
    const modules = Number(/viewBox="0 0 (\d+) \1"/.exec(body)?.[1]);
    const pixelsPerModule = 10;
    const image = drawSvg(body, modules * pixelsPerModule);
    const isDark = (moduleX: number, moduleY: number) => {
      const at = ((moduleY + 0.5) * pixelsPerModule * image.width + (moduleX + 0.5) * pixelsPerModule) * 4;
      return (image.pixels[at] ?? 255) < 128;
    };
    const border: boolean[] = [];
    for (let i = 0; i < modules; i++)
      for (let depth = 0; depth < 4; depth++)
        border.push(isDark(i, depth), isDark(i, modules - 1 - depth), isDark(depth, i), isDark(modules - 1 - depth, i));
    expect(border.filter(Boolean)).toEqual([]);
    // Just inside, the corners of the three finder patterns.
    expect([isDark(4, 4), isDark(modules - 5, 4), isDark(4, modules - 5)]).toEqual([true, true, true]);
  });

  it.each([
    ['an unknown code', '/l/ZZZZZZZZZZ/qr.svg'],
    ['a malformed path', `/l/${code}/qr.svg/x`],
  ])('answers the QR code of %s with the 404 page', async (_case, rawUrl) => {
    const { flow, countOpen } = flowWith();
    const answer = await flow.openAppLink(visit(rawUrl, userAgents.ios['Safari on iPhone (iOS 17)']));
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('"kind":"not-found"');
    expect(countOpen).not.toHaveBeenCalled();
  });
});
