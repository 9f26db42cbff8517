import { sendEmailVerification } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { FRIEND_JOIN_PUSHES_PER_HOUR } from '../../src/owed-work/domain/push-budget.js';
import {
  adminAuth,
  adminDb,
  Browser,
  callAnonymously,
  createInviter,
  eventually,
  friendsBetween,
  historyOf,
  importVerifiedInvitees,
  latestEmail,
  ok,
  outcomeOf,
  pushesTo,
  joinsDelivered,
  uniqueId,
  signUpDoc,
  userDoc,
  verifiedEmailInvitee,
  openVerificationLink,
  emailInviteeAwaitingMail,
  tryAgainWhenUnavailable,
  refusalOf,
} from './support.js';

describe('activateAccount', () => {
  it('activates a verified email invitee and does every step of docs/activation.md', async () => {
    const inviter = await createInviter();
    const user = await emailInviteeAwaitingMail(inviter.userId);

    // The e-mail's link opened in another browser: the welcome page hands its code to activation.
    // The answer greets: the inviter now a friend, and her short link for the welcome page.
    expect(await openVerificationLink(user.email ?? '', user.uid, inviter.userId)).toEqual({
      ...ok,
      inviter: { inviterId: inviter.userId, name: inviter.name, photoUrl: expect.anything() },
      inviteLink: expect.stringMatching(/\/l\/[A-Za-z0-9_-]{8,32}$/),
    });

    expect(await userDoc(user.uid)).toMatchObject({
      isActive: true,
      isVerified: true,
      name: 'Mira Nair',
    });
    // The door's taking of the sign-up's own proof is marked before Auth says "verified" (docs/activation.md, 4).
    expect(await signUpDoc(user.uid)).toMatchObject({
      invitedBy: inviter.userId,
      signUpProvedAt: expect.any(String),
      signUpProofTakenAt: expect.any(String),
      signUpProofAddress: user.email,
    });
    const notifications = (await adminDb.collection('Notifications').doc(user.uid).get()).data();
    expect(notifications).toMatchObject({
      userId: user.uid,
      dayfocusEveningReview: true,
      dayfocusMorningSetup: true,
      motivation: true,
    });
    const friends = await friendsBetween(inviter.userId, user.uid);
    expect(friends).toEqual([
      {
        userId: inviter.userId,
        friendId: user.uid,
        friendName: 'Mira Nair',
        isActive: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect(await historyOf(inviter.userId)).toEqual([
      {
        userId: user.uid,
        type: 'friend_join',
        userName: 'Mira Nair',
        message: 'Mira Nair has accepted your invitation',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    await joinsDelivered(inviter.userId);
    const pushes = await pushesTo(inviter.fcmToken ?? '');
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.message).toMatchObject({
      token: inviter.fcmToken,
      data: {
        title: 'Dayfocus',
        body: 'Mira Nair has accepted your invitation',
        topic: 'friend_join',
        type: 'friend_join',
      },
      notification: { title: 'Dayfocus', body: 'Mira Nair has accepted your invitation' },
      android: { priority: 'high' },
      apns: { headers: { 'apns-priority': '10' }, payload: { aps: { badge: 0 } } },
    });
  });

  it('refuses an account whose email is not verified, and writes nothing', async () => {
    const inviter = await createInviter();
    const browser = new Browser();
    const user = await browser.signUpWithEmail();
    await browser.call('registerInvitee', { inviterId: inviter.userId, name: 'Mira' });
    const before = await userDoc(user.uid);
    expect(await outcomeOf(callAnonymously('activateAccount', { uid: user.uid }))).toBe('failed-precondition');
    expect(await userDoc(user.uid)).toEqual(before);
    expect(await friendsBetween(inviter.userId, user.uid)).toEqual([]);
    expect((await adminDb.collection('Notifications').doc(user.uid).get()).exists).toBe(false);
    await browser.close();
  });

  it('links to the inviter recorded at sign-up, ignoring another one in the URL', async () => {
    const inviter = await createInviter();
    const stranger = await createInviter();
    const invitee = await verifiedEmailInvitee(inviter.userId);
    expect(await callAnonymously('activateAccount', { uid: invitee.uid, inviterId: stranger.userId })).toMatchObject(
      ok,
    );
    expect(await friendsBetween(inviter.userId, invitee.uid)).toHaveLength(1);
    expect(await friendsBetween(stranger.userId, invitee.uid)).toEqual([]);
    expect(await historyOf(stranger.userId)).toEqual([]);
  });

  it('makes no second friendship when one exists in the other direction', async () => {
    const inviter = await createInviter();
    const invitee = await verifiedEmailInvitee(inviter.userId);
    await adminDb
      .collection('Friends')
      .add({ userId: invitee.uid, friendId: inviter.userId, friendName: 'Asha', isActive: true });
    await callAnonymously('activateAccount', { uid: invitee.uid });
    expect(await friendsBetween(inviter.userId, invitee.uid)).toEqual([]);
    expect(await historyOf(inviter.userId)).toEqual([]);
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(inviter.fcmToken ?? '')).toEqual([]);
    expect(await userDoc(invitee.uid)).toMatchObject({ isActive: true, isVerified: true });
  });

  it('refuses a signed-in caller activating somebody else', async () => {
    const inviter = await createInviter();
    const invitee = await verifiedEmailInvitee(inviter.userId);
    const other = new Browser();
    await other.signUpWithEmail();
    expect(await outcomeOf(other.call('activateAccount', { uid: invitee.uid }))).toBe('permission-denied');
    expect((await userDoc(invitee.uid))?.isActive).toBeUndefined();
    await other.close();
  });

  it('sends no push when the inviter has no token, and still links', async () => {
    const inviter = await createInviter({ fcmToken: null });
    const invitee = await verifiedEmailInvitee(inviter.userId, `Solo ${Date.now()}`);
    expect(await callAnonymously('activateAccount', { uid: invitee.uid })).toMatchObject(ok);
    expect(await friendsBetween(inviter.userId, invitee.uid)).toHaveLength(1);
    const outbox = await adminDb.collection('_devPushOutbox').get();
    const bodies = outbox.docs.map((d) => (d.data().message as { data: { body: string } }).data.body);
    expect(bodies.filter((body) => body.startsWith(invitee.name))).toEqual([]);
    expect(await historyOf(inviter.userId)).toHaveLength(1);
  });

  it('answers the short link the inviter shared before, and makes no other', async () => {
    const inviter = await createInviter();
    const shared = await callAnonymously<{ shortLink: string }>('createAppLink', { inviterId: inviter.userId });
    const invitee = await verifiedEmailInvitee(inviter.userId);
    expect(await callAnonymously('activateAccount', { uid: invitee.uid, inviterId: inviter.userId })).toMatchObject({
      ...ok,
      inviteLink: shared.shortLink,
    });
    const links = await adminDb.collection('_appLinks').where('inviterId', '==', inviter.userId).get();
    expect(links.size).toBe(1);
  });
});

describe('activation under concurrency', () => {
  it('10 concurrent activations of one invitee give one friendship, one history entry, one push', async () => {
    const inviter = await createInviter();
    const invitee = await verifiedEmailInvitee(inviter.userId);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        tryAgainWhenUnavailable(() => callAnonymously('activateAccount', { uid: invitee.uid })),
      ),
    );
    expect(results).toEqual(Array.from({ length: 10 }, () => expect.objectContaining(ok)));
    expect(await friendsBetween(inviter.userId, invitee.uid)).toHaveLength(1);
    expect(await historyOf(inviter.userId)).toHaveLength(1);
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(inviter.fcmToken ?? '')).toHaveLength(1);
  });

  // 40 at once: eight times her hour's pushes, and more than one of her batches' worth arriving
  // while one commits (the viral soak and the hot lane race more).
  it('40 invitees of one inviter activating at once give 40 friendships and 40 history entries', async () => {
    const inviter = await createInviter();
    const invitees = await importVerifiedInvitees(inviter.userId, 40);
    const results = await Promise.all(
      invitees.map((invitee) =>
        tryAgainWhenUnavailable(() => callAnonymously('activateAccount', { uid: invitee.uid }, { timeoutMs: 300_000 })),
      ),
    );
    expect(results.filter((r) => (r as typeof ok).status === ok.status)).toHaveLength(40);
    const friends = await adminDb.collection('Friends').where('userId', '==', inviter.userId).get();
    expect(friends.size).toBe(40);
    expect(new Set(friends.docs.map((d) => d.data().friendId))).toEqual(new Set(invitees.map((i) => i.uid)));
    const history = await historyOf(inviter.userId);
    expect(history).toHaveLength(40);
    expect(new Set(history.map((h) => h.userId))).toEqual(new Set(invitees.map((i) => i.uid)));
    // The inviter's phone gets the hour's pushes; the other joins wait for one summary (push-budget.test.ts).
    await joinsDelivered(inviter.userId);
    const pushes = await pushesTo(inviter.fcmToken ?? '');
    expect(pushes.length).toBeGreaterThan(0);
    expect(pushes.length).toBeLessThanOrEqual(FRIEND_JOIN_PUSHES_PER_HOUR);
  }, 400_000);

  it('tells who invited an account only to the link that names that inviter, or to the account itself', async () => {
    const inviter = await createInviter();
    const invitee = await verifiedEmailInvitee(inviter.userId);
    // A uid alone (the public part of every invite link) reveals nothing.
    expect(await callAnonymously('activateAccount', { uid: invitee.uid })).toEqual({
      ...ok,
      inviter: null,
      inviteLink: null,
    });
    const stranger = await createInviter();
    expect(await callAnonymously('activateAccount', { uid: invitee.uid, inviterId: stranger.userId })).toMatchObject({
      inviter: null,
    });
    expect(await callAnonymously('activateAccount', { uid: invitee.uid, inviterId: inviter.userId })).toMatchObject({
      inviter: { inviterId: inviter.userId },
    });
  });

  it('an uninvited verified account: nothing from an anonymous call, activated without friendship when signed in', async () => {
    const browser = new Browser();
    const user = await browser.signInWith('google.com');
    const before = await eventually(
      () => userDoc(user.uid),
      (r) => r !== undefined,
    );
    // Nobody invited this account: an anonymous call about it changes nothing (docs/joins.md, B).
    expect(await outcomeOf(callAnonymously('activateAccount', { uid: user.uid }))).toBe('failed-precondition');
    expect(await userDoc(user.uid)).toEqual(before);

    expect(await browser.call('activateAccount', { uid: user.uid })).toEqual({
      ...ok,
      inviter: null,
      inviteLink: null,
    });
    expect(await userDoc(user.uid)).toMatchObject({ isActive: true, isVerified: true });
    expect((await adminDb.collection('Friends').where('friendId', '==', user.uid).get()).empty).toBe(true);
    await browser.close();
  });
});

describe('activateAccount, asked by someone who is not signed in', () => {
  /**
   * Accounts in every state that keeps an anonymous activation from going through: none, an
   * address not verified yet (its browser still signed in), no record, a deleted record.
   */
  async function refusedStates(inviterId: string) {
    const unverified = new Browser();
    const { uid: notVerified } = await unverified.signUpWithEmail();
    await unverified.call('registerInvitee', { inviterId, name: 'Mira' });
    const noRecord = await adminAuth.createUser({ email: `${uniqueId('norecord')}@example.com`, emailVerified: true });
    await eventually(
      () => userDoc(noRecord.uid),
      (r) => r !== undefined,
      { what: "the trigger's record" },
    );
    await adminDb.collection('Users').doc(noRecord.uid).delete();
    const deleted = await verifiedEmailInvitee(inviterId);
    await adminDb.collection('Users').doc(deleted.uid).update({ isDeleted: true });
    return { unverified, notVerified, uids: [uniqueId('nobody'), notVerified, noRecord.uid, deleted.uid] };
  }

  /**
   * What a prober who is not signed in hears for one uid. "Could not be verified just now" (App
   * Check's consumption timed out on a busy machine) is asked again, as the page's "Try again" does:
   * it says nothing of the account, and the answer compared is the one that follows.
   */
  async function anonymousRefusal(uid: string, verificationCode?: string) {
    const data = verificationCode === undefined ? { uid } : { uid, verificationCode };
    return refusalOf(tryAgainWhenUnavailable(() => callAnonymously('activateAccount', data)));
  }

  it('hears the same for every account state with a verification code too, whichever the code', async () => {
    const inviter = await createInviter();
    // The prober's own account, and the code of its own verification e-mail: valid, never applied here.
    const prober = new Browser();
    const own = await prober.signUpWithEmail();
    await prober.call('registerInvitee', { inviterId: inviter.userId, name: 'Mallory' });
    await sendEmailVerification(own);
    const { oobCode } = await latestEmail(own.email ?? '', 'VERIFY_EMAIL');
    await prober.close();

    const { unverified, notVerified, uids } = await refusedStates(inviter.userId);
    await unverified.close();
    const disabled = await verifiedEmailInvitee(inviter.userId);
    await adminAuth.updateUser(disabled.uid, { disabled: true });
    const states = [...uids, disabled.uid];

    for (const verificationCode of [oobCode, 'not-a-code-at-all']) {
      const answers = await Promise.all(
        states.map(async (uid) => JSON.stringify(await anonymousRefusal(uid, verificationCode))),
      );
      expect(new Set(answers).size, answers.join('\n')).toBe(1);
      expect(answers[0]).toContain('functions/failed-precondition');
    }
    // Nothing was applied: the prober's own code still verifies the prober's own address.
    expect((await adminAuth.getUser(own.uid)).emailVerified).toBe(false);
    expect((await adminAuth.getUser(notVerified)).emailVerified).toBe(false);
  });

  it('hears the same for every account state, so probing uids tells nothing', async () => {
    const inviter = await createInviter();
    const { unverified, notVerified, uids } = await refusedStates(inviter.userId);

    const answers = await Promise.all(uids.map((uid) => anonymousRefusal(uid)));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]?.code).toBe('functions/failed-precondition');

    // The account itself, signed in, is told what is missing.
    const own = await unverified.call('activateAccount', { uid: notVerified }).catch((e: unknown) => e);
    expect((own as Error).message).toMatch(/^The email address is not verified yet/);
    await unverified.close();
  });
});
