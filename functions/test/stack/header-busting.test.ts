/**
 * Hosting's CDN keeps a copy of a page per value of each header the page varies on (`Vary:
 * User-Agent`, `Accept-Language`), so a new value of either (random, or the long tail of real
 * browsers) reaches the function each time. It costs that function run, and no Firestore read
 * beyond the first per inviter (and link) within the life of what the instance keeps
 * (docs/invitation-page.md, "Cache"; docs/short-links.md). Fetched through Hosting; the reads
 * are watched through the Firestore emulator's fault plan, aimed at the documents they would read.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { urls } from '@dayfocus/stack/testing';
import { LINK_KEEP_MS } from '../../src/short-links/domain/app-links.js';
import { rootText } from '../html.js';
import { adminDb, callAnonymously, createInviter, fetchRaw, firestoreFaults, OUR_EMULATOR } from './support.js';

const REQUESTS = 20;

afterEach(async () => {
  await firestoreFaults(null);
});

/**
 * Fetches `path` with these headers while any read of a document whose name contains one of
 * `watched` would fail once (the function's own retry then goes through, so the answer is what it
 * would have been); answers with how many reads each watched name saw.
 */
async function fetchWatching(path: string, headers: { userAgent: string; acceptLanguage: string }, watched: string[]) {
  const rpcs = ['BatchGetDocuments', 'RunQuery', 'BeginTransaction'];
  await firestoreFaults({
    faults: watched.flatMap((match) => rpcs.map((rpc) => ({ rpc, code: 'UNAVAILABLE', count: 1, match }))),
  });
  const response = await fetchRaw(path, headers);
  const { faults } = await firestoreFaults();
  await firestoreFaults(null);
  const reads = watched.map((_, index) =>
    faults.slice(index * rpcs.length, (index + 1) * rpcs.length).reduce((sum, fault) => sum + fault.fired, 0),
  );
  return { response, reads };
}

/** Header values no browser sent before: each a new copy at the CDN. */
function randomHeaders(index: number) {
  const token = randomBytes(6).toString('hex');
  return {
    userAgent: `Mozilla/5.0 (Random ${token}; rv:${index}) Gecko/20100101 Browser/${index}.0`,
    acceptLanguage: `x-${token};q=0.9, ${index % 2 ? 'hi-IN' : 'en-GB'};q=0.${(index % 8) | 1}`,
  };
}

/**
 * `REQUESTS` fetches of `path`, each with new random headers: the reads of each watched name,
 * summed, and how long the fetches took from the first's start to the last's end.
 */
async function readsOfRandomHeaders(path: string, watched: string[], check: (body: string, status: number) => void) {
  const total = watched.map(() => 0);
  const started = Date.now();
  for (let index = 0; index < REQUESTS; index++) {
    const { response, reads } = await fetchWatching(path, randomHeaders(index), watched);
    check(response.body, response.status);
    reads.forEach((count, at) => (total[at] = (total[at] ?? 0) + count));
  }
  const reads: Record<string, number | undefined> = Object.fromEntries(watched.map((name, at) => [name, total[at]]));
  return { reads, tookMs: Date.now() - started };
}

// The reads are watched through our emulator's fault plan: left out on Google's (OUR_EMULATOR).
describe('random User-Agent and Accept-Language values', OUR_EMULATOR, () => {
  it.each([
    ['the invitation', (id: string) => `/feedback/${id}`],
    ['the sign-up method page (rendered for the phone)', (id: string) => `/social-sign-up/${id}`],
  ])('on %s: the page for each, and one read of the inviter in all', async (_page, pathOf) => {
    const inviter = await createInviter({ name: 'Header Bustington' });
    const watched = [`Users/${inviter.userId}`];

    const { reads } = await readsOfRandomHeaders(pathOf(inviter.userId), watched, (body, status) => {
      expect(status).toBe(200);
      expect(rootText(body)).toContain('Header Bustington');
    });
    expect(reads).toEqual({ [`Users/${inviter.userId}`]: 1 });
  });

  it("on a short link (/l/{code}): the link's page for each, and one read of the link, its owner and its inviter each 10 s", async () => {
    const inviter = await createInviter({ name: 'Header Bustington' });
    const { shortLink } = await callAnonymously<{ shortLink: string }>('createAppLink', { inviterId: inviter.userId });
    const code = shortLink.slice(`${urls.hosting}/l/`.length);
    const watched = [`_appLinks/${code}`, `_appLinkOwners/${inviter.userId}`, `Users/${inviter.userId}`];

    const { reads, tookMs } = await readsOfRandomHeaders(`/l/${code}`, watched, (body, status) => {
      expect(status).toBe(200);
      expect(body).toContain(`/feedback/${inviter.userId}/`);
    });
    // The instance keeps what it read of a link for LINK_KEEP_MS (10 s), no longer (a retired link
    // must stop resolving): a read each time that runs out. Twenty fetches took 5 to 9 s in good
    // hours, so one read; in a slow one, 20 s (two reads, correctly): one for each 10 s begun.
    const windows = 1 + Math.floor(tookMs / LINK_KEEP_MS);
    expect(reads[`_appLinks/${code}`], 'the link, read to serve it').toBeGreaterThanOrEqual(1);
    for (const name of watched)
      expect(reads[name], `${name} (${REQUESTS} fetches in ${tookMs} ms)`).toBeLessThanOrEqual(windows);
  });

  it('a repeated request, which the CDN would have answered had it kept a copy, reads the inviter afresh', async () => {
    const inviter = await createInviter({ name: 'Header Bustington' });
    const path = `/feedback/${inviter.userId}`;
    const headers = randomHeaders(1);
    expect((await fetchRaw(path, headers)).status).toBe(200);
    await adminDb.collection('Users').doc(inviter.userId).update({ isActive: false });
    expect((await fetchRaw(path, headers)).status).toBe(404);
    // What the fresh read found is what the instance keeps: new header values get it too.
    expect((await fetchRaw(path, randomHeaders(2))).status).toBe(404);
  });
});
