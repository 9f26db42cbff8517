import { describe, expect, it } from 'vitest';
import { collections, friendDocumentId, friendRecord } from '@dayfocus/contracts/records';
import { withDueAt } from '../../src/owed-work/domain/friend-join.js';
import {
  adminDb,
  callAnonymously,
  createInviter,
  friendsBetween,
  historyOf,
  ok,
  pushesTo,
  joinsDelivered,
  eventually,
  uniqueId,
  userDoc,
  verifiedEmailInvitee,
} from './support.js';

/**
 * The state a crash right after the join's commit leaves behind: the friendship (with the
 * history entry) committed, and the push it owes in the given state.
 */
async function linkedWithPush(
  inviterId: string,
  invitee: { uid: string; name: string },
  push: Record<string, unknown>,
) {
  const now = new Date().toISOString();
  const id = friendDocumentId(inviterId, invitee.uid);
  await adminDb
    .collection('Friends')
    .doc(id)
    .set(friendRecord({ inviterId, inviteeId: invitee.uid, inviteeName: invitee.name, now }));
  const join = withDueAt({
    inviterId,
    inviteeId: invitee.uid,
    inviteeName: invitee.name,
    friendship: 'created',
    history: 'written',
    push: 'pending',
    pushAttempts: 0,
    pushDueAt: now,
    createdAt: now,
    updatedAt: now,
    ...push,
  });
  await adminDb.collection(collections.friendJoins).doc(id).set(join);
}

async function joinOf(inviterId: string, inviteeId: string) {
  return (await adminDb.collection(collections.friendJoins).doc(friendDocumentId(inviterId, inviteeId)).get()).data();
}

describe('push failures', () => {
  it('a failed push transport does not fail the activation, and the next activation after the backoff sends it', async () => {
    const inviter = await createInviter({ fcmToken: uniqueId('dev-unavailable') });
    const tokenBack = uniqueId('dev-phone-back');
    const invitee = await verifiedEmailInvitee(inviter.userId);
    expect(await callAnonymously('activateAccount', { uid: invitee.uid })).toMatchObject(ok);
    expect(await friendsBetween(inviter.userId, invitee.uid)).toHaveLength(1);
    await joinsDelivered(inviter.userId);
    expect(await joinOf(inviter.userId, invitee.uid)).toMatchObject({ push: 'pending', pushAttempts: 1 });

    // FCM is back: the app stored a working token meanwhile.
    await adminDb.collection('Users').doc(inviter.userId).update({ fcmToken: tokenBack });
    // A replay within the backoff spends no attempt (an outage may still last: docs/joins-inviter-side.md E).
    expect(await callAnonymously('activateAccount', { uid: invitee.uid })).toMatchObject(ok);
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(tokenBack)).toHaveLength(0);
    expect(await joinOf(inviter.userId, invitee.uid)).toMatchObject({ push: 'pending', pushAttempts: 1 });
    // Past the backoff (the join's retry time, made now), the next activation sends it.
    await adminDb
      .collection(collections.friendJoins)
      .doc(friendDocumentId(inviter.userId, invitee.uid))
      .update({
        pushDueAt: new Date(Date.now() - 1000).toISOString(),
        dueAt: new Date(Date.now() - 1000).toISOString(),
      });
    expect(await callAnonymously('activateAccount', { uid: invitee.uid })).toMatchObject(ok);
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(tokenBack)).toHaveLength(1);
    expect(await joinOf(inviter.userId, invitee.uid)).toMatchObject({ push: 'sent', pushAttempts: 2 });
    expect(await historyOf(inviter.userId)).toHaveLength(1);

    await callAnonymously('activateAccount', { uid: invitee.uid });
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(tokenBack)).toHaveLength(1);
  });

  it('a token FCM reports as not registered is removed from the inviter', async () => {
    const inviter = await createInviter({ fcmToken: uniqueId('dev-unregistered') });
    const invitee = await verifiedEmailInvitee(inviter.userId);
    expect(await callAnonymously('activateAccount', { uid: invitee.uid })).toMatchObject(ok);
    await joinsDelivered(inviter.userId);
    expect(await userDoc(inviter.userId)).not.toHaveProperty('fcmToken');
    expect(await joinOf(inviter.userId, invitee.uid)).toMatchObject({ push: 'token-removed' });
  });

  it('after a stale token is removed, joins push nothing until the app writes a new one; none is sent late', async () => {
    // FCM answers UNREGISTERED for an Android token unused for 270 days, as for an uninstalled app.
    const inviter = await createInviter({ fcmToken: uniqueId('dev-unregistered') });
    const first = await verifiedEmailInvitee(inviter.userId);
    await callAnonymously('activateAccount', { uid: first.uid });
    await joinsDelivered(inviter.userId);
    expect(await userDoc(inviter.userId)).not.toHaveProperty('fcmToken');

    const second = await verifiedEmailInvitee(inviter.userId);
    await callAnonymously('activateAccount', { uid: second.uid });
    await joinsDelivered(inviter.userId);
    expect(await joinOf(inviter.userId, second.uid)).toMatchObject({ push: 'no-token' });

    // The app opens again and registers: only the joins after that push, to the new token.
    const fresh = uniqueId('dev-fresh');
    await adminDb.collection('Users').doc(inviter.userId).update({ fcmToken: fresh });
    const third = await verifiedEmailInvitee(inviter.userId);
    await callAnonymously('activateAccount', { uid: third.uid });
    await joinsDelivered(inviter.userId);
    expect(await joinOf(inviter.userId, third.uid)).toMatchObject({ push: 'sent' });
    expect(await pushesTo(fresh)).toHaveLength(1);
    expect((await pushesTo(fresh))[0]?.message.notification?.body).toContain(third.name);
    expect(await historyOf(inviter.userId)).toHaveLength(3);
  });

  it('a bare invalid-argument keeps the token (it may be the payload) and leaves the push owed', async () => {
    const token = uniqueId('dev-invalid-argument');
    const inviter = await createInviter({ fcmToken: token });
    const invitee = await verifiedEmailInvitee(inviter.userId);
    expect(await callAnonymously('activateAccount', { uid: invitee.uid })).toMatchObject(ok);
    await joinsDelivered(inviter.userId);
    expect((await userDoc(inviter.userId))?.fcmToken).toBe(token);
    expect(await joinOf(inviter.userId, invitee.uid)).toMatchObject({ push: 'pending' });
  });
});

