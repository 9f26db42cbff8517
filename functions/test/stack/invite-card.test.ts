/**
 * The invite card through Hosting, as a chat app's crawler meets it: the invitation's and the
 * short link's previews name a card of the inviter's own, in the page's language, which the card's
 * function draws once, stores, and answers with a cache rule of a year; a made-up address draws
 * nothing. docs/invite-card.md.
 */
import { describe, expect, it } from 'vitest';
import { urls } from '@dayfocus/stack/testing';
import { collections } from '@dayfocus/contracts/records';
import { userAgents } from '@dayfocus/stack/user-agents';
import { INVITE_CARD_CACHE_CONTROL, inviteCardPath } from '@dayfocus/contracts/invite-card';
import { metaOf } from '../html.js';
import { adminDb, callAnonymously, createInviter, eventually, fetchRaw, uniqueId } from './support.js';

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

/** What a card shows of an inviter made by createInviter (no picture). */
function inviterCardOf(inviter: { userId: string; name: string }) {
  return { inviterId: inviter.userId, name: inviter.name, photoUrl: null };
}
