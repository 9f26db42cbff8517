/**
 * What the server shows is checked again where it is shown (docs/short-links.md, "What a link
 * may send a visitor to"; docs/invitation-page.md, "Names"): a link's target and an inviter's name
 * written by someone else (here with the Admin SDK, as a client might under permissive rules of the
 * app's project) cannot turn `/l/{code}` into an open redirect or put a stranger's text on a page.
 */
import { describe, expect, it } from 'vitest';
import { brand } from '@dayfocus/contracts/brand';
import { urls } from '@dayfocus/stack/testing';
import { userAgents } from '@dayfocus/stack/user-agents';
import { metaOf, rootText } from '../html.js';
import { adminDb, callAnonymously, createInviter, fetchRaw } from './support.js';

const EVIL = 'https://evil.example/steal';
const everyVisitor = {
  desktop: userAgents.web['Chrome on Windows'],
  iPhone: userAgents.ios['Safari on iPhone (iOS 17)'],
  Android: userAgents.android['Chrome on Android'],
  crawler: userAgents.crawler.WhatsApp,
};

async function linkOf(inviterId: string) {
  const { shortLink } = await callAnonymously<{ shortLink: string }>('createAppLink', { inviterId });
  return shortLink.slice(`${urls.hosting}/l/`.length);
}

/** Where the link's answer sends each kind of visitor: the redirect's location and every URL its page names. */
async function destinationsOf(code: string): Promise<string[]> {
  const found: string[] = [];
  for (const userAgent of Object.values(everyVisitor)) {
    const response = await fetchRaw(`/l/${code}`, { userAgent });
    if (typeof response.headers.location === 'string') found.push(response.headers.location);
    found.push(...[...response.body.matchAll(/\b(?:href|content|data-[a-z-]+)="([^"]+)"/g)].map((m) => m[1] ?? ''));
  }
  return found.map((url) => decodeURIComponent(url.replaceAll('&amp;', '&').replaceAll('&#38;', '&')));
}

describe("a short link's target is checked when it is served", () => {
  it('a target rewritten in `_appLinks` does not send anyone elsewhere', async () => {
    const inviter = await createInviter();
    const code = await linkOf(inviter.userId);
    await adminDb.collection('_appLinks').doc(code).update({ target: EVIL });

    const desktop = await fetchRaw(`/l/${code}`, { userAgent: everyVisitor.desktop });
    expect(desktop.status).toBe(200);
    expect(desktop.body).toContain(`href="${urls.hosting}/feedback/${inviter.userId}/en?via=link&amp;link=${code}"`);
    expect((await destinationsOf(code)).filter((url) => url.includes('evil.example'))).toEqual([]);
    const resolved = await callAnonymously<{ target: string }>('resolveAppLink', { code });
    expect(resolved.target).toBe(`${urls.hosting}/?userId=${inviter.userId}`);
  });

  it('a link and an owner record made by someone else do not either', async () => {
    const inviter = await createInviter();
    const target = `${urls.hosting}/?userId=${inviter.userId}`;
    const code = `Forged${Date.now().toString(36)}`;
    const now = new Date().toISOString();
    await adminDb
      .collection('_appLinks')
      .doc(code)
      .set({ code, inviterId: inviter.userId, target: EVIL, createdAt: now, updatedAt: now });
    // The owner record names the forged link as the inviter's, for her own target.
    await adminDb
      .collection('_appLinkOwners')
      .doc(inviter.userId)
      .set({ inviterId: inviter.userId, code, codeTarget: target, createdAt: now, updatedAt: now });

    expect((await destinationsOf(code)).filter((url) => url.includes('evil.example'))).toEqual([]);
    expect(await callAnonymously('resolveAppLink', { code })).toMatchObject({ target });
    // The inviter's page hands out a link of ours, which leads to her own target.
    const appLink = await fetchRaw(`/app-link/${inviter.userId}`);
    expect(appLink.status).toBe(303);
    const handedOut = String(appLink.headers.location);
    expect(handedOut).toMatch(new RegExp(`^${urls.hosting}/l/`));
    const phone = await fetchRaw(new URL(handedOut).pathname, { userAgent: everyVisitor.iPhone });
    expect(phone.body).toContain(`href="dayfocus://open?link=${encodeURIComponent(target)}"`);
  });
});

describe("an inviter's name is cleaned again when a page shows it", () => {
  it.each([
    ['control characters', 'Asha\u0007 \u001bVerma\u0085', 'Asha Verma'],
    ['invisible characters alone', '\u034f\ufe0f \u17b4\u180b\ufe00', brand.genericDisplayName],
    ['a link with ideographic dots', 'Asha at evil\u3002com', brand.genericDisplayName],
    ['a link with full-width dots', 'pay\uff0ein', brand.genericDisplayName],
    ['markup', '<img src=x onerror=alert(1)>Asha', 'Asha'],
  ])('a name written straight into `Users` with %s', async (_case, written, shown) => {
    const inviter = await createInviter();
    const code = await linkOf(inviter.userId);
    await adminDb.collection('Users').doc(inviter.userId).update({ name: written });

    const page = await fetchRaw(`/feedback/${inviter.userId}/en`);
    expect(page.status).toBe(200);
    expect(rootText(page.body)).toContain(`${shown} needs your help`);
    expect(metaOf(page.body, 'og:title')).toBe(`${shown} invited you to Dayfocus`);
    expect(page.body).not.toContain(written);
    expect(await callAnonymously('getInviter', { inviterId: inviter.userId })).toMatchObject({ name: shown });
    expect(await callAnonymously('resolveAppLink', { code })).toMatchObject({ inviter: { name: shown } });
    for (const userAgent of Object.values(everyVisitor)) {
      expect((await fetchRaw(`/l/${code}`, { userAgent })).body, userAgent).not.toContain(written);
    }
  });
});
