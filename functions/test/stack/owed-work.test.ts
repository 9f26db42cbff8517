/**
 * What a join owes the inviter (the push, the history entry) is recorded with the
 * friendship and delivered by a retrying sweep, whatever failed on the way. Scheduled
 * functions do not fire in the emulator, so the tests run the sweep through its dev callable.
 */
import { describe, expect, it } from 'vitest';
import { friendJoinHistoryEntry } from '@dayfocus/contracts/records';
import {
  adminDb,
  callAnonymously,
  createInviter,
  fcmOutage,
  friendsBetween,
  historyOf,
  importVerifiedInvitees,
  joinOf,
  minutes,
  ok,
  pushesTo,
  joinsDelivered,
  sweepOwedPushes,
  uniqueId,
  userDoc,
  verifiedEmailInvitee,
  tryAgainWhenUnavailable,
} from './support.js';
import { FirestoreOwedWorkStore } from '../../src/owed-work/adapters/owed-work-store.js';
import { memoryLogger } from '../memory-logger.js';
import { firestoreDocumentSize } from '../document-size.js';

/**
 * A join whose push a sender claimed (its first attempt) just now and never settled: a sweep
 * that died after its claim (a join call's claim would start the trigger, which sends it).
 */
async function joinWithAStalledClaim() {
  const inviter = await createInviter();
  const invitee = await verifiedEmailInvitee(inviter.userId);
  await callAnonymously('activateAccount', { uid: invitee.uid });
  await joinsDelivered(inviter.userId); // the activation's own push, sent and settled
  const claimedAt = new Date();
  await adminDb
    .collection('_friendJoins')
    .doc(`${inviter.userId}_${invitee.uid}`)
    .update({
      push: 'sending',
      pushAttempts: 1,
      pushClaimedAt: claimedAt.toISOString(),
      pushSender: 'sweep',
      dueAt: new Date(claimedAt.getTime() + minutes(1)).toISOString(),
    });
  return { inviter, invitee, claimedAt };
}

/** An inviter whose phone FCM cannot reach right now, and an invitee who has just been activated. */
async function joinedWhileFcmIsDown() {
  const token = uniqueId('dev-outage');
  await fcmOutage(token, true);
  const inviter = await createInviter({ fcmToken: token });
  const invitee = await verifiedEmailInvitee(inviter.userId);
  expect(await callAnonymously('activateAccount', { uid: invitee.uid })).toMatchObject(ok);
  await joinsDelivered(inviter.userId); // its push tried once, and owed
  return { token, inviter, invitee };
}

describe('owed pushes are delivered by the sweep', () => {
  it('transport down leaves the push owed; transport back, one sweep sends it exactly once', async () => {
    const { token, inviter, invitee } = await joinedWhileFcmIsDown();
    expect(await friendsBetween(inviter.userId, invitee.uid)).toHaveLength(1);
    expect(await joinOf(inviter.userId, invitee.uid)).toMatchObject({
      push: 'pending',
      pushAttempts: 1,
      dueAt: expect.any(String),
    });
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(token)).toEqual([]);

    await fcmOutage(token, false);
    const due = new Date(Date.parse((await joinOf(inviter.userId, invitee.uid))?.dueAt as string) + 1000);
    await sweepOwedPushes(due);
    await sweepOwedPushes(new Date(due.getTime() + minutes(60)));
    expect(await pushesTo(token)).toHaveLength(1);
    const join = await joinOf(inviter.userId, invitee.uid);
    expect(join).toMatchObject({ push: 'sent', pushAttempts: 2 });
    expect(join).not.toHaveProperty('dueAt');
  });

  it('does not retry before the backoff has passed', async () => {
    const { token, inviter, invitee } = await joinedWhileFcmIsDown();
    await fcmOutage(token, false);
    await sweepOwedPushes(new Date());
    expect(await pushesTo(token)).toEqual([]);
    expect(await joinOf(inviter.userId, invitee.uid)).toMatchObject({ push: 'pending', pushAttempts: 1 });
  });

  it('a claim abandoned by a crash is taken over once its lease has passed, and not before', async () => {
    // The state a sender that died right after claiming leaves behind.
    const { inviter, invitee, claimedAt } = await joinWithAStalledClaim();
    expect(await pushesTo(inviter.fcmToken ?? '')).toHaveLength(1); // the activation's own

    await sweepOwedPushes(new Date(claimedAt.getTime() + 30_000));
    expect(await pushesTo(inviter.fcmToken ?? '')).toHaveLength(1);
    await sweepOwedPushes(new Date(claimedAt.getTime() + minutes(2)));
    expect(await pushesTo(inviter.fcmToken ?? '')).toHaveLength(2);
    await joinsDelivered(inviter.userId);
    expect(await joinOf(inviter.userId, invitee.uid)).toMatchObject({ push: 'sent', pushAttempts: 2 });
  });

  it("a sender too slow to settle before the sweep took its claim over leaves the sweep's outcome", async () => {
    const { inviter, invitee, claimedAt } = await joinWithAStalledClaim();
    const stalled = {
      inviterId: inviter.userId,
      inviteeId: invitee.uid,
      token: inviter.fcmToken ?? null,
      inviteeName: invitee.name,
      attempts: 1,
      claimedAt: claimedAt.toISOString(),
      history: 'written' as const,
    };
    await sweepOwedPushes(new Date(claimedAt.getTime() + minutes(2)));
    const afterSweep = await joinOf(inviter.userId, invitee.uid);
    expect(afterSweep).toMatchObject({ push: 'sent', pushAttempts: 2 });

    // The stalled sender wakes up with a failure to record: the store the functions use refuses it.
    const store = new FirestoreOwedWorkStore(adminDb, memoryLogger());
    const settled = await store.settlePush(stalled, { kind: 'retry', error: 'timeout' }, new Date());
    expect(settled).toBe(false);
    expect(await joinOf(inviter.userId, invitee.uid)).toEqual(afterSweep);
    await sweepOwedPushes(new Date(claimedAt.getTime() + minutes(60)));
    expect(await pushesTo(inviter.fcmToken ?? '')).toHaveLength(2); // no third, resent for nothing
  });

  it('gives up after a bounded number of attempts with a final failed status', async () => {
    const { token, inviter, invitee } = await joinedWhileFcmIsDown();
    let now = Date.now();
    for (let sweep = 0; sweep < 12; sweep++) {
      now += minutes(24 * 60);
      await sweepOwedPushes(new Date(now));
    }
    const join = await joinOf(inviter.userId, invitee.uid);
    expect(join).toMatchObject({ push: 'failed', pushAttempts: 6 });
    expect(join).not.toHaveProperty('dueAt');
    await fcmOutage(token, false);
    await sweepOwedPushes(new Date(now + minutes(24 * 60)));
    await callAnonymously('activateAccount', { uid: invitee.uid });
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(token)).toEqual([]);
  });
});

