/**
 * Short links on the running stack, fetched through Hosting the way phones, desktops and
 * link-preview crawlers fetch them (raw HTTP: no redirect is followed, no path normalised).
 */
import { describe, expect, it } from 'vitest';
import { reportedIosVersions, userAgents, withIosVersion } from '@dayfocus/stack/user-agents';
import { eventually, stack, urls } from '@dayfocus/stack/testing';
import { brand } from '@dayfocus/contracts/brand';
import { OPEN_SHARD_COUNT } from '../../src/short-links/domain/open-count.js';
import { decodeQrSvg } from '../qr-code.js';
import { noSources, openCountsOf as storedOpenCounts, type LinkOpenCounts } from '../short-links.js';
import { adminDb, callAnonymously, createInviter, fetchRaw, outcomeOf, uniqueId, type RawResponse } from './support.js';

const functionsBase = `/${stack.projectId}/${stack.region}`;
const origin = urls.hosting;
const appStoreUrl = `https://apps.apple.com/app/id${brand.appStoreId}`;
const playStoreUrl = `https://play.google.com/store/apps/details?id=${brand.appIdentifier}`;
/**
 * "Continue on the web": the inviter's invitation, in the page's language, marked as her link's way
 * in and with the link's code, whose door then admits her.
 */
const invitationOf = (link: { inviterId: string; code: string }, lg = 'en') =>
  `${origin}/feedback/${link.inviterId}/${lg}?via=link&link=${link.code}`;

async function newLink(inviterId?: string) {
  const inviter = inviterId ?? (await createInviter()).userId;
  const { shortLink } = await callAnonymously<{ shortLink: string }>('createAppLink', { inviterId: inviter });
  const code = shortLink.slice(`${origin}/l/`.length);
  return {
    inviterId: inviter,
    shortLink,
    code,
    path: `/l/${code}`,
    target: `${origin}/?userId=${encodeURIComponent(inviter)}`,
  };
}

async function linkRecord(code: string) {
  return (await adminDb.collection('_appLinks').doc(code).get()).data();
}

/** The opens of a link, summed over its shards. */
function openCountsOf(code: string): Promise<LinkOpenCounts> {
  return storedOpenCounts(adminDb, code);
}

/**
 * The counts once `opens` opens have been counted. The function counts an open after its
 * answer is sent, so the last answers may arrive before their counts are written.
 */
function countedOpens(code: string, opens: number): Promise<LinkOpenCounts> {
  return eventually(
    () => openCountsOf(code),
    (counts) => counts.opens >= opens,
    { what: `${opens} opens counted over the shards of ${code}`, timeoutMs: 20_000 },
  );
}

/** Runs `tasks` with at most `limit` of them at a time; their results in order. */
async function inBatches<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < tasks.length; i = next++) results[i] = await (tasks[i] as () => Promise<T>)();
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

async function linksOf(inviterId: string) {
  return (await adminDb.collection('_appLinks').where('inviterId', '==', inviterId).get()).docs.map((d) => d.data());
}

