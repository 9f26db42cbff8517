import { describe, expect, it } from 'vitest';
import { matchingLanguage } from '@dayfocus/contracts/locale';
import hi from '@dayfocus/contracts/locales/hi';
import { inviterRecord } from '@dayfocus/stack/fixtures';
import { owesBatch, planBatch } from '../../src/owed-work/domain/join-batch.js';
import { PUSH_LEASE_MS, PUSH_MAX_ATTEMPTS, retryDelayMs } from '../../src/owed-work/domain/push-timing.js';
import { type FriendJoin } from '../../src/owed-work/domain/friend-join.js';
import {
  budgetDueAt,
  FRIEND_JOIN_PUSHES_PER_HOUR as N,
  joinPushDecision,
  nextPushAt,
  planSummary,
  PUSH_BUDGET_WINDOW_MS,
  pushAllowed,
  settledSummary,
  withPushCounted,
  type PushBudget,
  type SummaryClaim,
  type SummaryPush,
} from '../../src/owed-work/domain/push-budget.js';
import {
  friendJoinPush,
  friendJoinSummaryPush,
  friendJoinSummaryText,
  friendJoinText,
} from '../../src/owed-work/domain/push.js';
import { serverText } from '../../src/platform/domain/server-text.js';

const now = new Date('2026-11-23T10:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const iso = (ms: number) => at(ms).toISOString();
const minutes = (n: number) => n * 60_000;
/** A budget whose window holds claims at these minutes (relative to `now`). */
const budget = (claimMinutes: number[], more: Partial<PushBudget> = {}): PushBudget => ({
  inviterId: 'asha',
  sentAt: claimMinutes.map((m) => iso(minutes(m))),
  ...more,
});
const inviter = { token: 'token-asha', language: 'en' };
/** The claim a plan must have made. */
function claimOf(plan: { claim: SummaryClaim | null }): SummaryClaim {
  if (!plan.claim) throw new Error('expected a claim');
  return plan.claim;
}

const inHindi = serverText(hi);

describe('push texts', () => {
  it("speak the inviter's language: Hindi's file for 'hi', English for anything else", () => {
    expect(friendJoinText('Mira')).toBe('Mira has accepted your invitation');
    expect(friendJoinText('Mira', inHindi)).toBe('Mira ने आपका निमंत्रण स्वीकार कर लिया है');
  });

  it("take the inviter's stored language as the switched-on language it means, or none", () => {
    const on = ['en', 'hi', 'en-XA'];
    expect(['hi', 'hi-IN', ' HI ', 'hi_IN', 'en-xa', 'en-GB'].map((tag) => matchingLanguage(tag, on))).toEqual([
      'hi',
      'hi',
      'hi',
      'hi',
      'en-XA',
      'en',
    ]);
    for (const other of [undefined, null, '', 'fr', 'HIN', 'chi', 'english', 42])
      expect(matchingLanguage(other, on)).toBeUndefined();
    expect(matchingLanguage('bn', ['en', 'hi'])).toBeUndefined();
  });

  it('sum up joins: one other, many others, and a summary of one join is that join’s own text', () => {
    expect(friendJoinSummaryText('Asha', 15)).toBe('Asha and 14 others accepted your invitation');
    expect(friendJoinSummaryText('Asha', 2)).toBe('Asha and 1 other accepted your invitation');
    expect(friendJoinSummaryText('Asha', 1)).toBe('Asha has accepted your invitation');
    expect(friendJoinSummaryText('Asha', 15, inHindi)).toBe('Asha और 14 अन्य ने आपका निमंत्रण स्वीकार कर लिया है');
    expect(friendJoinSummaryText('Asha', 2, inHindi)).toBe('Asha और 1 अन्य ने आपका निमंत्रण स्वीकार कर लिया है');
    expect(friendJoinSummaryText('Asha', 1, inHindi)).toBe('Asha ने आपका निमंत्रण स्वीकार कर लिया है');
  });

  it('keep the product name as the title; the summary has a collapse id of its own', () => {
    const hindi = friendJoinPush('t', 'Mira', 'u9', inHindi);
    expect(hindi.notification).toEqual({ title: 'Dayfocus', body: 'Mira ने आपका निमंत्रण स्वीकार कर लिया है' });
    expect(hindi.data).toMatchObject({ title: 'Dayfocus', body: 'Mira ने आपका निमंत्रण स्वीकार कर लिया है' });
    expect(hindi.apns.headers['apns-collapse-id']).toBe(
      friendJoinPush('t', 'Mira', 'u9').apns.headers['apns-collapse-id'],
    );

    const summary = friendJoinSummaryPush('t', { inviterId: 'asha', id: iso(0), name: 'Mira', count: 3 });
    expect(summary.notification).toEqual({ title: 'Dayfocus', body: 'Mira and 2 others accepted your invitation' });
    expect(summary.data).toEqual({
      title: 'Dayfocus',
      body: 'Mira and 2 others accepted your invitation',
      topic: 'friend_join',
      type: 'friend_join',
    });
    const id = summary.apns.headers['apns-collapse-id'];
    expect(id).toMatch(/^friend_join-[0-9a-f]{40}$/);
    expect(summary.android.notification.tag).toBe(id);
    // A retry of the same summary (more joins folded in) replaces it; another summary does not.
    const retried = friendJoinSummaryPush('t', { inviterId: 'asha', id: iso(0), name: 'Ravi', count: 5 }, inHindi);
    expect(retried.apns.headers['apns-collapse-id']).toBe(id);
    const next = friendJoinSummaryPush('t', { inviterId: 'asha', id: iso(1), name: 'Mira', count: 3 });
    expect(next.apns.headers['apns-collapse-id']).not.toBe(id);
    expect(friendJoinPush('t', 'Mira', 'asha').apns.headers['apns-collapse-id']).not.toBe(id);
  });
});

describe('the hour’s pushes, a rolling window', () => {
  it(`allows ${N} claims in any ${PUSH_BUDGET_WINDOW_MS / 60_000} minutes`, () => {
    expect(N).toBe(5);
    expect(pushAllowed(undefined, now)).toBe(true);
    expect(pushAllowed(budget([-50, -40, -30, -20]), now)).toBe(true);
    expect(pushAllowed(budget([-50, -40, -30, -20, -10]), now)).toBe(false);
    // The oldest claim leaves the window exactly an hour after it was made.
    expect(pushAllowed(budget([-60, -40, -30, -20, -10]), now)).toBe(true);
    expect(nextPushAt(budget([-50, -40, -30, -20, -10]), now)).toEqual(at(minutes(10)));
    expect(nextPushAt(budget([-20]), now)).toEqual(now);
    // A claim stamped later than now (a sweep run at a later time) counts too.
    expect(pushAllowed(budget([-10, 1, 2, 3, 4]), now)).toBe(false);
  });

  it('keeps only the claims that still matter', () => {
    expect(withPushCounted(budget([-120, -61, -30]), now)).toEqual([iso(minutes(-30)), iso(0)]);
    expect(withPushCounted(undefined, now)).toEqual([iso(0)]);
  });

  it('a new join gets a push of its own while the window has room and no summary is owed', () => {
    expect(joinPushDecision(undefined, now)).toBe('claim');
    expect(joinPushDecision(budget([-10, -9, -8, -7]), now)).toBe('claim');
    expect(joinPushDecision(budget([-10, -9, -8, -7, -6]), now)).toBe('hold');
    expect(joinPushDecision(budget([], { heldCount: 2 }), now)).toBe('hold');
    const summary: SummaryPush = {
      id: iso(-1),
      count: 3,
      name: 'Ravi',
      inviteeId: 'ravi',
      state: 'pending',
      attempts: 1,
      claimedAt: iso(-1),
      dueAt: iso(minutes(4)),
    };
    expect(joinPushDecision(budget([], { summary }), now)).toBe('hold');
  });
});

describe("deciding a batch's pushes against the budget", () => {
  const asha = inviterRecord({ userId: 'asha', fcmToken: 'token-asha', language: 'hi' });
  /** A new join's record as its commit leaves it: the entry owed, the push undecided. */
  const joined = (name: string, minute: number): FriendJoin =>
    ({
      inviterId: 'asha',
      inviteeId: name.toLowerCase(),
      inviteeName: name,
      friendship: 'created',
      history: 'owed',
      historyDueAt: iso(minutes(minute + 1)),
      push: 'undecided',
      pushAttempts: 0,
      createdAt: iso(minutes(minute)),
      updatedAt: iso(minutes(minute)),
    }) satisfies FriendJoin;
  const names = ['Mira', 'Ravi', 'Anu', 'Dev', 'Isha', 'Kiran', 'Zoya'];

  it('gives the joins the window has room for a push each, in join order, and holds the rest for one summary', () => {
    // Shuffled as a query may find them: the batch orders them by when they joined.
    const joins = names.map((name, i) => joined(name, -names.length + i)).reverse();
    const plan = planBatch({ inviterId: 'asha', joins, inviter: asha, budget: budget([-30]), history: undefined }, now);
    expect(plan).toMatchObject({ claimed: N - 1, held: names.length - (N - 1), dropped: 0 });
    expect(plan.joins.map((join) => [join.inviteeName, join.push])).toEqual([
      ...names.slice(0, N - 1).map((name) => [name, 'sending']),
      ...names.slice(N - 1).map((name) => [name, 'summarized']),
    ]);
    expect(plan.joins.every((join) => join.history === 'written' && join.historyDueAt === undefined)).toBe(true);
    expect(plan.joins[0]).toMatchObject({ pushSender: 'trigger', pushAttempts: 1, dueAt: iso(PUSH_LEASE_MS) });
    expect(plan.budget).toMatchObject({
      sentAt: [iso(minutes(-30)), ...Array.from({ length: N - 1 }, () => iso(0))],
      heldCount: names.length - (N - 1),
      heldName: 'Zoya',
      heldInviteeId: 'zoya',
      dueAt: iso(minutes(30)),
    });
    // Every entry in join order, each dated at its join.
    expect(plan.history?.map((entry) => (entry as { userName: string }).userName)).toEqual(names);
    expect((plan.history?.[0] as { createdAt: string }).createdAt).toBe(iso(minutes(-names.length)));
  });

  it('adds to the joins held while a summary is owed, and claims nothing', () => {
    const plan = planBatch(
      {
        inviterId: 'asha',
        joins: [joined('Mira', -1)],
        inviter: asha,
        budget: budget([], { heldCount: 2 }),
        history: undefined,
      },
      now,
    );
    expect(plan).toMatchObject({ claimed: 0, held: 1, budget: { heldCount: 3, heldName: 'Mira' } });
  });

  it('an inviter without a token: entries written, no push, the budget untouched', () => {
    const tokenless = inviterRecord({ userId: 'asha', fcmToken: null });
    const plan = planBatch(
      { inviterId: 'asha', joins: [joined('Mira', -1)], inviter: tokenless, budget: undefined, history: undefined },
      now,
    );
    expect(plan.joins[0]).toMatchObject({ push: 'no-token', history: 'written' });
    expect(plan.joins[0]?.dueAt).toBeUndefined();
    expect(plan.budget).toBeNull();
    expect(plan.history).toHaveLength(1);
  });

  it('leaves joins another batch delivered as they are, and appends to the list already there', () => {
    const delivered = { ...joined('Ravi', -2), history: 'written' as const, push: 'sent' as const };
    const before = { userId: 'asha', history: [{ userId: 'old' }], updatedAt: iso(-1) };
    const plan = planBatch(
      { inviterId: 'asha', joins: [delivered, joined('Mira', -1)], inviter: asha, budget: undefined, history: before },
      now,
    );
    expect(plan.joins.map((join) => join.inviteeId)).toEqual(['mira']);
    expect(plan.history).toEqual([{ userId: 'old' }, expect.objectContaining({ userId: 'mira' })]);
    expect(owesBatch(delivered)).toBe(false);
    expect(owesBatch(joined('Mira', -1))).toBe(true);
  });
});

describe('the summary push', () => {
  const held = (count: number, more: Partial<PushBudget> = {}) =>
    budget([-50, -40, -30, -20, -10], {
      heldCount: count,
      heldName: 'Ravi',
      heldInviteeId: 'ravi',
      heldAt: iso(-1),
      dueAt: iso(minutes(10)),
      ...more,
    });

  it('waits until the window has room', () => {
    const plan = planSummary(held(14), inviter, at(minutes(5)));
    expect(plan.claim).toBeNull();
    expect(plan.update).toBeNull(); // dueAt is already the time the window has room
    expect(budgetDueAt(held(14), now)).toBe(iso(minutes(10)));
  });

  it('is claimed with a lease once it has, counting in the window, naming the most recent join', () => {
    const later = at(minutes(10));
    const plan = planSummary(held(14), inviter, later);
    expect(plan.claim).toEqual({
      inviterId: 'asha',
      token: 'token-asha',
      language: 'en',
      summary: {
        id: later.toISOString(),
        count: 14,
        name: 'Ravi',
        inviteeId: 'ravi',
        state: 'sending',
        attempts: 1,
        claimedAt: later.toISOString(),
        dueAt: new Date(later.getTime() + PUSH_LEASE_MS).toISOString(),
      },
    });
    expect(plan.update).toMatchObject({
      heldCount: 0,
      heldName: undefined,
      sentAt: [-40, -30, -20, -10].map((m) => iso(minutes(m))).concat(later.toISOString()),
      dueAt: new Date(later.getTime() + PUSH_LEASE_MS).toISOString(),
    });
  });

  it('is not claimed twice: a second look during the lease finds it taken', () => {
    const later = at(minutes(10));
    const first = planSummary(held(14), inviter, later);
    const after = { ...held(14), ...(first.update as Partial<PushBudget>), heldName: undefined } as PushBudget;
    const second = planSummary(after, inviter, new Date(later.getTime() + 1000));
    expect(second.claim).toBeNull();
  });

  it('a failed try is retried with backoff, folding in the joins held meanwhile; the last one is final', () => {
    const later = at(minutes(10));
    const first = planSummary(held(3), inviter, later);
    const claim = claimOf(first);
    const claimed = { ...held(3), ...(first.update as Partial<PushBudget>) } as PushBudget;
    const failed = settledSummary(claimed, claim, { kind: 'retry', error: 'down' }, later);
    expect(failed).toMatchObject({
      summary: { state: 'pending', attempts: 1, dueAt: new Date(later.getTime() + retryDelayMs(1)).toISOString() },
    });
    const pending = { ...claimed, ...(failed as Partial<PushBudget>), heldCount: 2, heldName: 'Zoya' } as PushBudget;
    // Its backoff has passed, but the window is full until the claim of minute -40 leaves it.
    expect(planSummary(pending, inviter, new Date(later.getTime() + retryDelayMs(1))).claim).toBeNull();
    expect(budgetDueAt(pending, later)).toBe(iso(minutes(20)));
    const retry = planSummary(pending, inviter, at(minutes(20)));
    expect(retry.claim?.summary).toMatchObject({ id: claim?.summary.id, count: 5, name: 'Zoya', attempts: 2 });

    const last = { ...claim, summary: { ...claim.summary, attempts: PUSH_MAX_ATTEMPTS } };
    const lastBudget = { ...claimed, summary: last.summary };
    expect(settledSummary(lastBudget, last, { kind: 'retry', error: 'down' }, later)).toMatchObject({
      summary: undefined,
      lastSummary: { result: 'failed', count: 3 },
    });
  });

  it('a delivered summary owes nothing more; a settle by a sender whose claim was taken over changes nothing', () => {
    const later = at(minutes(10));
    const first = planSummary(held(3), inviter, later);
    const claim = claimOf(first);
    const claimed = { ...held(3), ...(first.update as Partial<PushBudget>) } as PushBudget;
    expect(settledSummary(claimed, claim, { kind: 'sent' }, later)).toMatchObject({
      summary: undefined,
      lastSummary: { result: 'sent', count: 3 },
      dueAt: undefined,
    });
    const takenOver = { ...claimed, summary: { ...claim.summary, claimedAt: iso(minutes(12)) } };
    expect(settledSummary(takenOver, claim, { kind: 'sent' }, later)).toBeNull();
  });

  it('an inviter without a token gets no summary, and the held joins are not owed one any more', () => {
    const plan = planSummary(held(3), { token: null, language: 'en' }, at(minutes(10)));
    expect(plan.claim).toBeNull();
    expect(plan.update).toMatchObject({ heldCount: 0, dueAt: undefined, lastSummary: { result: 'no-token' } });
    expect(plan.dropped).toEqual([{ count: 3, reason: 'no-token' }]);
  });

  it('a last attempt whose sender died is given up; joins held since get a summary of their own', () => {
    const dead: SummaryPush = {
      id: iso(-100),
      count: 4,
      name: 'Ravi',
      inviteeId: 'ravi',
      state: 'sending',
      attempts: PUSH_MAX_ATTEMPTS,
      claimedAt: iso(minutes(-2)),
      dueAt: iso(minutes(-1)),
    };
    const plan = planSummary(budget([-2], { summary: dead, heldCount: 1, heldName: 'Zoya' }), inviter, now);
    expect(plan.dropped).toEqual([{ count: 4, reason: 'failed' }]);
    expect(plan.claim?.summary).toMatchObject({ count: 1, name: 'Zoya', attempts: 1, id: iso(0) });
  });
});
