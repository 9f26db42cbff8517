/**
 * The invite card through Hosting, as a chat app's crawler meets it: the invitation's and the
 * short link's previews name a card of the inviter's own, in the page's language, which the card's
 * function draws once, stores, and answers with a cache rule of a year; a made-up address draws
 * nothing. docs/invite-card.md.
 */
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stack, urls } from '@dayfocus/stack/testing';
import { collections } from '@dayfocus/contracts/records';
import { userAgents } from '@dayfocus/stack/user-agents';
import {
  INVITE_CARD_CACHE_CONTROL,
  INVITE_CARD_STAND_IN_CACHE_CONTROL,
  inviteCardPath,
} from '@dayfocus/contracts/invite-card';
import { CANONICAL_REDIRECT_CACHE_CONTROL } from '@dayfocus/contracts/web-page';
import { metaOf } from '../html.js';
import { pictureBomb, pixelsOf, plainPicture, showsInitials } from '../invite-cards.js';
import {
  adminAuth,
  adminDb,
  callAnonymously,
  createInviter,
  eventually,
  fetchRaw,
  firestoreFaults,
  OUR_EMULATOR,
  uniqueId,
} from './support.js';

const whatsApp = userAgents.crawler.WhatsApp;
const CARD_URL = new RegExp(`^${urls.hosting}/card/[^/]+/[a-zA-Z-]+/[A-Za-z0-9_-]{16}\\.jpg$`);

/** The preview's tags of a page as a crawler fetches it. */
async function previewOf(path: string) {
  const response = await fetchRaw(path, { userAgent: whatsApp });
  expect(response.status, path).toBe(200);
  const tag = (name: string) => metaOf(response.body, name);
  return { response, tag, image: tag('og:image') ?? '' };
}

/** The width and height a JPEG says in its frame header. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1] ?? 0;
    const length = ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0);
    if (marker >= 0xc0 && marker <= 0xc3) {
      const word = (offset: number) => ((bytes[at + offset] ?? 0) << 8) + (bytes[at + offset + 1] ?? 0);
      return { height: word(5), width: word(7) };
    }
    at += 2 + length;
  }
  throw new Error('No JPEG frame header');
}

/** The languages of the cards stored for an inviter. */
async function storedCards(inviterId: string): Promise<string[]> {
  const stored = await adminDb.collection(collections.inviteCards).where('inviterId', '==', inviterId).get();
  return stored.docs.map((doc) => doc.get('language') as string).sort();
}

