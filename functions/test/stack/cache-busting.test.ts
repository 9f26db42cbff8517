/**
 * Hosting's CDN keys its copies on the whole URL, so a query string the page does not use
 * (`?x=random`, a click id a social app appends) would reach the function each time and make it
 * read Firestore. Such a request gets a cacheable redirect to the page's own URL, with only the
 * parameters the pages use, and no read (docs/invitation-page.md, "Cache"). Fetched through
 * Hosting; the function's reads are watched through the Firestore emulator's fault plan, aimed
 * at the documents it would read.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { INVITATION_CACHE_CONTROL } from '@dayfocus/contracts/web-page';
import { userAgents } from '@dayfocus/stack/user-agents';
import { callAnonymously, createInviter, fetchRaw, firestoreFaults, OUR_EMULATOR, uniqueId } from './support.js';

afterEach(async () => {
  await firestoreFaults(null);
});

/**
 * Fetches `path` while any read of a document whose name contains one of `watched` would fail,
 * and answers with how many such reads there were (each fails at most once: the function's own
 * retry then goes through, so the answer is what it would have been).
 */
async function fetchWatching(path: string, watched: string[]) {
  await firestoreFaults({
    faults: watched.flatMap((match) =>
      ['BatchGetDocuments', 'RunQuery', 'BeginTransaction'].map((rpc) => ({
        rpc,
        code: 'UNAVAILABLE',
        count: 1,
        match,
      })),
    ),
  });
  const response = await fetchRaw(path);
  const { faults } = await firestoreFaults();
  await firestoreFaults(null);
  return { response, reads: faults.reduce((sum, fault) => sum + fault.fired, 0) };
}

/** Max-age and s-maxage of a Cache-Control header, in seconds. */
function ages(cacheControl: unknown) {
  const header = String(cacheControl);
  const seconds = (name: string) => Number(new RegExp(`\\b${name}=(\\d+)`).exec(header)?.[1] ?? Number.NaN);
  return { public: /\bpublic\b/.test(header), maxAge: seconds('max-age'), sMaxAge: seconds('s-maxage') };
}

// The reads are watched through our emulator's fault plan: left out on Google's (OUR_EMULATOR).
describe('a query string the page does not use', OUR_EMULATOR, () => {
  it.each([
    ['the invitation', (id: string) => `/feedback/${id}/en`, '?x=1234'],
    ['the invitation, with a click id', (id: string) => `/feedback/${id}/hi`, '?fbclid=IwAR0abc&utm_source=fb'],
    ['the sign-up method page', (id: string) => `/social-sign-up/${id}`, '?cb=99'],
    ['the e-mail form', (id: string) => `/sign-up/${id}`, '?x'],
    ['"I already have an account"', (id: string) => `/app-link/${id}`, '?nocache=1'],
  ])('on %s: a cacheable redirect to the page itself, with no read', async (_page, pathOf, query) => {
    const inviter = await createInviter();
    const path = pathOf(inviter.userId);
    const watched = [`Users/${inviter.userId}`, `_appLinkOwners/${inviter.userId}`];

    const { response, reads } = await fetchWatching(`${path}${query}`, watched);
    expect(reads).toBe(0);
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(path);
    const cache = ages(response.headers['cache-control']);
    expect(cache.public).toBe(true);
    expect(cache.sMaxAge).toBeGreaterThanOrEqual(3600);
    expect(response.body).toBe('');

    // The page itself is read and rendered as before.
    const page = await fetchRaw(path);
    expect([200, 303]).toContain(page.status);
  });

  it('keeps the parameters the pages use, in one order, and drops the rest', async () => {
    const inviter = await createInviter();
    const id = inviter.userId;
    const cases: [string, string][] = [
      [`/social-sign-up/${id}?utm_source=x&start=apple.com&lg=hi`, `/social-sign-up/${id}?lg=hi&start=apple.com`],
      [`/feedback/${id}/en?browser=external&lg=en&fbclid=1`, `/feedback/${id}/en?lg=en&browser=external`],
      [`/sign-up/${id}?lg=xx`, `/sign-up/${id}`], // a language the site does not offer
      [`/sign-up/${id}?start=google.com&lg=hi`, `/sign-up/${id}?lg=hi`], // `start` is the method page's
      [`/social-sign-up/${id}?start=evil.com`, `/social-sign-up/${id}`],
      [`/confirm-email?lg=hi&ref=mail`, `/confirm-email?lg=hi`],
      [`/feedback/${id}/en?lg=en&lg=hi`, `/feedback/${id}/en?lg=en`],
      ['/tasks-Feedback?x=1', '/tasks-Feedback'],
      // The invitation's way in: a marked way we make is kept, anything else in `via` is not.
      [`/feedback/${id}/en?fbclid=1&via=qr`, `/feedback/${id}/en?via=qr`],
      [`/feedback/${id}/en?via=evil`, `/feedback/${id}/en`],
      [`/feedback/${id}/en?via=plain`, `/feedback/${id}/en`],
      [`/sign-up/${id}?via=link`, `/sign-up/${id}`],
    ];
    for (const [asked, canonical] of cases) {
      const { response, reads } = await fetchWatching(asked, [`Users/${id}`]);
      expect({ asked, status: response.status, location: response.headers.location, reads }).toEqual({
        asked,
        status: 301,
        location: canonical,
        reads: 0,
      });
    }
  });

  it('leaves the URLs of our own pages alone: no redirect, the page at once', async () => {
    const inviter = await createInviter({ name: 'Asha Verma' });
    const id = inviter.userId;
    for (const path of [
      `/feedback/${id}/en`,
      `/feedback/${id}`,
      `/feedback/${id}/en?via=link`,
      `/feedback/${id}/hi?lg=hi&via=card`,
      `/social-sign-up/${id}?lg=hi`,
      `/social-sign-up/${id}?lg=en&start=apple.com`,
      `/social-sign-up/${id}?lg=en&browser=external`,
      `/sign-up/${id}?lg=hi`,
      '/confirm-email?lg=hi',
    ]) {
      const response = await fetchRaw(path);
      expect(response.status, path).toBe(200);
      expect(response.headers['cache-control'], path).toBe(INVITATION_CACHE_CONTROL);
    }
  });

  it('leaves the answers that are never cached alone: the welcome page, an e-mail link, a short link', async () => {
    const inviter = await createInviter();
    const welcome = await fetchRaw(`/welcome/${uniqueId('invitee')}/${inviter.userId}?mode=verifyEmail&oobCode=abc`);
    expect(welcome.status).toBe(200);
    expect(welcome.headers['cache-control']).toBe('private, no-store');
    const action = await fetchRaw('/auth/action?mode=resetPassword&oobCode=abc&apiKey=k');
    expect(action.status).toBe(303);
    expect(action.headers['cache-control']).toBe('no-store');
    // A short link's `src` is counted on every open, which reaches the function anyway.
    const { shortLink } = await callAnonymously<{ shortLink: string }>('createAppLink', { inviterId: inviter.userId });
    const open = await fetchRaw(`${new URL(shortLink).pathname}?src=whatsapp&x=1`, {
      userAgent: userAgents.web['Chrome on Windows'],
    });
    expect(open.status).toBe(200);
    expect(open.headers['cache-control']).toBe('private, no-store');
  });
});
