/**
 * What `viral.ts` reads of the stack around its joins: the writes of the inviter's shared
 * documents while they run (polled), the owed work settling after them, and what they left:
 * friendships, history entries, pushes and the summary owed (docs/joins.md C and D, docs/joins-inviter-side.md H).
 */
import { collections } from '@dayfocus/contracts/records';
import { adminDb, eventually, pushesTo, urls } from '@dayfocus/stack/testing';
import type { DocumentReference } from 'firebase-admin/firestore';

/** How often the shared documents are read for their update times. */
export const POLL_MS = 100;

export interface WriteCounts {
  /** Distinct update times seen: a lower bound of its writes (two writes within one poll count once). */
  seen: number;
  /** The most seen within one second (whole seconds from the first poll). */
  maxPerSecond: number;
  /** Seen a second over the polled time. */
  meanPerSecond: number;
}

/**
 * Reads the documents' update times every POLL_MS (their `updatedAt` only, not the whole list)
 * until `stop()`, which answers each document's write counts.
 */
export function pollWrites(refs: Record<string, DocumentReference>): { stop(): Promise<Record<string, WriteCounts>> } {
  const names = Object.keys(refs);
  const seen = new Map<string, Map<string, number>>(names.map((name) => [name, new Map()]));
  const t0 = performance.now();
  let polling = true;
  const loop = (async () => {
    while (polling) {
      const next = performance.now() + POLL_MS;
      const snapshots = await adminDb.getAll(...Object.values(refs), { fieldMask: ['updatedAt'] }).catch(() => []);
      snapshots.forEach((snapshot, i) => {
        const times = seen.get(names[i] ?? '');
        const key = snapshot.updateTime?.toMillis().toString() ?? '';
        if (times && snapshot.exists && !times.has(key)) times.set(key, performance.now() - t0);
      });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
  })();
  return {
    async stop() {
      polling = false;
      await loop;
      const seconds = Math.max(1, (performance.now() - t0) / 1000);
      return Object.fromEntries(
        names.map((name) => {
          const at = [...(seen.get(name)?.values() ?? [])];
          const perSecond = new Map<number, number>();
          for (const ms of at) perSecond.set(Math.floor(ms / 1000), (perSecond.get(Math.floor(ms / 1000)) ?? 0) + 1);
          const counts = { seen: at.length, maxPerSecond: Math.max(0, ...perSecond.values()) };
          return [name, { ...counts, meanPerSecond: at.length / seconds }];
        }),
      );
    },
  };
}

/** Firestore trigger events the emulator has yet to deliver (`GET /emulator/v1/triggers`). */
async function pendingTriggerEvents(): Promise<number> {
  const response = await fetch(`${urls.firestore}/emulator/v1/triggers`);
  if (!response.ok) throw new Error(`GET /emulator/v1/triggers answered ${response.status}`);
  return ((await response.json()) as { pending?: number }).pending ?? 0;
}

/**
 * Waits until the inviter's joins are still: no trigger event pending, no join waiting for her
 * batch, no push claimed and not yet settled, and the count of her join records unchanged for `quietMs` (calls the client gave
 * up on may still commit). Throws, saying what was left, after `timeoutMs`; answers the time taken.
 */
export async function settle(inviterId: string, timeoutMs: number, quietMs = 5_000): Promise<number> {
  const started = Date.now();
  const joins = adminDb.collection(collections.friendJoins).where('inviterId', '==', inviterId);
  let last = { joins: -1, since: Date.now() };
  await eventually(
    async () => {
      const [count, sending, owed, pending] = await Promise.all([
        joins.count().get(),
        joins.where('push', '==', 'sending').count().get(),
        joins.where('history', '==', 'owed').count().get(),
        pendingTriggerEvents(),
      ]);
      const made = count.data().count;
      if (made !== last.joins) last = { joins: made, since: Date.now() };
      return {
        joins: made,
        claimsSending: sending.data().count,
        owingTheirBatch: owed.data().count,
        triggerEventsPending: pending,
        quietMs: Date.now() - last.since,
      };
    },
    (state) =>
      state.claimsSending === 0 &&
      state.owingTheirBatch === 0 &&
      state.triggerEventsPending === 0 &&
      state.quietMs >= quietMs,
    { timeoutMs, intervalMs: 500, what: `the joins of inviter ${inviterId} to settle (VIRAL_SETTLE_MS)` },
  );
  return Date.now() - started;
}

export interface Outcome {
  /** Friends documents of the inviter (`userId` her), and join records saying this join made the friendship. */
  friends: number;
  friendshipsCreated: number;
  /** Join records by their history state (C): written, owed, not-owed. */
  historyStates: Record<string, number>;
  /** Entries of these invitees in `NotificationHistory/{inviter}`, and the document's entries in all. */
  historyEntries: number;
  historyLength: number;
  /** Join records whose entry was written but is no longer in the list: dropped by a trim (D). */
  trimmed: number;
  /** Pushes to her token in the local outbox; those that sum others up. */
  pushes: number;
  summaryPushes: number;
  /** Joins held for a summary not yet sent (`heldCount`), and a summary in delivery. */
  heldForSummary: number;
  summaryInDelivery: boolean;
}

/** What the joins of `inviteeIds` left for the inviter. */
export async function readOutcome(inviterId: string, token: string, inviteeIds: ReadonlySet<string>): Promise<Outcome> {
  const [friends, joins, history, budget, pushes] = await Promise.all([
    adminDb.collection(collections.friends).where('userId', '==', inviterId).count().get(),
    adminDb.collection(collections.friendJoins).where('inviterId', '==', inviterId).get(),
    adminDb.collection(collections.notificationHistory).doc(inviterId).get(),
    adminDb.collection(collections.pushBudgets).doc(inviterId).get(),
    pushesTo(token),
  ]);
  const listed = new Set(
    ((history.get('history') as { userId?: string }[] | undefined) ?? []).map((entry) => entry.userId ?? ''),
  );
  const historyStates: Record<string, number> = {};
  let friendshipsCreated = 0;
  let trimmed = 0;
  for (const join of joins.docs) {
    const { friendship, history: state, inviteeId } = join.data() as Record<string, string>;
    if (friendship === 'created') friendshipsCreated += 1;
    historyStates[state ?? 'none'] = (historyStates[state ?? 'none'] ?? 0) + 1;
    if (state === 'written' && !listed.has(inviteeId ?? '')) trimmed += 1;
  }
  const bodies = pushes.map((push) => push.message.notification?.body ?? '');
  return {
    friends: friends.data().count,
    friendshipsCreated,
    historyStates,
    historyEntries: [...listed].filter((uid) => inviteeIds.has(uid)).length,
    historyLength: listed.size,
    trimmed,
    pushes: pushes.length,
    summaryPushes: bodies.filter((body) => / and \d+ others? accepted your invitation$/.test(body)).length,
    heldForSummary: Number(budget.get('heldCount') ?? 0),
    summaryInDelivery: budget.get('summary') !== undefined && budget.get('summary') !== null,
  };
}