async function fetchCard(url: string) {
  const response = await fetch(url, { redirect: 'manual', headers: { 'user-agent': whatsApp } });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('The invite card', () => {
  it("names the inviter in the invitation's preview, in a JPEG of her own that the CDN may keep a year", async () => {
    const inviter = await createInviter({ name: 'Asha Verma', profileImage: null });
    const { response, tag, image } = await previewOf(`/feedback/${inviter.userId}/en`);
    expect(image).toMatch(CARD_URL);
    expect(image).toContain(`/card/${inviter.userId}/en/`);
    expect(tag('og:image:width')).toBe('1200');
    expect(tag('og:image:height')).toBe('630');
    expect(tag('og:image:type')).toBe('image/jpeg');
    expect(tag('og:image:alt')).toBe('Asha Verma invited you to Dayfocus');
    expect(tag('twitter:card')).toBe('summary_large_image');
    expect(tag('twitter:image')).toBe(image);
    // Every tag a preview needs, inside <head>, within the HTML's first 300 KB.
    const headEnd = response.body.indexOf('</head>');
    expect(headEnd).toBeGreaterThan(0);
    expect(Buffer.byteLength(response.body.slice(0, headEnd))).toBeLessThan(300 * 1024);
    for (const name of ['og:title', 'og:description', 'og:url', 'og:image'])
      expect(response.body.indexOf(`"${name}"`), name).toBeLessThan(headEnd);

    const card = await fetchCard(image);
    expect(card.response.status).toBe(200);
    expect(card.response.headers.get('content-type')).toBe('image/jpeg');
    expect(card.response.headers.get('cache-control')).toBe(INVITE_CARD_CACHE_CONTROL);
    expect(jpegSize(card.bytes)).toEqual({ width: 1200, height: 630 });
    expect(card.bytes.length).toBeLessThanOrEqual(300 * 1024);
    // Stored after the answer, for the next instance.
    await eventually(
      () => storedCards(inviter.userId),
      (languages) => languages.length === 1 && languages[0] === 'en',
      { what: 'the card stored under its address' },
    );
  });

  it('gives two inviters two cards, and Hindi and English two cards', async () => {
    const [asha, ravi] = await Promise.all([
      createInviter({ name: 'Asha Verma', profileImage: null }),
      createInviter({ name: 'Ravi Kumar', profileImage: null }),
    ]);
    const ashaEn = (await previewOf(`/feedback/${asha.userId}/en`)).image;
    const ashaHi = await previewOf(`/feedback/${asha.userId}/hi`);
    const raviEn = (await previewOf(`/feedback/${ravi.userId}/en`)).image;
    expect(new Set([ashaEn, ashaHi.image, raviEn]).size).toBe(3);
    expect(ashaHi.tag('og:image:alt')).toBe('Asha Verma ने आपको Dayfocus पर आमंत्रित किया है');
    const cards = await Promise.all([ashaEn, ashaHi.image, raviEn].map(fetchCard));
    for (const card of cards) expect(card.response.status).toBe(200);
    const drawn = new Set(cards.map((card) => Buffer.from(card.bytes).toString('base64')));
    expect(drawn.size).toBe(3);
  });

  it('moves to a new address when her name changes, and the old one leads to it', async () => {
    const inviter = await createInviter({ name: 'Asha Verma', profileImage: null });
    const before = (await previewOf(`/feedback/${inviter.userId}/en`)).image;
    await adminDb.collection('Users').doc(inviter.userId).update({ name: 'Asha V. Rao' });
    // The same request again reads afresh (the CDN would have answered a copy it still kept).
    const after = (await previewOf(`/feedback/${inviter.userId}/en`)).image;
    expect(after).not.toBe(before);
    expect(after).toBe(`${urls.hosting}${inviteCardPath({ ...inviterCardOf(inviter), name: 'Asha V. Rao' }, 'en')}`);
    const old = await fetchCard(before);
    expect(old.response.status).toBe(302);
    expect(old.response.headers.get('location')).toBe(new URL(after).pathname);
  });

  it('draws nothing for a made-up address, and answers an unknown inviter with no card', async () => {
    const inviter = await createInviter({ name: 'Asha Verma', profileImage: null });
    const madeUp = [
      `/card/${inviter.userId}/en/AAAAAAAAAAAAAAAA.jpg`,
      `/card/${inviter.userId}/xx/AAAAAAAAAAAAAAAA.jpg`,
      `/card/${uniqueId('nobody')}/en/AAAAAAAAAAAAAAAA.jpg`,
      `/card/${inviter.userId}/en/short.jpg`,
    ];
    const statuses = [];
    for (const path of madeUp) statuses.push((await fetchCard(`${urls.hosting}${path}`)).response.status);
    expect(statuses).toEqual([302, 404, 404, 404]);
    const posted = await fetch(`${urls.hosting}${madeUp[0]}`, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
    expect(await storedCards(inviter.userId)).toEqual([]);
  });

  it("gives an unknown inviter's invitation the product's picture, and no card", async () => {
    const response = await fetchRaw(`/feedback/${uniqueId('nobody')}/en`, { userAgent: whatsApp });
    expect(response.status).toBe(404);
    expect(metaOf(response.body, 'og:image')).toBe(`${urls.hosting}/images/dayfocus-preview.png`);
    expect(metaOf(response.body, 'robots')).toBe('noindex');
    expect(response.body).not.toContain('/card/');
  });

  it("names the inviter over her card in the short link's preview", async () => {
    const inviter = await createInviter({ name: 'Asha Verma', profileImage: null });
    const { shortLink } = await callAnonymously<{ shortLink: string }>('createAppLink', { inviterId: inviter.userId });
    const { tag, image } = await previewOf(new URL(shortLink).pathname);
    expect(tag('og:title')).toBe('Asha Verma invited you to Dayfocus');
    expect(image).toBe(`${urls.hosting}${inviteCardPath(inviterCardOf(inviter), 'en')}`);
    expect((await fetchCard(image)).response.status).toBe(200);
  });

  it("gives the front door the product's title, description and picture", async () => {
    const { tag, image } = await previewOf('/');
    expect(tag('og:title')).toBe('Everyday tasks, done with friends · Dayfocus');
    expect(tag('og:description')).toBe('Dayfocus is an app where friends help each other finish everyday tasks.');
    expect(image).toBe(`${urls.hosting}/images/dayfocus-preview.png`);
  });
});

/** The card function's memory as Cloud Functions would count it against its 512 MiB. */
const CARD_MEMORY_LIMIT = 512 * 1024 * 1024;

/**
 * The highest resident memory (VmHWM) of each process this stack's Functions emulator may run
 * `inviteCard` in: its workers carry their stack's project, and either the function's name in
 * FUNCTION_TARGET (a worker per function) or the switch of workers shared by every function
 * (docs/local-stack.md). Linux's /proc; none found fails.
 */
function cardFunctionPeakMemory(): Map<string, number> {
  const peaks = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const environ = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
      if (!environ.includes('FUNCTIONS_EMULATOR=true') || !environ.includes(`GCLOUD_PROJECT=${stack.projectId}`))
        continue;
      if (
        !environ.includes('FUNCTION_TARGET=inviteCard') &&
        !environ.includes('FUNCTIONS_EMULATOR_SHARED_WORKERS=true')
      )
        continue;
      const kilobytes = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (kilobytes) peaks.set(pid, Number(kilobytes) * 1024);
    } catch {
      // A process that ended while we looked.
    }
  }
  return peaks;
}

