/**
 * What a request through a link that asks her first owes her (invites/domain/approvals.ts): its own
 * history entry and push, "Asha asks to join you", delivered by her batch as a join's are; never
 * folded into her summary of joins; and, approved, the join's entry and push, whose notification
 * takes the request's place on her phone.
 */
import { describe, expect, it } from 'vitest';
import hi from '@dayfocus/contracts/locales/hi';
import { inviterRecord } from '@dayfocus/stack/fixtures';
import { planBatch } from '../../src/owed-work/domain/join-batch.js';
import { pushClaimOf } from '../../src/owed-work/domain/push-claims.js';
import { FRIEND_JOIN_PUSHES_PER_HOUR as N, type PushBudget } from '../../src/owed-work/domain/push-budget.js';
import { friendJoinPush, joinRequestPush } from '../../src/owed-work/domain/push.js';
import { decideRequest, requestRecord } from '../../src/invites/domain/approvals.js';
import { serverText } from '../../src/platform/domain/server-text.js';

const now = new Date('2026-11-23T10:00:00.000Z');
const asha = inviterRecord({ userId: 'asha', fcmToken: 'token-asha', language: 'en' });
const base = (name: string) => ({
  inviterId: 'asha',
  inviteeId: name.toLowerCase(),
  inviteeName: name,
  pushAttempts: 0,
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
});
const full: PushBudget = { inviterId: 'asha', sentAt: Array.from({ length: N }, () => now.toISOString()) };

describe("a request's owed work", () => {
  it('is an entry of its own kind and a push that asks, from her batch', () => {
    const plan = planBatch(
      {
        inviterId: 'asha',
        joins: [requestRecord(base('Ravi'), 'clubLink01', now)],
        inviter: asha,
        budget: undefined,
        history: undefined,
      },
      now,
    );
    expect(plan.history).toEqual([
      expect.objectContaining({ type: 'join_request', userId: 'ravi', message: 'Ravi asks to join you' }),
    ]);
    const [claimed] = plan.joins;
    expect(claimed).toMatchObject({ push: 'sending', history: 'written', friendship: 'requested' });
    if (!claimed) throw new Error('expected the request');
    expect(pushClaimOf(claimed, now.toISOString(), { token: 'token-asha', language: 'en' }).asks).toBe(true);
  });

  it('gets no push of its own beyond her budget, and is never counted in her summary of joins', () => {
    const plan = planBatch(
      {
        inviterId: 'asha',
        joins: [requestRecord(base('Ravi'), 'clubLink01', now)],
        inviter: asha,
        budget: full,
        history: undefined,
      },
      now,
    );
    expect(plan).toMatchObject({ claimed: 0, held: 0, budget: null });
    expect(plan.joins[0]).toMatchObject({ push: 'not-owed', history: 'written' });
    expect(plan.joins[0]?.dueAt).toBeUndefined();
  });

  it("asks in her language, and the approved join's push replaces it on her phone", () => {
    const request = joinRequestPush('t', 'Ravi', 'ravi', serverText(hi));
    expect(request.notification.body).toBe('Ravi आपसे जुड़ना चाहते हैं');
    expect(request.data).toMatchObject({ type: 'join_request', topic: 'friend_join' });
    const join = friendJoinPush('t', 'Ravi', 'ravi');
    expect(request.apns.headers['apns-collapse-id']).toBe(join.apns.headers['apns-collapse-id']);
    expect(request.android.notification.tag).toBe(join.android.notification.tag);
  });

  it("approved, owes the join's entry and push anew; a claim of the request's push no longer holds", () => {
    const claimed = {
      ...requestRecord(base('Ravi'), 'clubLink01', now),
      push: 'sending' as const,
      pushClaimedAt: now.toISOString(),
      pushAttempts: 1,
    };
    const later = new Date(now.getTime() + 60_000);
    const decision = decideRequest(claimed, { approve: true, friendsAlready: false, inviteeGone: false }, later);
    if (decision.kind !== 'decided') throw new Error('expected a decision');
    expect(decision.friendship).toBe(true);
    expect(decision.record).toMatchObject({
      friendship: 'created',
      history: 'owed',
      push: 'undecided',
      pushAttempts: 0,
      createdAt: later.toISOString(),
    });
    expect(decision.record.pushClaimedAt).toBeUndefined();
    const batch = planBatch(
      { inviterId: 'asha', joins: [decision.record], inviter: asha, budget: undefined, history: undefined },
      later,
    );
    expect(batch.history).toEqual([
      expect.objectContaining({ type: 'friend_join', message: 'Ravi has accepted your invitation' }),
    ]);
  });
});
