/**
 * The lock's own edges (docs/signed-in-on-arrival.md, section 6, threat model): no attempt window can keep a
 * known code's reuse from locking; a late reuse with nothing changed only signs the account out; a
 * ban is never lifted by a reuse or a recovery; and the recovery finishes whatever the first
 * redeemer did to the account (its address moved and squatted, a second factor of his, the account
 * deleted). As in handoff-takeover.test.ts, a sign-out is judged by `verifyIdToken(token, true)`.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  deleteUser,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  updateEmail,
  updatePassword,
} from 'firebase/auth';
import { SimulatedMobileApp } from '@dayfocus/stack/testing';
import { adminAuth, adminDb, Browser, outboxIds, outcomeOf, readDoc, uniqueId, verificationMail } from './support.js';
import { digestOf, postRecovery, recoveryMail, signInRefusal, welcomedInvitee } from './handoffs.js';

/** The code's first redemption moved back by `ms`: the test's way to let time pass. */
const redeemedAgo = (code: string, ms: number) =>
  adminDb
    .collection('_signInHandoffs')
    .doc(digestOf(code))
    .update({ redeemedAt: new Date(Date.now() - ms).toISOString() });

/** The lock's hour moved to now: its recovery works from here. */
const lockEnded = (uid: string) =>
  adminDb.collection('_accountLocks').doc(uid).update({ recoverableAt: new Date().toISOString() });

const HOUR = 60 * 60_000;

describe('a known code is never a guess', () => {
  it("locks and mails the owner once, though the first redeemer spent the prefix's window with made-up codes", async () => {
    const { browser, uid, email, mint } = await welcomedInvitee();
    const code = await mint();
    const attacker = new SimulatedMobileApp('android');
    const session = (await signInWithCustomToken(attacker.auth, await attacker.redeem(code))).user;
    await updatePassword(session, 'attacker-pass-3');
    // Made-up codes of the forwarded code's prefix, until its window is spent.
    const guess = () => code.slice(0, 4) + randomBytes(30).toString('base64url').slice(0, 39);
    const outcomes: string[] = [];
    while (outcomes.length < 11 && outcomes.at(-1) !== 'resource-exhausted') {
      outcomes.push(await outcomeOf(attacker.redeem(guess())));
    }
    expect(outcomes.at(-1)).toBe('resource-exhausted');

    const owner = new SimulatedMobileApp('android');
    expect(await outcomeOf(owner.redeem(code))).toBe('permission-denied');
    expect((await adminAuth.getUser(uid)).disabled).toBe(true);
    expect(await readDoc('_accountLocks', uid)).toMatchObject({ uid, owner: { email } });
    expect(await signInRefusal(signInWithEmailAndPassword(new Browser().auth, email, 'attacker-pass-3'))).toBe(
      'auth/user-disabled',
    );
    expect((await recoveryMail(email)).count).toBe(1);
    await Promise.all([attacker.close(), owner.close(), browser.close()]);
  });
});

describe('a late reuse', () => {
  it('after every custom token of the code has expired, with nothing changed, signs her out and locks nothing', async () => {
    const { browser, uid, email, mint } = await welcomedInvitee();
    const code = await mint();
    const own = new SimulatedMobileApp('android');
    const idToken = await (await own.signInOnArrival(code)).getIdToken();
    // The code seen later (a copy pasted into a chat, a browser's history): an hour and more after her redemption.
    await redeemedAgo(code, HOUR + 3 * 60_000);
    const before = await outboxIds(email);

    const stranger = new SimulatedMobileApp('android');
    expect(await outcomeOf(stranger.redeem(code))).toBe('permission-denied');
    expect((await adminAuth.getUser(uid)).disabled).toBe(false);
    expect(await readDoc('_accountLocks', uid)).toBeUndefined();
    expect(await outboxIds(email)).toEqual(before);
    // The sessions the code made are ended, and the code never signs in or acts again.
    await expect(adminAuth.verifyIdToken(idToken, true)).rejects.toMatchObject({ code: 'auth/id-token-revoked' });
    expect(await readDoc('_signInHandoffs', digestOf(code))).toMatchObject({ revokedAt: expect.any(String) });
    expect(await outcomeOf(new SimulatedMobileApp('android').redeem(code))).toBe('permission-denied');
    expect((await adminAuth.getUser(uid)).disabled).toBe(false);
    await Promise.all([own.close(), stranger.close(), browser.close()]);
  });

  it('still locks when the first redeemer changed a credential since (his password)', async () => {
    const { browser, uid, email, mint } = await welcomedInvitee();
    const code = await mint();
    const attacker = new SimulatedMobileApp('android');
    const session = (await signInWithCustomToken(attacker.auth, await attacker.redeem(code))).user;
    await redeemedAgo(code, HOUR + 3 * 60_000);
    await updatePassword(session, 'attacker-pass-4');

    const owner = new SimulatedMobileApp('android');
    expect(await outcomeOf(owner.redeem(code))).toBe('permission-denied');
    expect((await adminAuth.getUser(uid)).disabled).toBe(true);
    expect((await recoveryMail(email)).count).toBe(1);
    await Promise.all([attacker.close(), owner.close(), browser.close()]);
  });
});