/**
 * A picture host the test serves, on 127.0.0.1 (a host the local stack takes pictures from) or
 * 127.0.0.2 (loopback too, but a host no picture may come from). It records the paths asked of
 * it, and what a route that streams says it sent.
 */
async function pictureHost(address: string, routes: Record<string, (res: ServerResponse) => unknown>) {
  const asked: string[] = [];
  const sent = new Map<string, Streamed>();
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    asked.push(path);
    const route = routes[path];
    if (!route) return res.writeHead(404).end();
    void Promise.resolve(route(res)).then((streamed) => {
      if (streamed) sent.set(path, streamed as Streamed);
    });
  });
  server.listen(0, address);
  await once(server, 'listening');
  const origin = `http://${address}:${(server.address() as AddressInfo).port}`;
  return { origin, asked, sent, server, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** What a streamed body came to: the bytes written, and whether the reader took them all. */
interface Streamed {
  bytes: number;
  whole: boolean;
}

/**
 * `total` bytes in chunks with no Content-Length, as fast as the reader takes them, with a pause
 * of a second after `pauseAt` bytes: a reader that stops at a cap below it hangs up in the pause,
 * whatever the sockets' buffers held.
 */
async function chunkedBody(res: ServerResponse, total: number, pauseAt: number): Promise<Streamed> {
  res.writeHead(200, { 'content-type': 'image/png' }); // no length: chunked
  const chunk = Buffer.alloc(64 * 1024, 7);
  const closed = once(res, 'close');
  let bytes = 0;
  while (bytes < total && !res.destroyed) {
    if (bytes === pauseAt) await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000))]);
    if (res.destroyed) break;
    bytes += chunk.length;
    if (!res.write(chunk)) await Promise.race([once(res, 'drain'), closed]);
  }
  // Whole when every byte went out to a reader still there (end() would count a cut one as finished).
  const whole = bytes >= total && !res.destroyed;
  res.end();
  await closed;
  return { bytes, whole };
}

