/**
 * A short link retired by hand, as docs/short-links.md says to (with the Admin SDK, as the console
 * does it), stops resolving within a minute everywhere: in every instance that read it before (the
 * stack's instances keep what they read exactly as deployed ones do) and at Hosting's CDN, whose
 * share is what each answer's Cache-Control lets it keep (the local Hosting emulator has no CDN).
 */
import { describe, expect, it } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import { eventually, urls } from '@dayfocus/stack/testing';
import { userAgents } from '@dayfocus/stack/user-agents';
import { LINK_KEEP_MS } from '../../src/short-links/domain/app-links.js';
import { adminDb, callAnonymously, createInviter, fetchRaw, outcomeOf } from './support.js';

const BOUND_MS = 60_000;
const desktop = { userAgent: userAgents.web['Chrome on Windows'] };

/** How long a cache between the function and the visitor may answer with a copy: shared cache, then browser. */
function cacheSeconds(cacheControl: unknown): number {
  const header = String(cacheControl);
  if (/\b(no-store|private)\b/.test(header)) return 0;
  const seconds = (name: string) => Number(new RegExp(`\\b${name}=(\\d+)`).exec(header)?.[1] ?? 0);
  const shared = /\bs-maxage=/.test(header) ? seconds('s-maxage') : seconds('max-age');
  return shared + seconds('stale-while-revalidate') + seconds('max-age');
}

const retirements = {
  "the owner record's code cleared (docs/short-links.md)": async (inviterId: string) => {
    await adminDb
      .collection('_appLinkOwners')
      .doc(inviterId)
      .update({ code: FieldValue.delete(), codeTarget: FieldValue.delete() });
  },
  'the link document deleted': async (_inviterId: string, code: string) => {
    await adminDb.collection('_appLinks').doc(code).delete();
  },
};

describe.each(Object.entries(retirements))('a link retired by hand: %s', (_how, retire) => {
  it('stops resolving within a minute in every answer, and the inviter gets a new link', async () => {
    const inviter = await createInviter();
    const { shortLink } = await callAnonymously<{ shortLink: string }>('createAppLink', {
      inviterId: inviter.userId,
    });
    const code = shortLink.slice(`${urls.hosting}/l/`.length);
    // Used before it is retired: each instance that answered keeps what it read.
    expect((await fetchRaw(`/l/${code}`, desktop)).status).toBe(200);
    expect((await fetchRaw(`/l/${code}/qr.svg`)).status).toBe(200);
    expect(await callAnonymously('resolveAppLink', { code })).toMatchObject({ code });
    const appLinkBefore = await fetchRaw(`/app-link/${inviter.userId}`);
    expect(appLinkBefore.headers.location).toBe(shortLink);

    const retiredAt = Date.now();
    await retire(inviter.userId, code);
    // The four asked at once: one after another, a round took seconds in Google's lane (a worker per
    // function, three files at a time), and its length counted as the instances' keeping (20 s once).
    const after = await eventually(
      async () => {
        const [open, qr, resolve, appLink] = await Promise.all([
          fetchRaw(`/l/${code}`, desktop),
          fetchRaw(`/l/${code}/qr.svg`),
          outcomeOf(callAnonymously('resolveAppLink', { code })),
          fetchRaw(`/app-link/${inviter.userId}`),
        ]);
        return { open: open.status, qr: qr.status, resolve, appLink };
      },
      (state) =>
        state.open === 404 &&
        state.qr === 404 &&
        state.resolve === 'not-found' &&
        state.appLink.headers.location !== shortLink,
      { what: `the retired link ${code} resolving nowhere`, timeoutMs: BOUND_MS, intervalMs: 500 },
    );
    const inInstances = Date.now() - retiredAt;
    expect(inInstances).toBeLessThanOrEqual(LINK_KEEP_MS + 5_000);

    // The inviter's "I already have an account" leads to a new link, which works.
    const renewed = String(after.appLink.headers.location);
    expect(renewed).toMatch(new RegExp(`^${urls.hosting}/l/[A-Za-z0-9_-]+$`));
    expect((await fetchRaw(renewed.slice(urls.hosting.length), desktop)).status).toBe(200);

    // Beyond the stack, a CDN may answer with a copy for as long as each answer lets it: an
    // instance's copy plus the CDN's stays within the minute.
    const answers = {
      open: await fetchRaw(`/l/${code}`, desktop),
      qr: await fetchRaw(`/l/${code}/qr.svg`),
      appLink: after.appLink,
      renewedOpen: await fetchRaw(renewed.slice(urls.hosting.length), desktop),
      renewedQr: await fetchRaw(`${renewed.slice(urls.hosting.length)}/qr.svg`),
    };
    for (const [what, answer] of Object.entries(answers)) {
      const kept = LINK_KEEP_MS + cacheSeconds(answer.headers['cache-control']) * 1000;
      expect(kept, `${what}: ${String(answer.headers['cache-control'])}`).toBeLessThanOrEqual(BOUND_MS);
    }
  });
});
