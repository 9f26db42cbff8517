/**
 * An inviter whose account an administrator disabled, or whose record the app switched off
 * (`isActive: false`) or retired (`isDeleted: true`), has no public face: no invitation page, no
 * getInviter answer, no short link that resolves (docs/invitation-page.md, "Who has a page").
 * Switched off with the Admin SDK as an administrator or the app does it, then fetched through
 * Hosting and called through the SDK as a visitor and the app would.
 */
import { describe, expect, it } from 'vitest';
import { UNKNOWN_INVITER_CACHE_CONTROL } from '@dayfocus/contracts/web-page';
import { urls } from '@dayfocus/stack/testing';
import { userAgents } from '@dayfocus/stack/user-agents';
import { PAGE_INVITER_KEEP_MS } from '../../src/pages/adapters/kept-inviters.js';
import { metaOf, rootText } from '../html.js';
import { adminAuth, adminDb, callAnonymously, createInviter, fetchRaw, outcomeOf } from './support.js';

const ways = {
  'whose account an administrator disabled': async (uid: string) => {
    await adminAuth.createUser({ uid, email: `${uid}@dayfocus.test` });
    await adminAuth.updateUser(uid, { disabled: true });
  },
  'whose record the app switched off (isActive: false)': async (uid: string) => {
    await adminDb.collection('Users').doc(uid).update({ isActive: false });
  },
  'whose record is retired (isDeleted: true)': async (uid: string) => {
    await adminDb.collection('Users').doc(uid).update({ isDeleted: true });
  },
} as const;

/** An inviter with a name to look for, and the short link made while she was still on. */
async function inviterWithLink() {
  const inviter = await createInviter({ name: 'Switched Offperson' });
  const { shortLink } = await callAnonymously<{ shortLink: string }>('createAppLink', { inviterId: inviter.userId });
  return { inviterId: inviter.userId, shortLink, code: shortLink.slice(`${urls.hosting}/l/`.length) };
}

describe.each(Object.entries(ways))('an inviter %s', (_way, switchOff) => {
  it('gets the "Invalid URL" page of an unknown inviter, on the invitation and the sign-up pages', async () => {
    const { inviterId } = await inviterWithLink();
    expect((await fetchRaw(`/feedback/${inviterId}/en`)).status).toBe(200);
    await switchOff(inviterId);

    for (const path of [`/feedback/${inviterId}/en`, `/social-sign-up/${inviterId}`, `/sign-up/${inviterId}`]) {
      // An instance keeps her card as long as the CDN keeps a page (kept-inviters.ts), so a page
      // its worker never drew may still show her once; the same request asked again reads afresh
      // in the worker that answered it. The stack runs several workers a function: ask until each
      // that answers has read her anew, within the keeping time.
      let response = await fetchRaw(path);
      const deadline = Date.now() + PAGE_INVITER_KEEP_MS;
      while (response.status !== 404 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        response = await fetchRaw(path);
      }
      expect(response.status, path).toBe(404);
      expect(response.headers['cache-control'], path).toBe(UNKNOWN_INVITER_CACHE_CONTROL);
      expect(rootText(response.body), path).toContain('Invalid URL');
      expect(response.body, path).not.toContain('Offperson');
      // No preview (the sign-up pages), or the product's (the invitation): never her card or name.
      expect(response.body, path).not.toContain('/card/');
      expect([undefined, 'Everyday tasks, done with friends · Dayfocus'], path).toContain(
        metaOf(response.body, 'og:title'),
      );
    }
  });

  it('gets no getInviter answer', async () => {
    const { inviterId } = await inviterWithLink();
    await switchOff(inviterId);
    expect(await outcomeOf(callAnonymously('getInviter', { inviterId }))).toBe('not-found');
  });

  it('has short links that resolve nowhere: /l/{code} is the 404 page, resolveAppLink not-found, no new link', async () => {
    const { inviterId, code } = await inviterWithLink();
    await switchOff(inviterId);

    for (const userAgent of [userAgents.web['Chrome on Windows'], userAgents.ios['Safari on iPhone (iOS 17)']]) {
      const response = await fetchRaw(`/l/${code}`, { userAgent });
      expect(response.status, userAgent).toBe(404);
      expect(response.headers.location, userAgent).toBeUndefined();
    }
    expect(await outcomeOf(callAnonymously('resolveAppLink', { code }))).toBe('not-found');
    expect(await outcomeOf(callAnonymously('createAppLink', { inviterId }))).toBe('not-found');
    // "I already have an account" without JavaScript goes back to the invitation, which says "Invalid URL".
    const appLink = await fetchRaw(`/app-link/${inviterId}`);
    expect(appLink.status).toBe(303);
    expect(appLink.headers.location).toBe(`/feedback/${inviterId}`);
    const links = await adminDb.collection('_appLinks').where('inviterId', '==', inviterId).get();
    expect(links.docs.map((doc) => doc.id)).toEqual([code]);
  });
});