describe('a picture that would harm the card', () => {
  const MiB = 1024 * 1024;
  let bomb: Buffer;
  let face: Buffer;
  let own: Awaited<ReturnType<typeof pictureHost>>;
  let elsewhere: Awaited<ReturnType<typeof pictureHost>>;

  beforeAll(async () => {
    [bomb, face] = await Promise.all([pictureBomb(12_000, 12_000), plainPicture('#c62828')]);
    elsewhere = await pictureHost('127.0.0.2', { '/face.png': (res) => res.end(face) });
    own = await pictureHost('127.0.0.1', {
      '/face.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(face),
      '/bomb.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(bomb),
      '/chunked.png': (res) => chunkedBody(res, 40 * MiB, 16 * MiB),
      '/moved.png': (res) => res.writeHead(302, { location: `${elsewhere.origin}/face.png` }).end(),
    });
  });
  afterAll(async () => {
    await Promise.all([own.close(), elsewhere.close()]);
  });

  /** Her card as a crawler gets it, her picture at `path` of the test's own host. */
  async function cardWithPicture(path: string) {
    const inviter = await createInviter({ name: 'Asha Verma', profileImage: `${own.origin}${path}` });
    const { image } = await previewOf(`/feedback/${inviter.userId}/en`);
    const card = await fetchCard(image);
    expect(card.response.status).toBe(200);
    return { inviter, image, card, pixels: await pixelsOf(card.bytes) };
  }

  it('draws her picture from a host pictures come from (the others below are measured against this)', async () => {
    const { pixels, card } = await cardWithPicture('/face.png');
    expect(showsInitials(pixels)).toBe(false);
    expect(card.response.headers.get('cache-control')).toBe(INVITE_CARD_CACHE_CONTROL);
  });

  it("answers a 12000x12000 PNG bomb with her initials, the function's memory under its 512 MiB", async () => {
    expect(bomb.length).toBeLessThan(500 * 1024);
    // A worker's peak is its whole life's (other suites' cards drawn in every script's faces
    // before this one): what the bomb's card may add to it is measured, not the peak itself.
    const before = cardFunctionPeakMemory();
    const { pixels, card } = await cardWithPicture('/bomb.png');
    expect(own.asked).toContain('/bomb.png');
    // Read straight after the answer, while the worker that drew it still runs: refused before
    // decoding, the card costs no more than any other (a new worker's Skia and faces, about
    // 200 MiB; a decoded 12000x12000 picture alone would be 549 MiB).
    const after = cardFunctionPeakMemory();
    if (after.size === 0) throw new Error('No process of the Functions emulator runs inviteCard');
    for (const [pid, peak] of after) expect(peak - (before.get(pid) ?? 0)).toBeLessThan(CARD_MEMORY_LIMIT / 2);
    expect(showsInitials(pixels)).toBe(true);
    // Drawn without its picture: kept minutes, not a year, so that it is tried again.
    expect(card.response.headers.get('cache-control')).toBe(INVITE_CARD_STAND_IN_CACHE_CONTROL);
  });

  it('stops reading a picture sent without a length at the cap, and answers her initials', async () => {
    const { pixels, card } = await cardWithPicture('/chunked.png');
    expect(showsInitials(pixels)).toBe(true);
    expect(card.response.headers.get('cache-control')).toBe(INVITE_CARD_STAND_IN_CACHE_CONTROL);
    // The reader hung up past the 8 MiB cap, while the host paused at 16 MiB of its 40.
    const sent = await eventually(
      async () => own.sent.get('/chunked.png'),
      (streamed) => streamed !== undefined,
      { what: "the picture host's count of what it sent" },
    );
    expect(sent?.whole).toBe(false);
    expect(sent?.bytes).toBeLessThanOrEqual(16 * MiB);
  });

  it('follows no redirect to a host pictures do not come from, and answers her initials', async () => {
    const { pixels, card } = await cardWithPicture('/moved.png');
    expect(own.asked).toContain('/moved.png');
    expect(elsewhere.asked).toEqual([]);
    expect(showsInitials(pixels)).toBe(true);
    expect(card.response.headers.get('cache-control')).toBe(INVITE_CARD_STAND_IN_CACHE_CONTROL);
  });

  it('stores no card drawn without its picture: the next request fetches the picture again', async () => {
    const { inviter, image } = await cardWithPicture('/moved.png');
    const before = own.asked.filter((path) => path === '/moved.png').length;
    expect((await fetchCard(image)).response.status).toBe(200);
    expect(own.asked.filter((path) => path === '/moved.png').length).toBe(before + 1);
    expect(await storedCards(inviter.userId)).toEqual([]);
  });
});