/** Sweeps an hour ahead until every join of the inviter is delivered (five sweeps at most). */
async function sweptUntilDelivered(inviterId: string): Promise<void> {
  for (let sweep = 1; ; sweep += 1) {
    await sweepOwedPushes(new Date(Date.now() + minutes(60)));
    try {
      await joinsDelivered(inviterId);
      return;
    } catch (error) {
      if (sweep === 5) throw error;
    }
  }
}

describe("the inviter's history never breaks", () => {
  /** A history document as a popular inviter's looks: entries with 80-character Hindi names, up to `bytes`. */
  async function fullHistory(inviterId: string, bytes: number) {
    const name = 'आ'.repeat(80);
    const history: ReturnType<typeof friendJoinHistoryEntry>[] = [];
    const data = { userId: inviterId, history, updatedAt: '2026-01-01T00:00:00.000Z' };
    for (let i = 0; ; i++) {
      const entry = friendJoinHistoryEntry({
        inviteeId: `old-${i}-${inviterId}`,
        inviteeName: name,
        now: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      });
      history.push(entry);
      if (firestoreDocumentSize(`NotificationHistory/${inviterId}`, data) > bytes) {
        history.pop();
        break;
      }
    }
    await adminDb.collection('NotificationHistory').doc(inviterId).set(data);
    return history.length;
  }

  it('a join on a history close to 1 MiB still makes the friendship; the oldest entries make room', async () => {
    const inviter = await createInviter();
    const before = await fullHistory(inviter.userId, 1_048_576 - 300);
    const invitee = await verifiedEmailInvitee(inviter.userId, 'आ'.repeat(80));

    expect(await callAnonymously('activateAccount', { uid: invitee.uid })).toMatchObject(ok);

    expect(await friendsBetween(inviter.userId, invitee.uid)).toHaveLength(1);
    await joinsDelivered(inviter.userId);
    expect(await pushesTo(inviter.fcmToken ?? '')).toHaveLength(1);
    const snapshot = await adminDb.collection('NotificationHistory').doc(inviter.userId).get();
    const history = snapshot.data()?.history as { userId: string }[];
    expect(firestoreDocumentSize(`NotificationHistory/${inviter.userId}`, snapshot.data() ?? {})).toBeLessThanOrEqual(
      1_048_576,
    );
    expect(history.at(-1)?.userId).toBe(invitee.uid);
    expect(history[0]?.userId).not.toBe(`old-0-${inviter.userId}`);
    expect(history.length).toBeLessThan(before);
    expect(history.at(-2)?.userId).toBe(`old-${before - 1}-${inviter.userId}`);
    expect(await joinOf(inviter.userId, invitee.uid)).toMatchObject({ history: 'written' });
  });

  // Past the trim's size already, so that the first batch trims; 40 at once, so that batches race
  // one another's trims (the viral soak appends more, on a short history).
  it('40 concurrent joins on a history close to its cap lose no entry they are owed', async () => {
    const inviter = await createInviter();
    await fullHistory(inviter.userId, 1_048_576 - 20_000);
    const invitees = await importVerifiedInvitees(inviter.userId, 40);
    const results = await Promise.all(
      invitees.map((i) =>
        tryAgainWhenUnavailable(() => callAnonymously('activateAccount', { uid: i.uid }, { timeoutMs: 300_000 })),
      ),
    );
    expect(results.every((r) => (r as typeof ok).status === ok.status)).toBe(true);
    // The schedule sweeps again and again, and so does this test: on a busy machine the joins'
    // triggers may still run after a sweep, and one that times out leaves its claim to the next.
    await sweptUntilDelivered(inviter.userId);
    const history = await historyOf(inviter.userId);
    const joined = new Set(history.map((e) => e.userId));
    expect(invitees.filter((i) => !joined.has(i.uid))).toEqual([]);
    expect(
      (await Promise.all(invitees.map((i) => friendsBetween(inviter.userId, i.uid)))).every((f) => f.length === 1),
    ).toBe(true);
    expect((await userDoc(inviter.userId))?.isDeleted).toBe(false);
  }, 600_000);
});
