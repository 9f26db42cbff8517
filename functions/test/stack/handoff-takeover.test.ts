/**
 * The handoff's takeover paths (docs/signed-in-on-arrival.md, section 6, threat model): a forwarded code
 * locks the account, whoever redeemed first, so that nothing the first redeemer did with its fresh
 * session gets in again; its owner recovers it alone from the mail the lock sends her. A retry is
 * proved by the redemption's retry key, not by an installation id anyone can read; codes are
 * minted only for the companion's own fresh sign-ins, and only so many.
 *
 * The Auth emulator keeps honouring refresh tokens after `revokeRefreshTokens` (production does
 * not), so a sign-out is judged here by `verifyIdToken(token, true)` and by the sign-ins that must
 * fail, never by a refresh. It checks no custom token's expiry either: the token's own `exp` is
 * held against the lock's end instead.
 */
import { describe, expect, it } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import {
  confirmPasswordReset,
  GoogleAuthProvider,
  linkWithCredential,
  signInWithCredential,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  updatePassword,
  type User,
} from 'firebase/auth';
import { mintLocalToken, SimulatedMobileApp, urls } from '@dayfocus/stack/testing';
import { adminAuth, adminDb, Browser, createInviter, outcomeOf, readDoc, uniqueId } from './support.js';
import { digestOf, postRecovery, recoveryMail, signInRefusal, welcomedInvitee } from './handoffs.js';