describe('a card address with a query string', OUR_EMULATOR, () => {
  afterEach(async () => {
    await firestoreFaults(null);
  });

  it('is redirected to the bare address, kept by the CDN, with no read', async () => {
    const inviter = await createInviter({ name: 'Asha Verma', profileImage: null });
    const path = inviteCardPath(inviterCardOf(inviter), 'en');
    // Any read of her record or of a stored card would fail once (and count) while this runs.
    await firestoreFaults({
      faults: [`Users/${inviter.userId}`, collections.inviteCards].flatMap((match) =>
        ['BatchGetDocuments', 'RunQuery', 'BeginTransaction'].map((rpc) => ({
          rpc,
          code: 'UNAVAILABLE',
          count: 1,
          match,
        })),
      ),
    });
    const busted = await fetchCard(`${urls.hosting}${path}?x=${uniqueId('bust')}`);
    const { faults } = await firestoreFaults();
    await firestoreFaults(null);
    expect(busted.response.status).toBe(301);
    expect(busted.response.headers.get('location')).toBe(path);
    expect(busted.response.headers.get('cache-control')).toBe(CANONICAL_REDIRECT_CACHE_CONTROL);
    expect(faults.reduce((sum, fault) => sum + fault.fired, 0)).toBe(0);
    expect((await fetchCard(`${urls.hosting}${path}`)).response.status).toBe(200);
  });
});

describe("an inviter's stored cards", () => {
  it('are removed with her account', async () => {
    const inviter = await createInviter({ name: 'Asha Verma', profileImage: null });
    await adminAuth.createUser({ uid: inviter.userId, email: `${inviter.userId}@dayfocus.test` });
    for (const language of ['en', 'hi'])
      expect(
        (await fetchCard((await previewOf(`/feedback/${inviter.userId}/${language}`)).image)).response.status,
      ).toBe(200);
    await eventually(
      () => storedCards(inviter.userId),
      (languages) => languages.length === 2,
      { what: 'her two cards stored' },
    );
    await adminAuth.deleteUser(inviter.userId);
    await eventually(
      () => storedCards(inviter.userId),
      (languages) => languages.length === 0,
      { what: 'her cards removed after her account was deleted', timeoutMs: 20_000 },
    );
  });

  it('are never answered once she is switched off', async () => {
    const inviter = await createInviter({ name: 'Asha Verma', profileImage: null });
    const { image } = await previewOf(`/feedback/${inviter.userId}/en`);
    expect((await fetchCard(image)).response.status).toBe(200);
    await eventually(
      () => storedCards(inviter.userId),
      (languages) => languages.length === 1,
      { what: 'her card stored' },
    );
    await adminDb.collection('Users').doc(inviter.userId).update({ isActive: false });
    // The same request again reads her afresh (the CDN would have answered a copy it still kept).
    expect((await fetchCard(image)).response.status).toBe(404);
  });
});

/** What a card shows of an inviter made by createInviter (no picture). */
function inviterCardOf(inviter: { userId: string; name: string }) {
  return { inviterId: inviter.userId, name: inviter.name, photoUrl: null };
}