/** The address of the page's link with this id, as a browser reads it (entities decoded). */
function hrefOf(html: string, id: string): string | undefined {
  return new RegExp(`<a id="${id}"[^>]*? href="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&');
}

/**
 * Every absolute URL the page itself links to (where it can send a visitor), in its <main>: the
 * layout's footer (the site's privacy and terms) and the pictures it loads are not that.
 */
function urlsIn(html: string): string[] {
  const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  return [...main.matchAll(/<a\b[^>]*?\shref="([^"]+)"/g)]
    .map((m) => (m[1] ?? '').replaceAll('&amp;', '&').replaceAll('&#38;', '&'))
    .filter((u) => /^[a-z][a-z0-9+.-]*:/i.test(u));
}

/**
 * Every Google Play URL a page hands out: its links to Play, and the Play fallback inside its
 * intent: URLs (`S.browser_fallback_url`, which Chrome decodes once before opening it).
 */
function playUrlsIn(html: string): string[] {
  return urlsIn(html).flatMap((url) => {
    if (url.startsWith('intent:')) {
      const fallback = /;S\.browser_fallback_url=([^;]*);/.exec(url)?.[1];
      return fallback === undefined ? [] : [decodeURIComponent(fallback)];
    }
    return new URL(url).hostname === 'play.google.com' ? [url] : [];
  });
}

/** A page as the visitor gets it, with the per-response CSP nonce replaced by a placeholder. */
function withoutNonce(response: RawResponse) {
  const nonce = /script-src 'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
  const strip = (text: string) => (nonce ? text.replaceAll(nonce, 'NONCE') : text);
  return {
    status: response.status,
    location: response.headers.location,
    contentType: response.headers['content-type'],
    csp: strip(String(response.headers['content-security-policy'] ?? '')),
    body: strip(response.body),
  };
}

describe('createAppLink', () => {
  it('gives a short link on the Hosting origin and stores its target, inviter and timestamps', async () => {
    const link = await newLink();
    expect(link.shortLink).toMatch(new RegExp(`^${origin}/l/[A-Za-z0-9_-]{8,}$`));
    const record = await linkRecord(link.code);
    expect(record).toMatchObject({ code: link.code, inviterId: link.inviterId, target: link.target });
    // The opens are counted in shards, not on the link: a new link has none.
    expect(record).not.toHaveProperty('opens');
    expect(await openCountsOf(link.code)).toEqual({
      opens: 0,
      opensBy: { ios: 0, android: 0, web: 0, crawler: 0 },
      sources: noSources,
    });
    expect(Date.parse(record?.createdAt as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(record?.updatedAt).toBe(record?.createdAt);
  });

  it('gives the same inviter the same link, however often and however concurrently asked', async () => {
    const inviter = await createInviter();
    const links = await Promise.all(Array.from({ length: 8 }, () => newLink(inviter.userId)));
    const again = await newLink(inviter.userId);
    expect(new Set([...links, again].map((l) => l.shortLink)).size).toBe(1);
    expect(await linksOf(inviter.userId)).toHaveLength(1);
  });

  it('gives different inviters different links', async () => {
    const [a, b] = await Promise.all([newLink(), newLink()]);
    expect(a.shortLink).not.toBe(b.shortLink);
  });

  it('answers not-found for an unknown or deleted inviter, storing nothing', async () => {
    const unknown = uniqueId('nobody');
    const deleted = await createInviter({ isDeleted: true });
    expect(await outcomeOf(callAnonymously('createAppLink', { inviterId: unknown }))).toBe('not-found');
    expect(await outcomeOf(callAnonymously('createAppLink', { inviterId: deleted.userId }))).toBe('not-found');
    expect([...(await linksOf(unknown)), ...(await linksOf(deleted.userId))]).toEqual([]);
  });

  it.each([
    ['no inviter', {}],
    ['a number', { inviterId: 42 }],
    ['an empty id', { inviterId: '' }],
    ['an over-long id', { inviterId: 'x'.repeat(129) }],
    ['an extra field', { inviterId: 'demo-inviter', target: 'https://evil.test' }],
  ])('refuses %s as invalid-argument', async (_case, data) => {
    expect(await outcomeOf(callAnonymously('createAppLink', data))).toBe('invalid-argument');
  });
});

describe('opening a short link', () => {
  it.each(Object.entries(userAgents.web))(
    "gives %s a page with the link's QR code and the inviter's invitation on the web, never a redirect",
    async (_name, userAgent) => {
      const link = await newLink();
      const response = await fetchRaw(`${link.path}?next=https://evil.test/`, { userAgent });
      expect(response.status).toBe(200);
      expect(response.headers.location).toBeUndefined();
      expect(response.headers['cache-control']).toContain('no-store');
      expect(response.body).toContain(`src="${link.path}/qr.svg"`);
      expect(hrefOf(response.body, 'open-web')).toBe(invitationOf(link));
      expect(response.body).not.toContain('evil.test');
      // No script at all: nothing on a desktop opens anything by itself.
      expect(response.body).not.toMatch(/<script\b/);
    },
  );

  it.each(Object.entries(userAgents.ios))(
    'gives %s a page that opens the app or the App Store',
    async (_name, userAgent) => {
      const link = await newLink();
      const response = await fetchRaw(link.path, { userAgent });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const appUrl = `dayfocus://open?link=${encodeURIComponent(link.target)}`;
      expect(hrefOf(response.body, 'open-app')).toBe(appUrl);
      expect(hrefOf(response.body, 'open-web')).toBe(invitationOf(link));
      expect(new Set(urlsIn(response.body))).toEqual(new Set([appUrl, appStoreUrl, invitationOf(link)]));
      const nonce = /script-src 'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
      expect(response.body).toContain(`<script nonce="${nonce}">`);
    },
  );

  it.each(Object.entries(userAgents.ios))(
    'gives %s "Copy invite and get the app", which copies exactly the short link and goes to the App Store',
    async (_name, userAgent) => {
      const link = await newLink();
      const response = await fetchRaw(link.path, { userAgent });
      expect(response.body).toContain(
        `<a id="copy-invite" class="button button-primary" href="${appStoreUrl}" data-invite-link="${link.shortLink}">` +
          'Copy invite and get the app</a>',
      );
      expect(link.shortLink).toBe(`${origin}/l/${link.code}`);
      // Still the page's one script, under its nonce, and no inline code anywhere else.
      const csp = String(response.headers['content-security-policy']);
      expect(csp).not.toContain('unsafe-inline');
      const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
      expect([...response.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual([`<script nonce="${nonce}">`]);
      expect(response.body).toContain("navigator.clipboard.writeText(copy.getAttribute('data-invite-link'))");
      expect(response.body).not.toMatch(/\son[a-z]+=/i);
    },
  );

  it('gives the copy button in Hindi to an iPhone set to Hindi', async () => {
    const link = await newLink();
    const response = await fetchRaw(link.path, {
      userAgent: userAgents.ios['Safari on iPhone (iOS 17)'],
      acceptLanguage: 'hi-IN,hi;q=0.9',
    });
    expect(response.body).toContain(
      `href="${appStoreUrl}" data-invite-link="${link.shortLink}">निमंत्रण कॉपी करें और ऐप डाउनलोड करें</a>`,
    );
  });

  it.each(Object.entries(userAgents.android))(
    'gives %s an intent for com.dayfocus.app with Google Play as fallback',
    async (_name, userAgent) => {
      const link = await newLink();
      const response = await fetchRaw(link.path, { userAgent });
      expect(response.status).toBe(200);
      const play = `${playStoreUrl}&referrer=invite%3D${link.code}`;
      const intent =
        `intent://open?link=${encodeURIComponent(link.target)}#Intent;scheme=dayfocus;package=com.dayfocus.app;` +
        `S.browser_fallback_url=${encodeURIComponent(play)};end`;
      expect(hrefOf(response.body, 'open-app')).toBe(intent);
      expect(hrefOf(response.body, 'get-app')).toBe(play);
      expect(response.body).toContain('id="get-app" class="button button-primary"');
      expect(new Set(urlsIn(response.body))).toEqual(new Set([intent, play, invitationOf(link)]));
    },
  );

  it.each(Object.entries(userAgents.android))(
    'hands %s only Google Play URLs whose install referrer is invite={code}',
    async (_name, userAgent) => {
      const link = await newLink();
      for (const query of ['', '?src=whatsapp']) {
        const response = await fetchRaw(`${link.path}${query}`, { userAgent });
        const playUrls = playUrlsIn(response.body);
        // The store button and the intent's fallback.
        expect(playUrls).toHaveLength(2);
        for (const url of playUrls) {
          expect(new URL(url).searchParams.get('id')).toBe('com.dayfocus.app');
          // What the Play Install Referrer API gives the app: the parameter, URL-decoded once.
          expect(new URL(url).searchParams.getAll('referrer')).toEqual([`invite=${link.code}`]);
        }
      }
    },
  );

  it.each(Object.entries(userAgents.crawler))(
    'gives the %s preview crawler Open Graph and Twitter card tags',
    async (_name, userAgent) => {
      const link = await newLink();
      const response = await fetchRaw(link.path, { userAgent });
      expect(response.status).toBe(200);
      const tags = Object.fromEntries(
        [...response.body.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)].map((m) => [
          m[1],
          m[2],
        ]),
      );
      const name = (await adminDb.collection('Users').doc(link.inviterId).get()).get('name') as string;
      expect(tags).toMatchObject({
        'og:title': `${name} invited you to Dayfocus`,
        'og:description': `${name} needs your help and feedback in completing everyday tasks.`,
        'og:url': link.shortLink,
        'og:type': 'website',
        'twitter:card': 'summary_large_image',
        'twitter:title': `${name} invited you to Dayfocus`,
      });
      // Her card (with her picture's address in its version: invite-card.test.ts fetches one).
      expect(tags['og:image']).toMatch(new RegExp(`^${origin}/card/${link.inviterId}/en/[\\w-]{16}\\.jpg$`));
      expect(tags['twitter:image']).toBe(tags['og:image']);
      expect(response.body).toContain(`<title>${name} invited you to Dayfocus</title>`);
    },
  );

  it('serves the preview image the tags name', async () => {
    const image = await fetch(`${origin}/images/dayfocus-preview.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('shows the page in Hindi to a phone set to Hindi', async () => {
    const link = await newLink();
    const response = await fetchRaw(link.path, {
      userAgent: userAgents.android['Chrome on Android'],
      acceptLanguage: 'hi-IN,hi;q=0.9,en;q=0.8',
    });
    expect(response.body).toContain('<html lang="hi" dir="ltr">');
    expect(response.body).toContain('Dayfocus में खोलें');
  });

  it('counts every open exactly, however many arrive at once', async () => {
    const link = await newLink();
    const opens = [
      ...Array.from({ length: 20 }, () => userAgents.web['Chrome on Windows']),
      ...Array.from({ length: 12 }, () => userAgents.ios['Safari on iPhone (iOS 17)']),
      ...Array.from({ length: 8 }, () => userAgents.android['Chrome on Android']),
    ];
    const responses = await Promise.all(opens.map((userAgent) => fetchRaw(link.path, { userAgent })));
    expect(responses.map((r) => r.status).filter((s) => s >= 400)).toEqual([]);
    expect(await countedOpens(link.code, 40)).toMatchObject({
      opens: 40,
      opensBy: { web: 20, ios: 12, android: 8, crawler: 0 },
      sources: { ...noSources, direct: 40 },
    });
  });

  it('answers and counts 150 opens of one link arriving together, spread over the shards', async () => {
    const link = await newLink();
    const opens = [
      ...Array.from({ length: 90 }, () => ({ agent: userAgents.web['Chrome on Windows'], status: 200 })),
      ...Array.from({ length: 30 }, () => ({ agent: userAgents.ios['Safari on iPhone (iOS 17)'], status: 200 })),
      ...Array.from({ length: 30 }, () => ({ agent: userAgents.android['Chrome on Android'], status: 200 })),
    ];
    // 50 in flight at a time: far more than the emulator's workers, so the opens queue on the link;
    // three such waves show the count exact (500 showed nothing more, at three times the work).
    const responses = await inBatches(
      opens.map(
        ({ agent }) =>
          () =>
            fetchRaw(link.path, { userAgent: agent }),
      ),
      50,
    );
    expect(responses.map((r, i) => r.status - (opens[i]?.status ?? 0)).filter((d) => d !== 0)).toEqual([]);

    const counts = await countedOpens(link.code, 150);
    expect(counts).toMatchObject({
      opens: 150,
      opensBy: { web: 90, ios: 30, android: 30, crawler: 0 },
      sources: { ...noSources, direct: 150 },
    });
    expect(Date.parse(counts.lastOpenedAt ?? '')).toBeGreaterThan(Date.now() - 120_000);
    // No open was written to the link itself, and the shards are the documented ones.
    expect(await linkRecord(link.code)).not.toHaveProperty('opens');
    const shards = await adminDb.collection('_appLinks').doc(link.code).collection('openShards').get();
    const ids = shards.docs.map((d) => Number(d.id));
    expect(ids.length).toBeGreaterThan(1);
    for (const id of ids) expect(Number.isInteger(id) && id >= 0 && id < OPEN_SHARD_COUNT).toBe(true);
  });
});

describe('the source of an open', () => {
  it('counts 50 concurrent opens exactly by source and by platform, on the same shards', async () => {
    const link = await newLink();
    const queries = [
      ...Array.from({ length: 8 }, () => '?src=whatsapp'),
      ...Array.from({ length: 4 }, () => '?src=WhatsApp'),
      ...Array.from({ length: 5 }, () => '?utm_source=SMS'),
      ...Array.from({ length: 6 }, () => '?src=qr'),
      ...Array.from({ length: 3 }, () => '?src=Telegram&utm_source=sms'),
      ...Array.from({ length: 2 }, () => '?utm_source=instagram&utm_medium=story'),
      ...Array.from({ length: 2 }, () => '?src=facebook'),
      ...Array.from({ length: 2 }, () => '?src=EMAIL'),
      ...Array.from({ length: 2 }, () => '?src=copy'),
      ...Array.from({ length: 2 }, () => '?src='),
      ...Array.from({ length: 2 }, () => '?src=myspace'),
      ...Array.from({ length: 2 }, () => `?src=whatsapp${'x'.repeat(40)}`),
      ...Array.from({ length: 10 }, () => ''),
    ];
    const agents = [
      userAgents.web['Chrome on Windows'],
      userAgents.ios['Safari on iPhone (iOS 17)'],
      userAgents.android['Chrome on Android'],
      userAgents.web['Safari on macOS'],
    ];
    const responses = await Promise.all(
      queries.map((query, i) => fetchRaw(`${link.path}${query}`, { userAgent: agents[i % agents.length] })),
    );
    expect(responses.map((r) => r.status)).toEqual(queries.map(() => 200));

    const counts = await countedOpens(link.code, 50);
    expect(counts).toEqual({
      opens: 50,
      opensBy: { web: 25, ios: 13, android: 12, crawler: 0 },
      sources: {
        direct: 10,
        whatsapp: 12,
        sms: 5,
        telegram: 3,
        instagram: 2,
        facebook: 2,
        email: 2,
        qr: 6,
        copy: 2,
        other: 6,
      },
      lastOpenedAt: expect.any(String),
    });
    // As stored: the map `sources` on the shards, beside `opens` and `opensBy`, and nothing on the link.
    const shards = await adminDb.collection('_appLinks').doc(link.code).collection('openShards').get();
    let opens = 0;
    let bySource = 0;
    for (const shard of shards.docs) {
      const data = shard.data() as { opens: number; sources: Record<string, number> };
      expect(Object.keys(data.sources).every((name) => name in noSources)).toBe(true);
      opens += data.opens;
      bySource += Object.values(data.sources).reduce((a, b) => a + b, 0);
    }
    expect([opens, bySource]).toEqual([50, 50]);
    expect(await linkRecord(link.code)).not.toHaveProperty('sources');
  });

  it.each(
    Object.entries({
      web: userAgents.web,
      ios: userAgents.ios,
      android: userAgents.android,
      crawler: userAgents.crawler,
    }),
  )(
    'never changes what %s visitors get: the same page, byte for byte, but for the QR code’s way in',
    async (_group, agents) => {
      const link = await newLink();
      for (const userAgent of Object.values(agents).slice(0, 2)) {
        const plain = withoutNonce(await fetchRaw(link.path, { userAgent }));
        for (const query of ['?src=whatsapp', `?src=${'z'.repeat(64)}`, '?src=']) {
          expect(withoutNonce(await fetchRaw(`${link.path}${query}`, { userAgent }))).toEqual(plain);
        }
        // A scan: "Continue on the web" says `via=qr` in place of `via=link`, and nothing else differs.
        const scanned = withoutNonce(await fetchRaw(`${link.path}?utm_source=QR`, { userAgent }));
        expect(scanned).toEqual({ ...plain, body: plain.body.replaceAll('?via=link', '?via=qr') });
        expect(plain.body).toContain('?via=link');
      }
    },
  );
});

describe("an iPhone's frozen user agent", () => {
  // iOS 26 reports `iPhone OS 18_6` whatever it runs: nothing the server answers may follow the
  // version. Each page is fetched as each iPhone of the list reporting each version; the bytes agree.
  const iPhones = Object.entries(userAgents.ios);

  it.each(iPhones)(
    'gives %s the same link page and invitation, whichever iOS version it reports',
    async (_name, userAgent) => {
      const link = await newLink();
      for (const path of [link.path, `/feedback/${link.inviterId}/en`]) {
        const pages = [];
        for (const version of reportedIosVersions) {
          const reported = withIosVersion(userAgent, version);
          expect(reported).toContain(version);
          pages.push(withoutNonce(await fetchRaw(path, { userAgent: reported })));
        }
        expect(pages[0]?.status).toBe(200);
        for (const page of pages.slice(1)) expect(page).toEqual(pages[0]);
      }
    },
  );
});

describe('previews are not visits', () => {
  // What fetches a link without a person behind it: X's HEAD per share (with a browser's user
  // agent), a browser's prefetch or prerender by each header it has used, and every crawler we know.
  const iPhone = userAgents.ios['Safari on iPhone (iOS 17)'];
  const previews: [string, Parameters<typeof fetchRaw>[1]][] = [
    ["a HEAD with a phone's user agent", { method: 'HEAD', userAgent: iPhone }],
    ['Sec-Purpose: prefetch', { userAgent: iPhone, headers: { 'sec-purpose': 'prefetch' } }],
    ['Sec-Purpose: prefetch;prerender', { userAgent: iPhone, headers: { 'sec-purpose': 'prefetch;prerender' } }],
    ['Purpose: prefetch', { userAgent: iPhone, headers: { purpose: 'prefetch' } }],
    ['X-Moz: prefetch', { userAgent: iPhone, headers: { 'x-moz': 'prefetch' } }],
    ...Object.entries(userAgents.crawler).map(([name, userAgent]): [string, Parameters<typeof fetchRaw>[1]] => [
      `the ${name} crawler`,
      { userAgent },
    ]),
  ];

  it.each(previews)('counts no open for %s, and still answers it', async (_name, options) => {
    const link = await newLink();
    const preview = await fetchRaw(`${link.path}?src=whatsapp`, options);
    expect(preview.status).toBe(200);
    // One real open after it: the count is that open alone.
    await fetchRaw(`${link.path}?src=copy`, { userAgent: iPhone });
    const counts = await eventually(
      () => openCountsOf(link.code),
      (c) => c.sources.copy >= 1,
      { what: `the open of ${link.code} counted` },
    );
    expect(counts).toMatchObject({
      opens: 1,
      opensBy: { ios: 1, android: 0, web: 0, crawler: 0 },
      sources: { ...noSources, copy: 1 },
    });
  });
});

describe("a link's QR code", () => {
  it('is an SVG of exactly the short link tagged as a scan, served through Hosting and kept 30 s by the CDN', async () => {
    const link = await newLink();
    const response = await fetchRaw(`${link.path}/qr.svg`, { userAgent: userAgents.web['Chrome on Windows'] });
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type']).split(';')[0]).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
    expect(response.headers.location).toBeUndefined();
    // Tagged: a scan counts as the source `qr`, and her invitation as the way in `qr`.
    expect(decodeQrSvg(response.body)).toBe(`${link.shortLink}?src=qr`);
    expect(link.shortLink).toBe(`${origin}/l/${link.code}`);
  });

  it('is the same for every visitor, and is never counted as an open', async () => {
    const link = await newLink();
    const qrCodes = await Promise.all(
      [
        userAgents.ios['Safari on iPhone (iOS 17)'],
        userAgents.android['Chrome on Android'],
        userAgents.crawler.Slack,
      ].map((userAgent) => fetchRaw(`${link.path}/qr.svg?src=qr`, { userAgent })),
    );
    expect(qrCodes.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(qrCodes.map((r) => r.body)).size).toBe(1);
    // One real open after them: the count is that open alone.
    await fetchRaw(`${link.path}?src=copy`, { userAgent: userAgents.web.curl });
    const counts = await eventually(
      () => openCountsOf(link.code),
      (c) => c.sources.copy >= 1,
      { what: `the open of ${link.code} counted` },
    );
    expect(counts).toMatchObject({ opens: 1, opensBy: { web: 1 }, sources: { ...noSources, copy: 1 } });
  });

  it('carries exactly "image/svg+xml" from the function', async () => {
    const link = await newLink();
    const response = await fetchRaw(`${functionsBase}/openAppLink${link.path}/qr.svg`, {
      port: stack.ports.functions,
    });
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(decodeQrSvg(response.body)).toBe(`${link.shortLink}?src=qr`);
  });

  it.each([['/qr.svg/'], ['/qr.svg/extra'], ['/qr.png'], ['/QR.svg'], ['/x/qr.svg'], ['//qr.svg'], ['/qr%2Esvg']])(
    'answers a real code followed by %s with the 404 page',
    async (suffix) => {
      const link = await newLink();
      const response = await fetchRaw(`${link.path}${suffix}`, { userAgent: userAgents.web['Chrome on Windows'] });
      expect(response.status).toBe(404);
      expect(response.body).toContain('This link does not work');
    },
  );

  it("of an unknown code is the 404 page (HTML), in the visitor's language", async () => {
    const response = await fetchRaw('/l/ZZZZZZZZZZ/qr.svg', { acceptLanguage: 'hi-IN,hi;q=0.9' });
    expect(response.status).toBe(404);
    expect(String(response.headers['content-type']).split(';')[0]).toBe('text/html');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toContain('यह लिंक काम नहीं करता');
  });
});

describe('a link that does not exist', () => {
  const notFoundPaths = [
    ['an unknown code', '/l/ZZZZZZZZZZ'],
    // A reserved id: Firestore (and the stack's) refuses to read it, so it must never be read.
    ['a code of the reserved __x__ form', '/l/__reserved__'],
    ['a code too short to be one', '/l/abc'],
    ['an over-long code', `/l/${'a'.repeat(300)}`],
    ['a dot-dot path', '/l/../x'],
    ['a dot-dot path after a code', '/l/ZZZZZZZZZZ/../../x'],
    ['an encoded slash', '/l/abcd%2F..%2Fefgh'],
    ['an encoded dot-dot', '/l/%2E%2E/%2E%2E/x'],
    ['an extra segment', '/l/ZZZZZZZZZZ/extra'],
    ['the QR code of an unknown code', '/l/ZZZZZZZZZZ/qr.svg'],
    ['a segment after the QR code', '/l/ZZZZZZZZZZ/qr.svg/extra'],
    ['no code at all', '/l/'],
    ['a protocol-relative path', '/l//evil.test'],
  ];

  it.each(notFoundPaths)('answers %s with the 404 page, never a redirect', async (_case, path) => {
    for (const userAgent of [
      userAgents.web['Chrome on Windows'],
      userAgents.ios['Safari on iPhone (iOS 17)'],
      userAgents.crawler.Slack,
    ]) {
      const response = await fetchRaw(path, { userAgent });
      expect(response.status).toBe(404);
      expect(response.headers.location).toBeUndefined();
      // No app to open and no invite to carry: only the stores as configured, for the app itself.
      expect(response.body).not.toMatch(/dayfocus:\/\/|intent:\/\/|referrer=|og:title|data-invite-link/);
    }
  });

  it('names no other host in the 404 page of a path that resolves to one: no link off the site', async () => {
    // Hosting resolves the dots, so the function is asked for `//evil.example/l/abc`: its page's
    // language links were made of that path, `href="//evil.example/l/abc?lg=hi"`.
    for (const path of ['/l/%2e%2e//evil.example/l/abc', '/l/%2E%2E/%2E%2E//evil.example/l/ZZZZZZZZZZ']) {
      const response = await fetchRaw(path, { userAgent: userAgents.android['Chrome on Android'] });
      expect(response.headers.location).toBeUndefined();
      expect(response.body).not.toContain('evil.example');
    }
  });

  // `/l/../x` is `/x` to Hosting, which answers it with the web app's own 404 page.
  it.each(['/l/ZZZZZZZZZZ', '/l/abc', `/l/${'a'.repeat(300)}`, '/l/abcd%2F..%2Fefgh'])(
    'shows the product-style page for %s: the Dayfocus top bar and a message a person understands',
    async (path) => {
      const response = await fetchRaw(path, { userAgent: userAgents.android['Chrome on Android'] });
      expect(response.status).toBe(404);
      expect(response.body).toContain('<header class="top-bar">');
      expect(response.body).toContain('Dayfocus');
      expect(response.body).toContain('This link does not work');
      expect(response.body).toContain('Ask your friend to send you a new link.');
      // The app for this device: Google Play on Android, as configured (no invite to carry).
      expect(urlsIn(response.body)).toEqual([playStoreUrl]);
    },
  );

  it.each([['/l/../x'], [`/l/${'a'.repeat(5000)}`], ['/l/abcd%2Fefgh1234']])(
    'is refused by the function itself too (%s)',
    async (path) => {
      const response = await fetchRaw(`${functionsBase}/openAppLink${path}`, {
        port: stack.ports.functions,
        userAgent: userAgents.web.curl,
      });
      expect(response.status).toBe(404);
      expect(response.body).toContain('This link does not work');
    },
  );
});