describe('a flow cut off in the middle is finished by a retry', () => {
  // Each case is the state a crash after one step of activation leaves behind.
  it('after the user was marked active (no notifications, no friendship yet)', async () => {
    const inviter = await createInviter();
    const invitee = await verifiedEmailInvitee(inviter.userId);
    await adminDb.collection('Users').doc(invitee.uid).update({ isActive: true, isVerified: true });
    expect(await callAnonymously('activateAccount', { uid: invitee.uid })).toMatchObject(ok);
    expect((await adminDb.collection('Notifications').doc(invitee.uid).get()).exists).toBe(true);
    expect(await friendsBetween(inviter.userId, invitee.uid)).toHaveLength(1);
    expect(await historyOf(inviter.userId)).toHaveLength(1);
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(inviter.fcmToken ?? '')).toHaveLength(1);
  });

  it('after the friendship was committed but before the push went out', async () => {
    const inviter = await createInviter();
    const invitee = await verifiedEmailInvitee(inviter.userId);
    await linkedWithPush(inviter.userId, invitee, { push: 'pending' });
    expect(await callAnonymously('activateAccount', { uid: invitee.uid })).toMatchObject(ok);
    expect(await friendsBetween(inviter.userId, invitee.uid)).toHaveLength(1);
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(inviter.fcmToken ?? '')).toHaveLength(1);
  });

  it('after a sender claimed the push and died (its lease runs out)', async () => {
    const inviter = await createInviter();
    const invitee = await verifiedEmailInvitee(inviter.userId);
    const longAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    const leaseEnd = new Date(Date.parse(longAgo) + 60_000).toISOString();
    await linkedWithPush(inviter.userId, invitee, {
      push: 'sending',
      pushClaimedAt: longAgo,
      pushDueAt: leaseEnd,
      pushAttempts: 1,
    });
    await callAnonymously('activateAccount', { uid: invitee.uid });
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(inviter.fcmToken ?? '')).toHaveLength(1);
    expect(await joinOf(inviter.userId, invitee.uid)).toMatchObject({ push: 'sent' });
  });

  it('a push that is being sent right now is not sent twice', async () => {
    const inviter = await createInviter();
    const invitee = await verifiedEmailInvitee(inviter.userId);
    const claimedAt = new Date();
    const leaseEnd = new Date(claimedAt.getTime() + 60_000).toISOString();
    await linkedWithPush(inviter.userId, invitee, {
      push: 'sending',
      pushClaimedAt: claimedAt.toISOString(),
      pushDueAt: leaseEnd,
      pushAttempts: 1,
    });
    await callAnonymously('activateAccount', { uid: invitee.uid });
    // The call left the live claim alone (so it queued nothing), and nothing was sent.
    expect(await joinOf(inviter.userId, invitee.uid)).toMatchObject({
      push: 'sending',
      pushAttempts: 1,
      pushClaimedAt: claimedAt.toISOString(),
    });
    expect(await pushesTo(inviter.fcmToken ?? '')).toEqual([]);
  });
});

describe('a function that dies right after its commit', () => {
  /** The local stack's fault switch (docs/reliability.md): every function dies right after a commit of the invite store. */
  async function crashAfterCommit(probability: number): Promise<void> {
    await adminDb.collection('_devCrashPoints').doc('after-commit').set({ probability, fired: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // each instance reads it at most once a second
  }

  it("leaves the push to the trigger on the join's record: it arrives without waiting for the claim's lease", async () => {
    const inviter = await createInviter();
    const invitee = await verifiedEmailInvitee(inviter.userId);
    await crashAfterCommit(1);
    try {
      await expect(callAnonymously('activateAccount', { uid: invitee.uid })).rejects.toThrow(/\[500\]/);
    } finally {
      await crashAfterCommit(0);
    }
    expect(await friendsBetween(inviter.userId, invitee.uid)).toHaveLength(1);
    // Well within the claim's 60 s lease, and no sweep runs on the local stack by itself.
    const pushes = await eventually(
      () => pushesTo(inviter.fcmToken ?? ''),
      (found) => found.length > 0,
      { what: 'the push of a join whose function died after its commit', timeoutMs: 20_000 },
    );
    expect(pushes).toHaveLength(1);
    await joinsDelivered(inviter.userId);
    expect(await joinOf(inviter.userId, invitee.uid)).toMatchObject({ push: 'sent', pushAttempts: 1 });
    expect(await historyOf(inviter.userId)).toHaveLength(1);
  });
});