/** A custom token's expiry (ms): the Admin SDK signs it for an hour. */
function expiryOf(customToken: string): number {
  const payload = JSON.parse(Buffer.from(customToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    exp: number;
  };
  return payload.exp * 1000;
}

describe('a forwarded code: the first redeemer keeps nothing', () => {
  it('locks the account against his password, his provider, his kept token and his ID token; she recovers it', async () => {
    const { browser, uid, sub, email, mint } = await welcomedInvitee();
    const code = await mint();
    // The attacker redeems first, keeps the custom token, and with his fresh session adds a
    // password to her Google account: his own way back in.
    const attacker = new SimulatedMobileApp('android');
    const keptToken = await attacker.redeem(code);
    const session: User = (await signInWithCustomToken(attacker.auth, keptToken)).user;
    await updatePassword(session, 'attacker-pass-1');
    const attackerIdToken = await session.getIdToken();
    expect(await signInRefusal(signInWithEmailAndPassword(new Browser().auth, email, 'attacker-pass-1'))).toBe(
      'signed-in',
    );

    // The owner's app redeems the same code: a reuse.
    const owner = new SimulatedMobileApp('android');
    expect(await outcomeOf(owner.redeem(code))).toBe('permission-denied');

    const lockedAt = Date.now();
    expect((await adminAuth.getUser(uid)).disabled).toBe(true);
    expect(await signInRefusal(signInWithEmailAndPassword(new Browser().auth, email, 'attacker-pass-1'))).toBe(
      'auth/user-disabled',
    );
    expect(await signInRefusal(signInWithCustomToken(new Browser().auth, keptToken))).toBe('auth/user-disabled');
    await expect(adminAuth.verifyIdToken(attackerIdToken, true)).rejects.toMatchObject({ code: 'auth/user-disabled' });
    // The kept token is dead before the lock can end: it expires within the hour the lock lasts.
    const lock = await readDoc('_accountLocks', uid);
    expect(lock).toMatchObject({ uid, owner: { email, providerIds: ['google.com'], language: 'hi' } });
    expect(expiryOf(keptToken)).toBeLessThanOrEqual(Date.parse(String(lock?.recoverableAt)));
    expect(Date.parse(String(lock?.recoverableAt)) - lockedAt).toBeLessThanOrEqual(60 * 60_000);

    // The mail reaches the address she had at the mint, in her language, with the recovery link.
    const { mail, link } = await recoveryMail(email);
    expect(mail.subject).toContain('लॉक');

    // A mail scanner's GET changes nothing; a post within the hour is told to wait.
    const scanned = await fetch(link, { redirect: 'manual' });
    expect(scanned.status).toBe(200);
    expect(await scanned.text()).toContain('<form method="post"');
    expect((await adminAuth.getUser(uid)).disabled).toBe(true);
    const early = await postRecovery(link);
    expect(early.body).toContain('एक घंटे बाद');
    expect((await adminAuth.getUser(uid)).disabled).toBe(true);

    // An hour later (the lock's end moved to now): her recovery puts the account back as it was.
    await adminDb.collection('_accountLocks').doc(uid).update({ recoverableAt: new Date().toISOString() });
    const recovered = await postRecovery(link);
    expect(recovered.status).toBe(200);
    expect(recovered.body).toContain('आपका खाता फिर से आपका है');
    const restored = await adminAuth.getUser(uid);
    expect(restored.disabled).toBe(false);
    expect(restored.email).toBe(email);
    expect(restored.providerData.map((p) => p.providerId)).toEqual(['google.com']);
    expect(await signInRefusal(signInWithEmailAndPassword(new Browser().auth, email, 'attacker-pass-1'))).not.toBe(
      'signed-in',
    );
    await expect(adminAuth.verifyIdToken(attackerIdToken, true)).rejects.toMatchObject({
      code: 'auth/id-token-revoked',
    });
    // She signs in with her own Google account, as before: the same account.
    expect((await new Browser().signInWith('google.com', { sub, email, name: 'Mira Nair' })).uid).toBe(uid);
    await Promise.all([attacker.close(), owner.close(), browser.close()]);
  });

  it("lets the owner of a password account set her own password again; the redeemer's Google is unlinked", async () => {
    const inviter = await createInviter({ name: 'Asha Verma' });
    const browser = new Browser();
    const email = `${uniqueId('ravi')}@example.com`;
    const user = await browser.signUpWithEmail(email, 'owner-pass-1');
    await browser.call('registerInvitee', { inviterId: inviter.userId, name: 'Ravi' });
    await adminAuth.updateUser(user.uid, { emailVerified: true });
    await adminDb.collection('_signUps').doc(user.uid).update({ signUpProvedAt: new Date().toISOString() });
    await browser.call('activateAccount', { uid: user.uid, inviterId: inviter.userId });
    const { code } = await browser.call<{ code: string }>('createSignInHandoff', { platform: 'ios', language: 'en' });

    const attacker = new SimulatedMobileApp('ios');
    const session = (await signInWithCustomToken(attacker.auth, await attacker.redeem(code))).user;
    const attackerGoogle = JSON.stringify({ sub: uniqueId('eve'), email: `${uniqueId('eve')}@example.com` });
    await linkWithCredential(session, GoogleAuthProvider.credential(attackerGoogle));
    await updatePassword(session, 'attacker-pass-2');

    const owner = new SimulatedMobileApp('ios');
    expect(await outcomeOf(owner.redeem(code))).toBe('permission-denied');
    expect(
      await signInRefusal(signInWithCredential(new Browser().auth, GoogleAuthProvider.credential(attackerGoogle))),
    ).toBe('auth/user-disabled');

    const { link } = await recoveryMail(email);
    await adminDb.collection('_accountLocks').doc(user.uid).update({ recoverableAt: new Date().toISOString() });
    const recovered = await postRecovery(link);
    const resetLink = /href="([^"]+)"/.exec(recovered.body.split('<form')[0]?.split('<p>').at(-1) ?? '')?.[1];
    expect(resetLink).toContain('oobCode=');
    const restored = await adminAuth.getUser(user.uid);
    expect(restored.disabled).toBe(false);
    expect(restored.providerData.map((p) => p.providerId)).toEqual(['password']);
    // Neither password signs in now; she sets hers through Firebase's own reset.
    for (const password of ['attacker-pass-2', 'owner-pass-1']) {
      expect(await signInRefusal(signInWithEmailAndPassword(new Browser().auth, email, password))).toBe(
        'auth/wrong-password',
      );
    }
    // The href as the browser reads it: HTML's character references decoded.
    const href = (resetLink ?? '').replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
    const oobCode = new URL(href).searchParams.get('oobCode') ?? '';
    const hers = new Browser();
    await confirmPasswordReset(hers.auth, oobCode, 'owner-pass-2');
    expect((await signInWithEmailAndPassword(hers.auth, email, 'owner-pass-2')).user.uid).toBe(user.uid);
    await Promise.all([attacker.close(), owner.close(), browser.close(), hers.close()]);
  });

  it('lets no session of two apps redeeming one code at once survive', async () => {
    const { browser, uid, mint } = await welcomedInvitee();
    const code = await mint('ios');
    const apps = [new SimulatedMobileApp('ios'), new SimulatedMobileApp('ios')];
    const tokens = await Promise.allSettled(apps.map((app) => app.redeem(code)));
    expect(tokens.map((t) => t.status).sort()).toEqual(['fulfilled', 'rejected']);
    const winner = tokens.findIndex((t) => t.status === 'fulfilled');
    const token = (tokens[winner] as PromiseFulfilledResult<string>).value;
    // The winner signs in after the loser's refusal: refused, the account is locked.
    expect(await signInRefusal(signInWithCustomToken(new Browser().auth, token))).toBe('auth/user-disabled');
    expect((await adminAuth.getUser(uid)).disabled).toBe(true);
    await Promise.all([...apps.map((app) => app.close()), browser.close()]);
  });
});