describe('the association files', () => {
  it('serve apple-app-site-association as JSON, without a redirect, claiming /l/* and /welcome/*', async () => {
    const response = await fetchRaw('/.well-known/apple-app-site-association');
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type']).split(';')[0]).toBe('application/json');
    const body = JSON.parse(response.body) as { applinks: { details: { appIDs: string[]; paths: string[] }[] } };
    expect(body.applinks.details).toEqual([
      expect.objectContaining({ appIDs: ['LOCALTEAM0.com.dayfocus.app'], paths: ['/l/*', '/welcome/*'] }),
    ]);
  });

  it('serve assetlinks.json for com.dayfocus.app', async () => {
    const response = await fetchRaw('/.well-known/assetlinks.json');
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type']).split(';')[0]).toBe('application/json');
    expect(JSON.parse(response.body)).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls', 'delegate_permission/common.get_login_creds'],
        target: {
          namespace: 'android_app',
          package_name: 'com.dayfocus.app',
          sha256_cert_fingerprints: [Array(32).fill('00').join(':')],
        },
      },
    ]);
  });

  it('carry exactly "application/json" from the function (the Hosting emulator appends a charset itself)', async () => {
    for (const file of ['apple-app-site-association', 'assetlinks.json']) {
      const response = await fetchRaw(`${functionsBase}/appSiteAssociation/.well-known/${file}`, {
        port: stack.ports.functions,
      });
      expect(response.headers['content-type']).toBe('application/json');
    }
  });
});