describe('a ban', () => {
  it("survives its owner's reuse of his own code: refused, no lock, no mail", async () => {
    const { browser, uid, email, mint } = await welcomedInvitee();
    const code = await mint();
    const own = new SimulatedMobileApp('android');
    await own.signInOnArrival(code);
    await adminAuth.updateUser(uid, { disabled: true }); // an administrator's ban
    const before = await outboxIds(email);

    expect(await outcomeOf(new SimulatedMobileApp('android').redeem(code))).toBe('permission-denied');
    expect(await readDoc('_accountLocks', uid)).toBeUndefined();
    expect(await outboxIds(email)).toEqual(before);
    expect((await adminAuth.getUser(uid)).disabled).toBe(true);
    await Promise.all([own.close(), browser.close()]);
  });

  it('made during a lock holds once its lock document is deleted: the recovery is refused', async () => {
    const { browser, uid, email, mint } = await welcomedInvitee();
    const code = await mint();
    await new SimulatedMobileApp('android').redeem(code);
    expect(await outcomeOf(new SimulatedMobileApp('android').redeem(code))).toBe('permission-denied');
    const { link } = await recoveryMail(email);
    // The administrator's ban of a locked account: the lock's document goes (docs/signed-in-on-arrival.md, section 6).
    await adminDb.collection('_accountLocks').doc(uid).delete();
    const refused = await postRecovery(link);
    expect(refused.status).toBe(404);
    expect((await adminAuth.getUser(uid)).disabled).toBe(true);
    await browser.close();
  });
});

