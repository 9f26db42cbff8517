/**
 * The server-rendered invitation through Hosting, as raw HTTP (no browser, no JavaScript): what
 * a visitor's first byte and a link-preview crawler get, its cache rules, and "I already have
 * an account" as a plain link.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { urls } from '@dayfocus/stack/testing';
import {
  APP_LINK_REDIRECT_CACHE_CONTROL,
  INVITATION_CACHE_CONTROL,
  UNKNOWN_INVITER_CACHE_CONTROL,
} from '@dayfocus/contracts/web-page';
import { cleanDisplayName } from '@dayfocus/contracts/names';
import { inviteCardPath } from '@dayfocus/contracts/invite-card';
import { userAgents } from '@dayfocus/stack/user-agents';
import { metaOf, rootText } from '../html.js';
import { adminDb, createInviter, fetchRaw, uniqueId } from './support.js';

const PICTURE = 'https://images.dayfocus.test/asha.png';

describe('The invitation page, server-rendered', () => {
  it('names the inviter, with her picture, in the first HTML, in English', async () => {
    const inviter = await createInviter({ name: 'Asha Verma', profileImage: PICTURE });
    const response = await fetchRaw(`/feedback/${inviter.userId}/en`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<html lang="en"');
    const text = rootText(response.body);
    expect(text).toContain('You are invited');
    expect(text).toContain('Asha Verma needs your help and feedback in completing everyday tasks.');
    expect(response.body).toContain(`src="${PICTURE}"`);
    expect(response.body).toContain(`href="/social-sign-up/${inviter.userId}"`);
    expect(response.body).toContain(`href="/app-link/${inviter.userId}"`);
    expect(response.body).toContain(`href="/feedback/${inviter.userId}/hi"`);
    expect(response.body).toMatch(/<title>You are invited · Dayfocus<\/title>/);
    // No loader: the page is complete.
    expect(response.body).not.toMatch(/class="loader"|class="[^"]*skeleton/);
  });

  it('names the inviter in Hindi on the Hindi link', async () => {
    const inviter = await createInviter({ name: 'Asha Verma', profileImage: PICTURE });
    const response = await fetchRaw(`/feedback/${inviter.userId}/hi`);
    expect(response.status).toBe(200);
    expect(response.headers['content-language']).toBe('hi');
    expect(response.body).toContain('<html lang="hi"');
    const text = rootText(response.body);
    expect(text).toContain('आपको आमंत्रित किया गया है');
    expect(text).toContain('Asha Verma को रोज़मर्रा के काम पूरे करने में आपकी मदद और राय चाहिए।');
    expect(text).toContain('साइन अप करें');
    expect(metaOf(response.body, 'og:title')).toBe('Asha Verma ने आपको Dayfocus पर आमंत्रित किया है');
    expect(metaOf(response.body, 'og:locale')).toBe('hi_IN');
  });

  it('gives a crawler (WhatsApp, Slack, Telegram, iMessage) personal Open Graph and Twitter tags', async () => {
    const inviter = await createInviter({ name: 'Asha Verma', profileImage: PICTURE });
    for (const userAgent of [...Object.values(userAgents.crawler), userAgents.ios['Safari on iPhone (iOS 17)']]) {
      const { status, body } = await fetchRaw(`/feedback/${inviter.userId}/en`, { userAgent });
      expect(status, userAgent).toBe(200);
      expect(metaOf(body, 'og:title'), userAgent).toBe('Asha Verma invited you to Dayfocus');
      expect(metaOf(body, 'og:description')).toBe(
        'Asha Verma needs your help and feedback in completing everyday tasks.',
      );
      // Her own invite card, a raster picture WhatsApp and Facebook show (her picture may be an SVG,
      // or too small or too big for them): invite-card.test.ts.
      const card = `${urls.hosting}${inviteCardPath({ inviterId: inviter.userId, name: 'Asha Verma', photoUrl: PICTURE }, 'en')}`;
      expect(metaOf(body, 'og:image')).toBe(card);
      // Marked: a preview that opens og:url brings her the card's way in (docs/invite-funnel.md).
      expect(metaOf(body, 'og:url')).toBe(`${urls.hosting}/feedback/${inviter.userId}/en?via=card`);
      expect(metaOf(body, 'twitter:card')).toBe('summary_large_image');
      expect(metaOf(body, 'twitter:title')).toBe('Asha Verma invited you to Dayfocus');
      expect(metaOf(body, 'twitter:image')).toBe(card);
    }
  });

  it('shows her card in the preview of an inviter without a picture, and her initials on the page', async () => {
    const inviter = await createInviter({ name: 'Ravi Kumar', profileImage: null });
    const { body } = await fetchRaw(`/feedback/${inviter.userId}/en`);
    expect(metaOf(body, 'og:image')).toContain(`/card/${inviter.userId}/en/`);
    expect(body).not.toContain('avatar-placeholder.svg');
    expect(body).toMatch(
      /class="inviter-picture inviter-initials" role="img" aria-label="No profile picture"><span aria-hidden="true">RK<\/span>/,
    );
    const hindi = await createInviter({ name: 'आशा वर्मा', profileImage: null });
    expect((await fetchRaw(`/feedback/${hindi.userId}/hi`)).body).toContain('<span aria-hidden="true">आव</span>');
  });

  it('says once who invites, what Dayfocus is and what happens next', async () => {
    const inviter = await createInviter({ name: 'Asha Verma', profileImage: PICTURE });
    const text = rootText((await fetchRaw(`/feedback/${inviter.userId}/en`)).body);
    expect(text.split('Asha Verma')).toHaveLength(3); // the sentence, and what happens next
    expect(text).toContain('Asha Verma needs your help and feedback in completing everyday tasks.');
    expect(text).toContain('Dayfocus is an app where friends help each other finish everyday tasks.');
    expect(text).toContain('you and Asha Verma will be friends there.');
    expect(text).toMatch(/Run by Dayfocus\s*Privacy\s*Terms/);
  });

  it('keeps a name with $ patterns as written, in the page and the tags (no replacement pattern reaches the HTML)', async () => {
    const name = "Ca$'h $` Money $$ $&";
    const inviter = await createInviter({ name });
    const { status, body } = await fetchRaw(`/feedback/${inviter.userId}/en`);
    expect(status).toBe(200);
    const shown = cleanDisplayName(name);
    const decode = (value: string | undefined) =>
      value?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    expect(decode(metaOf(body, 'og:title'))).toBe(`${shown} invited you to Dayfocus`);
    expect(decode(metaOf(body, 'twitter:description'))).toBe(
      `${shown} needs your help and feedback in completing everyday tasks.`,
    );
    expect(body).not.toContain('<!--ssr-head-->');
    expect(body.match(/<head>/g)).toHaveLength(1);
    expect(rootText(body)).toContain(`${shown} needs your help`);
  });

  it('escapes whatever the inviter put in her name, in the page and in the tags', async () => {
    const name = 'Asha "<b>&amp;\' <script>alert(1)</script>';
    const inviter = await createInviter({ name });
    const { status, body } = await fetchRaw(`/feedback/${inviter.userId}/en`);
    expect(status).toBe(200);
    expect(body).not.toContain('<script>alert(1)');
    expect(body).not.toContain('<b>');
    const shown = cleanDisplayName(name);
    expect(rootText(body)).toContain(`${shown} needs your help`);
    expect(metaOf(body, 'og:title')?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))).toBe(
      `${shown} invited you to Dayfocus`,
    );
  });

  it('serves an unknown inviter, a deleted one and /tasks-Feedback the "Invalid URL" page: 404, buttons disabled, the product\'s preview', async () => {
    const deleted = await createInviter({ name: 'Gone Person', isDeleted: true });
    for (const path of [`/feedback/${uniqueId('nobody')}/en`, `/feedback/${deleted.userId}`, '/tasks-Feedback']) {
      const response = await fetchRaw(path);
      expect(response.status, path).toBe(404);
      expect(response.headers['cache-control'], path).toBe(UNKNOWN_INVITER_CACHE_CONTROL);
      expect(rootText(response.body), path).toContain('Invalid URL');
      expect(response.body, path).toMatch(
        /<button type="button" class="button button-primary" disabled="">Sign up<\/button>/,
      );
      expect(response.body, path).not.toContain('/app-link/');
      expect(metaOf(response.body, 'og:image'), path).toBe(`${urls.hosting}/images/dayfocus-preview.png`);
      expect(metaOf(response.body, 'og:title'), path).toBe('Everyday tasks, done with friends · Dayfocus');
      expect(response.body, path).not.toContain('/card/');
      expect(response.body, path).not.toContain('Gone Person');
      expect(metaOf(response.body, 'robots'), path).toBe('noindex');
    }
  });

  it('answers a path longer than an invitation with a plain 404 page', async () => {
    // (An undecodable one never reaches the function: the Hosting emulator fails it first. See the unit test of inviterIdOf.)
    for (const path of ['/feedback/a/en/extra', '/feedback/a/b/c/d']) {
      const response = await fetchRaw(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toContain('This link does not work');
      expect(response.body, path).not.toMatch(/og:|twitter:/);
      // The CDN keeps it for everyone alike: its one stylesheet applies by its hash, with no nonce
      // that every visitor of the copy would share, and no script at all.
      const csp = String(response.headers['content-security-policy']);
      expect(response.headers['cache-control'], path).toMatch(/s-maxage=/);
      expect(csp, path).not.toContain('nonce-');
      expect(response.body, path).not.toMatch(/<script|nonce=/);
      const styles = [...response.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
      expect(styles, path).toHaveLength(1);
      const digest = `'sha256-${createHash('sha256')
        .update(styles[0] ?? '', 'utf8')
        .digest('base64')}'`;
      expect(/style-src ([^;]*)/.exec(csp)?.[1]?.split(' '), path).toContain(digest);
      expect(/script-src ([^;]*)/.exec(csp)?.[1], path).toBe("'none'");
    }
  });

  it('is cacheable at the CDN, with no cookie and the same bytes whoever asks', async () => {
    const inviter = await createInviter({ name: 'Asha Verma' });
    const path = `/feedback/${inviter.userId}/en`;
    const visitor = await fetchRaw(path, {
      userAgent: userAgents.ios['Safari on iPhone (iOS 17)'],
      acceptLanguage: 'hi-IN,hi;q=0.9',
    });
    const crawler = await fetchRaw(path, { userAgent: userAgents.crawler.WhatsApp, acceptLanguage: 'en' });
    expect(visitor.headers['cache-control']).toBe(INVITATION_CACHE_CONTROL);
    expect(visitor.headers['set-cookie']).toBeUndefined();
    expect(crawler.body).toBe(visitor.body);
  });

  it('shows a renamed inviter on the next render (the CDN keeps a copy for at most s-maxage + stale-while-revalidate)', async () => {
    const inviter = await createInviter({ name: 'Asha Verma' });
    const path = `/feedback/${inviter.userId}/en`;
    expect(rootText((await fetchRaw(path)).body)).toContain('Asha Verma needs');
    await adminDb.collection('Users').doc(inviter.userId).update({ name: 'Asha Verma-Rao' });
    expect(rootText((await fetchRaw(path)).body)).toContain('Asha Verma-Rao needs');
  });

  it('sends the security headers and a CSP that allows no inline script but its one, by its hash', async () => {
    const inviter = await createInviter();
    const { headers, body } = await fetchRaw(`/feedback/${inviter.userId}/en`);
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['x-content-type-options']).toBe('nosniff');
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'[^;]*/);
    expect(csp).not.toContain('unsafe-inline');
    // Every script of the page is a file of this origin, a JSON data block (never executed), or the
    // one inline script that holds an early tap, which runs by its hash in script-src.
    const scripts = [...body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({
      attributes: m[1] ?? '',
      text: m[2] ?? '',
    }));
    expect(scripts.length).toBeGreaterThan(0);
    const inline = scripts.filter(({ attributes }) => !/src="\/assets\/|type="application\/json"/.test(attributes));
    expect(inline).toHaveLength(1);
    const digest = `'sha256-${createHash('sha256')
      .update(inline[0]?.text ?? '', 'utf8')
      .digest('base64')}'`;
    expect(/script-src ([^;]*)/.exec(csp)?.[1]?.split(' ')).toContain(digest);
  });

  it('"I already have an account" without JavaScript: /app-link/{inviter} redirects to her short link, made once', async () => {
    const inviter = await createInviter();
    const first = await fetchRaw(`/app-link/${inviter.userId}`);
    expect(first.status).toBe(303);
    expect(first.headers['cache-control']).toBe(APP_LINK_REDIRECT_CACHE_CONTROL);
    const location = String(first.headers.location);
    expect(location).toMatch(new RegExp(`^${urls.hosting}/l/[A-Za-z0-9_-]+$`));
    const again = await fetchRaw(`/app-link/${inviter.userId}`);
    expect(again.headers.location).toBe(location);
    const links = await adminDb.collection('_appLinks').where('inviterId', '==', inviter.userId).get();
    expect(links.size).toBe(1);
    const open = await fetchRaw(new URL(location).pathname, { userAgent: userAgents.web['Chrome on Windows'] });
    // A desktop gets the link's page, whose web way is her invitation (not the front door).
    expect(open.status).toBe(200);
    expect(open.body).toContain(
      `id="open-web" class="button button-secondary" href="${urls.hosting}/feedback/${inviter.userId}/en?via=link&amp;link=${new URL(location).pathname.slice(3)}"`,
    );
  });

  // The one id rule (packages/contracts/src/ids.ts) in every HTTP route that takes an id: a
  // reserved `__x__` id, a `.` step and an encoded slash. (Firestore refuses a read or write that names `__x__` with an
  // error, production and both emulators alike: without the rule these rows would be 500s.)
  it.each(['__x__', '__inviter__', '.', 'a%2Fb'])(
    'answers the hostile id %s with a 404 page in every route, writing nothing',
    async (id) => {
      for (const path of [`/feedback/${id}/en`, `/feedback/${id}`, `/l/${id}`, `/l/${id}/qr.svg`]) {
        const response = await fetchRaw(path);
        expect(response.status, path).toBe(404);
        // No preview (a short link), or the product's, which names nothing of the path.
        expect(response.body, path).not.toContain('/card/');
        expect([undefined, `${urls.hosting}/`], path).toContain(metaOf(response.body, 'og:url'));
      }
      // "I already have an account" and the view beacon: no link made, nothing counted.
      const appLink = await fetchRaw(`/app-link/${id}`);
      expect(appLink.status).toBeGreaterThanOrEqual(300);
      expect(appLink.status).toBeLessThan(500);
      const beacon = await fetchRaw(`/feedback/${id}/en`, { method: 'POST' });
      expect(beacon.status).toBeLessThan(500);
      const decoded = decodeURIComponent(id);
      expect((await adminDb.collection('_appLinks').where('inviterId', '==', decoded).get()).size).toBe(0);
      // Below a reserved id Firestore holds nothing and refuses even the read (a write there would
      // have failed the beacon with a 500 above).
      if (!decoded.includes('/') && decoded !== '.' && !/^__.+__$/.test(decoded)) {
        expect((await adminDb.collection('_inviteFunnels').doc(decoded).collection('shards').get()).size).toBe(0);
      }
    },
  );

  it('/app-link/ of an unknown inviter makes no link and sends the visitor back to the invitation, which says "Invalid URL"', async () => {
    const nobody = uniqueId('nobody');
    const response = await fetchRaw(`/app-link/${nobody}`);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/feedback/${nobody}`);
    expect(rootText((await fetchRaw(`/feedback/${nobody}`)).body)).toContain('Invalid URL');
    const links = await adminDb.collection('_appLinks').where('inviterId', '==', nobody).get();
    expect(links.size).toBe(0);
  });

  it('answers GET and HEAD with the page, POST (the view beacon) with 204 and no page, and nothing else', async () => {
    const inviter = await createInviter();
    const head = await fetchRaw(`/feedback/${inviter.userId}/en`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    const post = await fetchRaw(`/feedback/${inviter.userId}/en`, { method: 'POST' });
    expect(post.status).toBe(204);
    expect(post.headers['cache-control']).toBe('no-store');
    const put = await fetchRaw(`/feedback/${inviter.userId}/en`, { method: 'PUT' });
    expect(put.status).toBe(405);
  });
});
