/**
 * Signed in wherever the mail opens (docs/signed-in-on-arrival.md, section 6): the activation that applies
 * the e-mail's code for the first time, while our mail is fresh, answers a sign-in handoff code for
 * the phone the page names, which the app redeems as the same account. The mail's link opened in
 * another browser has no session to mint one on the store tap; the proof of the address is the
 * code. A second opening, a stale mail, or a desktop gets none.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import { HANDOFF_MINT_MAIL_MAX_AGE_MS } from '@dayfocus/contracts/sign-in-handoff';
import { SimulatedMobileApp, verificationMail } from '@dayfocus/stack/testing';
import { userAgents } from '@dayfocus/stack/user-agents';
import type { WelcomePageState } from '@dayfocus/contracts/web-page';
import { adminDb, Browser, callAnonymously, createInviter, fetchRaw, friendsBetween, readDoc } from './support.js';
import { linkProofId } from '../../src/invites/domain/proof-ids.js';

const digestOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** The welcome state of a server-rendered page, from the JSON block the app takes the page over with. */
function welcomeStateOf(html: string): WelcomePageState | undefined {
  const block = /<script type="application\/json" id="dayfocus-server-state">([^<]*)<\/script>/.exec(html)?.[1];
  return block ? (JSON.parse(block) as { welcome?: WelcomePageState }).welcome : undefined;
}

/** An e-mail sign-up on the companion, its own verification mail sent (ours, in Hindi): the mail's code. */
async function signedUpAwaitingMail() {
  const inviter = await createInviter({ name: 'Asha Verma' });
  const browser = new Browser();
  const user = await browser.signUpWithEmail();
  await browser.call('registerInvitee', { inviterId: inviter.userId, name: 'Mira Nair' });
  await browser.call('sendVerificationEmail', { language: 'hi' });
  await browser.close();
  const email = user.email ?? '';
  const { oobCode } = await verificationMail(email);
  return { inviter, uid: user.uid, email, oobCode };
}

/** The mail's link opened in another browser (nobody signed in there), on a phone of `platform`. */
function openedElsewhere(
  person: { uid: string; inviter: { userId: string }; oobCode: string },
  platform?: 'android' | 'ios',
) {
  return callAnonymously<ActivationAnswer>('activateAccount', {
    uid: person.uid,
    inviterId: person.inviter.userId,
    verificationCode: person.oobCode,
    ...(platform ? { platform, language: 'hi' } : {}),
  });
}

describe('activateAccount: signed in wherever the mail opens', () => {
  it("answers a sign-in code at the code's first application; the app redeems it as the same account", async () => {
    const person = await signedUpAwaitingMail();
    const answer = await openedElsewhere(person, 'android');
    expect(answer.inviter?.inviterId).toBe(person.inviter.userId);
    expect(answer.signIn).toEqual({
      code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresAt: expect.any(String),
      platform: 'android',
    });
    const code = answer.signIn?.code ?? '';
    // Kept by its digest, with the owner a reuse's recovery reaches (in the page's language).
    expect(await readDoc('_signInHandoffs', digestOf(code))).toMatchObject({
      uid: person.uid,
      platform: 'android',
      owner: { email: person.email, language: 'hi', providerIds: ['password'] },
    });

    const app = new SimulatedMobileApp('android');
    const signedIn = await app.signInOnArrival(code);
    expect(signedIn.uid).toBe(person.uid);
    expect(await friendsBetween(person.inviter.userId, person.uid)).toHaveLength(1);
    await app.close();
  });

  it('answers none to a second opening of the link, nor to a page that names no phone', async () => {
    const person = await signedUpAwaitingMail();
    const first = await openedElsewhere(person);
    expect(first.inviter?.inviterId).toBe(person.inviter.userId);
    expect(first.signIn).toBeUndefined();
    // The link opened again (a forwarded mail, a second tab): the address was proved already.
    const again = await openedElsewhere(person, 'android');
    expect(again.inviter?.inviterId).toBe(person.inviter.userId);
    expect(again.signIn).toBeUndefined();
  });

  it('answers none for a mail older than an hour: the account activates, and the app asks her to sign in', async () => {
    const person = await signedUpAwaitingMail();
    // The link's own issue time, which the mint reads (never the mailbox's newest mail).
    const sentAt = new Date(Date.now() - HANDOFF_MINT_MAIL_MAX_AGE_MS - 60_000).toISOString();
    await adminDb.collection('_addressProofs').doc(linkProofId(person.oobCode)).update({ issuedAt: sentAt });
    const answer = await openedElsewhere(person, 'ios');
    expect(answer.inviter?.inviterId).toBe(person.inviter.userId);
    expect(answer.signIn).toBeUndefined();
    expect(await friendsBetween(person.inviter.userId, person.uid)).toHaveLength(1);
  });

  it("gives the confirm form's answer a code for the phone its browser names, in the page's state", async () => {
    const person = await signedUpAwaitingMail();
    const path = `/welcome/${person.uid}/${person.inviter.userId}?lg=hi&mode=verifyEmail&oobCode=${person.oobCode}`;
    const answered = await fetchRaw(path, {
      method: 'POST',
      userAgent: userAgents.ios['Safari on iPhone (iOS 26)'],
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answered.status).toBe(200);
    expect(answered.headers['cache-control']).toBe('private, no-store');
    const welcome = welcomeStateOf(answered.body);
    expect(welcome?.kind).toBe('confirmed');
    const signIn = welcome?.kind === 'confirmed' ? welcome.answer.signIn : undefined;
    expect(signIn).toMatchObject({ platform: 'ios', code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const app = new SimulatedMobileApp('ios');
    expect((await app.signInOnArrival(signIn?.code ?? '')).uid).toBe(person.uid);
    await app.close();
  });
});