describe('a code minted before codes kept their owner', () => {
  it("locks on a reuse all the same, and mails the account's address as it is", async () => {
    const { browser, uid, email, mint } = await welcomedInvitee();
    const code = await mint();
    await adminDb.collection('_signInHandoffs').doc(digestOf(code)).update({ owner: FieldValue.delete() });
    const first = new SimulatedMobileApp('android');
    await first.redeem(code);
    const second = new SimulatedMobileApp('android');
    expect(await outcomeOf(second.redeem(code))).toBe('permission-denied');
    expect((await adminAuth.getUser(uid)).disabled).toBe(true);
    expect(await readDoc('_accountLocks', uid)).toMatchObject({ owner: { email, providerIds: ['google.com'] } });
    expect((await recoveryMail(email)).count).toBe(1);
    await Promise.all([first.close(), second.close(), browser.close()]);
  });
});

describe('a retry', () => {
  it("is not trusted on the first redeemer's installation id: another app presenting it is a reuse", async () => {
    const { browser, uid, email, mint } = await welcomedInvitee();
    const code = await mint();
    const first = new SimulatedMobileApp('android');
    const idToken = await (await signInWithCustomToken(first.auth, await first.redeem(code))).user.getIdToken();

    const other = new SimulatedMobileApp('android');
    expect(await outcomeOf(other.redeem(code, { installationId: first.installationId }))).toBe('permission-denied');
    await expect(adminAuth.verifyIdToken(idToken, true)).rejects.toMatchObject({ code: 'auth/user-disabled' });
    expect(await readDoc('_signInHandoffs', digestOf(code))).toMatchObject({ revokedAt: expect.any(String) });
    expect((await recoveryMail(email)).count).toBe(1);
    expect((await adminAuth.getUser(uid)).disabled).toBe(true);
    await Promise.all([first.close(), other.close(), browser.close()]);
  });
});

describe('who may mint', () => {
  it('refuses an account of the app alone, signed in by the Admin SDK, even activated', async () => {
    const uid = uniqueId('app-user');
    await adminAuth.createUser({ uid, email: `${uid}@example.com`, emailVerified: true });
    await adminDb.collection('Users').doc(uid).set({ userId: uid, isActive: true, isDeleted: false, name: 'App User' });
    const app = new Browser();
    await signInWithCustomToken(app.auth, await adminAuth.createCustomToken(uid));
    expect(await outcomeOf(app.call('createSignInHandoff', { platform: 'android' }))).toBe('permission-denied');
    // The same account with a password of its own, signed in just now: still no companion sign-up.
    await adminAuth.updateUser(uid, { password: 'app-pass-1' });
    await signInWithEmailAndPassword(app.auth, `${uid}@example.com`, 'app-pass-1');
    expect(await outcomeOf(app.call('createSignInHandoff', { platform: 'android' }))).toBe('permission-denied');
    await app.close();
  });

  it("refuses a session of the right account that signed in an hour ago (an app's hour-long ID token)", async () => {
    const { browser, mint } = await welcomedInvitee();
    await expect(mint()).resolves.toMatch(/^[A-Za-z0-9_-]{43}$/); // fresh: minted
    // The same ID token, but signed in an hour ago. The emulators take unsigned tokens, so the
    // test can date one back; in production only an old token of the app would be so.
    const token = (await browser.auth.currentUser?.getIdToken()) ?? '';
    const [, body] = token.split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const dated = { ...claims, auth_time: Math.floor(Date.now() / 1000) - 3600 };
    const encode = (part: unknown) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const old = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(dated)}.`;
    const response = await fetch(`${urls.functions}/createSignInHandoff`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${old}`,
        'x-firebase-appcheck': mintLocalToken().token,
      },
      body: JSON.stringify({ data: { platform: 'android' } }),
    });
    const answer = (await response.json()) as { error?: { status?: string } };
    expect([response.status, answer.error?.status]).toEqual([403, 'PERMISSION_DENIED']);
    await browser.close();
  });

  it('limits the codes one account mints: the sixth within the hour is refused', async () => {
    const { browser, mint } = await welcomedInvitee();
    for (let i = 0; i < 5; i += 1) await mint();
    expect(await outcomeOf(mint())).toBe('resource-exhausted');
    await browser.close();
  });
});
