/**
 * A renewal closes the door (docs/inviter-view.md, "A renewal closes the door"): once she replaced
 * her link with `renewInviteLink`, nothing that names only her uid admits anyone (her invitation
 * page, the sign-ups, "I already have an account"), while her new link's pages, which carry its
 * code, still do. An inviter who never renewed keeps the spec's pages as they were.
 */
import { describe, expect, it } from 'vitest';
import type { EmailSignUpAnswer } from '@dayfocus/contracts/answers';
import english from '@dayfocus/contracts/locales/en';
import {
  adminAuth,
  Browser,
  callAnonymously,
  eventually,
  fetchRaw,
  friendsBetween,
  outcomeOf,
  readDoc,
  refusalOf,
  signedInApp,
  uniqueId,
  verificationMail,
} from './support.js';

const REPLACED = { code: 'functions/failed-precondition', details: { invitation: 'replaced' } };
const replacedText = english.web.invitation.replaced.replace('{{name}}', '');

const codeOf = (shortLink: string) => shortLink.slice(shortLink.lastIndexOf('/') + 1);
const emailSignUp = (inviterId: string, more: Record<string, unknown> = {}) => ({
  inviterId,
  name: 'Mira Nair',
  email: `${uniqueId('renewed')}@example.com`,
  password: 'correct-horse-7',
  language: 'en',
  mail: true,
  ...more,
});

/** Asha, signed in in her app, with her first link, then a renewed one. */
async function renewedInviter() {
  const asha = await signedInApp();
  const { shortLink: old } = await callAnonymously<{ shortLink: string }>('createAppLink', { inviterId: asha.uid });
  const { shortLink } = await asha.app.call<{ shortLink: string }>('renewInviteLink', {});
  return { ...asha, oldCode: codeOf(old), newCode: codeOf(shortLink), shortLink };
}

describe('after she renews her link', () => {
  it('her page by her uid alone, or by the old link, admits nobody and says to ask her for the new one', async () => {
    const asha = await renewedInviter();
    for (const address of [`/feedback/${asha.uid}/en`, `/feedback/${asha.uid}/en?via=link&link=${asha.oldCode}`]) {
      const page = await fetchRaw(address);
      expect(page.status, address).toBe(200);
      expect(page.body).toContain(replacedText.trim().slice(0, 30));
      expect(page.body).not.toContain(`/social-sign-up/${asha.uid}`);
      expect(page.body).not.toContain(`/app-link/${asha.uid}`);
    }
    // Her new link's "Continue on the web" carries its code: that page still signs people up.
    const current = await fetchRaw(`/feedback/${asha.uid}/en?via=link&link=${asha.newCode}`);
    expect(current.body).toContain(`/social-sign-up/${asha.uid}`);
    expect(current.body).toContain(`/app-link/${asha.uid}?link=${asha.newCode}`);
    expect(current.body).not.toContain(replacedText.trim().slice(0, 30));
    await asha.app.close();
  });

  it('refuses every sign-up that names only her uid, with one answer, writing nothing; her new link admits', async () => {
    const asha = await renewedInviter();
    // The server's e-mail sign-up: refused before any account is made.
    const refused = emailSignUp(asha.uid);
    expect(await refusalOf(callAnonymously('signUpWithEmail', refused))).toMatchObject(REPLACED);
    expect(await adminAuth.getUserByEmail(String(refused.email)).catch(() => null)).toBeNull();
    // The browser's own e-mail sign-up, and an Apple or Google sign-up.
    const browser = new Browser();
    const mira = await browser.signUpWithEmail();
    expect(await refusalOf(browser.call('registerInvitee', { inviterId: asha.uid, name: 'Mira' }))).toMatchObject(
      REPLACED,
    );
    expect(await readDoc('_signUps', mira.uid)).toBeUndefined();
    const google = new Browser();
    const lena = await google.signInWith('google.com', { name: 'Lena' });
    expect(await refusalOf(google.call('completeSocialSignUp', { inviterId: asha.uid }))).toMatchObject(REPLACED);
    expect(await friendsBetween(asha.uid, lena.uid)).toEqual([]);
    // The old link's code is no better than none.
    expect(
      await refusalOf(google.call('completeSocialSignUp', { inviterId: asha.uid, link: asha.oldCode })),
    ).toMatchObject(REPLACED);

    // Through her new link's pages: the sign-ups pass, and the friendship is made.
    const answer = await callAnonymously<EmailSignUpAnswer>(
      'signUpWithEmail',
      emailSignUp(asha.uid, { link: asha.newCode }),
    );
    expect(await readDoc('_signUps', answer.uid)).toMatchObject({ invitedBy: asha.uid, inviteLink: asha.newCode });
    await google.call('completeSocialSignUp', { inviterId: asha.uid, link: asha.newCode });
    expect(await friendsBetween(asha.uid, lena.uid)).not.toEqual([]);
    await Promise.all([asha.app.close(), browser.close(), google.close()]);
  });

  it('"I already have an account" hands out her new link only from a page of it', async () => {
    const asha = await renewedInviter();
    // Within a minute (what an instance keeps of her record, as for the old link itself): every
    // instance the calls reach refuses then, each within its own minute, so the refusal is awaited
    // until two calls in a row meet it.
    const byUid = () =>
      callAnonymously('createAppLink', { inviterId: asha.uid }).then(
        () => null,
        (error: { code?: string; details?: unknown }) => ({ code: error.code, details: error.details }),
      );
    const refused = await eventually(
      async () => [await byUid(), await byUid()],
      (answers) => answers.every((answer) => answer?.code === REPLACED.code),
      { what: '"I already have an account" by her uid alone to be refused', timeoutMs: 60_000, intervalMs: 1_000 },
    );
    for (const answer of refused) expect(answer).toEqual(REPLACED);
    expect(await callAnonymously('createAppLink', { inviterId: asha.uid, link: asha.newCode })).toEqual({
      shortLink: asha.shortLink,
    });
    const bare = await fetchRaw(`/app-link/${asha.uid}`);
    expect([bare.status, String(bare.headers.location)]).toEqual([303, `/feedback/${asha.uid}`]);
    const fromLink = await fetchRaw(`/app-link/${asha.uid}?link=${asha.newCode}`);
    expect([fromLink.status, fromLink.headers.location]).toEqual([303, asha.shortLink]);
    await asha.app.close();
  });

  it('a sign-up begun by her old page and confirmed after: the account is active, and no friend is made', async () => {
    const asha = await signedInApp();
    const browser = new Browser();
    const mira = await browser.signUpWithEmail();
    await browser.call('registerInvitee', { inviterId: asha.uid, name: 'Mira' });
    await browser.call('sendVerificationEmail', { language: 'en' });
    await asha.app.call('renewInviteLink', {});
    const { code } = await verificationMail(mira.email ?? '');
    expect(await browser.call('confirmEmailWithCode', { code })).toMatchObject({ invitationClosed: true });
    expect(await friendsBetween(asha.uid, mira.uid)).toEqual([]);
    await Promise.all([asha.app.close(), browser.close()]);
  });

  it('leaves an inviter who never renewed as the spec has her: her uid alone admits', async () => {
    const asha = await signedInApp();
    expect(await outcomeOf(callAnonymously('signUpWithEmail', emailSignUp(asha.uid)))).toBe('ok');
    expect((await fetchRaw(`/feedback/${asha.uid}/en`)).body).toContain(`/social-sign-up/${asha.uid}`);
    await asha.app.close();
  });
});