describe('the recovery always recovers', () => {
  it('takes her address back from an account made on it after the mint, which it disables, and says so', async () => {
    const { browser, uid, sub, email, mint } = await welcomedInvitee();
    const code = await mint();
    const attacker = new SimulatedMobileApp('android');
    const session = (await signInWithCustomToken(attacker.auth, await attacker.redeem(code))).user;
    // He moves her account to his address, then signs up a new account on hers.
    await updateEmail(session, `${uniqueId('eve')}@example.com`);
    const squatter = new Browser();
    const squat = await squatter.signUpWithEmail(email, 'squat-pass-1');

    const owner = new SimulatedMobileApp('android');
    expect(await outcomeOf(owner.redeem(code))).toBe('permission-denied');
    const { link } = await recoveryMail(email);
    await lockEnded(uid);
    const recovered = await postRecovery(link, 'en');
    expect(recovered.status).toBe(200);
    expect(recovered.body).toContain('Your account is yours again');
    expect(recovered.body).toContain('Someone had made another account with your email address');

    const restored = await adminAuth.getUser(uid);
    expect([restored.disabled, restored.email, restored.emailVerified]).toEqual([false, email, true]);
    const squatted = await adminAuth.getUser(squat.uid);
    expect(squatted.disabled).toBe(true);
    expect(squatted.email).not.toBe(email);
    expect(await readDoc('_accountLocks', uid)).toMatchObject({ squatter: { uid: squat.uid, email } });
    expect(await signInRefusal(signInWithEmailAndPassword(new Browser().auth, email, 'squat-pass-1'))).not.toBe(
      'signed-in',
    );
    expect((await new Browser().signInWith('google.com', { sub, email, name: 'Mira Nair' })).uid).toBe(uid);
    await Promise.all([attacker.close(), owner.close(), browser.close(), squatter.close()]);
  });

  it('takes nothing from an account whose own mailbox proved her address after the mint: support decides', async () => {
    const { browser, uid, email, mint, inviter } = await welcomedInvitee();
    const code = await mint();
    const attacker = new SimulatedMobileApp('android');
    const session = (await signInWithCustomToken(attacker.auth, await attacker.redeem(code))).user;
    await updateEmail(session, `${uniqueId('eve')}@example.com`);
    // A new account on the address, proved through the address's own mailbox (the mail's code).
    const holder = new Browser();
    const held = await holder.signUpWithEmail(email, 'holder-pass-1');
    await holder.call('registerInvitee', { inviterId: inviter.userId, name: 'Mira' });
    await holder.call('sendVerificationEmail', { language: 'en' });
    await holder.call('confirmEmailWithCode', { code: (await verificationMail(email)).code });
    expect((await adminAuth.getUser(held.uid)).emailVerified).toBe(true);

    expect(await outcomeOf(new SimulatedMobileApp('android').redeem(code))).toBe('permission-denied');
    const { link } = await recoveryMail(email);
    await lockEnded(uid);
    const answered = await postRecovery(link, 'en');
    expect(answered.status).toBe(200);
    expect(answered.body).toContain('proved it through your mailbox after this account was locked');
    expect(answered.body).not.toContain('Your account is yours again');
    // Nothing changed: the holder keeps the address and signs in; the locked account stays locked.
    const kept = await adminAuth.getUser(held.uid);
    expect([kept.disabled, kept.email]).toEqual([false, email]);
    expect((await signInWithEmailAndPassword(new Browser().auth, email, 'holder-pass-1')).user.uid).toBe(held.uid);
    expect((await adminAuth.getUser(uid)).disabled).toBe(true);
    expect(await readDoc('_accountLocks', uid)).not.toHaveProperty('squatter');
    expect(await readDoc('_accountLocks', uid)).not.toHaveProperty('recoveredAt');
    await Promise.all([attacker.close(), browser.close(), holder.close()]);
  });

  it('removes a second factor enrolled since the mint', async () => {
    const { browser, uid, email, mint } = await welcomedInvitee();
    const code = await mint();
    await new SimulatedMobileApp('android').redeem(code);
    // His phone as her second factor: without it she could not sign in after the recovery.
    await adminAuth.updateUser(uid, {
      multiFactor: { enrolledFactors: [{ uid: 'his-phone', factorId: 'phone', phoneNumber: '+15555550123' }] },
    });
    expect(await outcomeOf(new SimulatedMobileApp('android').redeem(code))).toBe('permission-denied');
    const { link } = await recoveryMail(email);
    await lockEnded(uid);
    expect((await postRecovery(link)).status).toBe(200);
    const restored = await adminAuth.getUser(uid);
    expect(restored.disabled).toBe(false);
    expect(restored.multiFactor?.enrolledFactors ?? []).toEqual([]);
    await browser.close();
  });
});

describe('a deletion by the first redeemer', () => {
  it('answers the owner with the one refusal, never internal, and mails her what happened', async () => {
    const { browser, email, mint } = await welcomedInvitee();
    const code = await mint();
    const attacker = new SimulatedMobileApp('android');
    const session = (await signInWithCustomToken(attacker.auth, await attacker.redeem(code))).user;
    await deleteUser(session);

    const owner = new SimulatedMobileApp('android');
    expect(await outcomeOf(owner.redeem(code))).toBe('permission-denied');
    const mail = await verificationMail(email);
    expect(mail.subject).toContain('हटा');
    expect(mail.text).not.toContain('/account-recovery');
    expect(await readDoc('_signInHandoffs', digestOf(code))).toMatchObject({ revokedAt: expect.any(String) });
    // A second try mails nobody again.
    const count = (await outboxIds(email)).length;
    expect(await outcomeOf(new SimulatedMobileApp('android').redeem(code))).toBe('permission-denied');
    expect((await outboxIds(email)).length).toBe(count);
    await Promise.all([attacker.close(), owner.close(), browser.close()]);
  });
});
