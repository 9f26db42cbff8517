/**
 * No friendship through a closed invitation (docs/inviter-view.md, section 8), read back after a
 * soak: a journey through an invitation she paused or that expired joined nobody, whatever it was
 * answered; a sign-up she paused before its confirmation was activated with no friend; her limit
 * made at most its friends, each of its count's shards within its share, and the shards add up to
 * the friends made. The same through a link of hers for one chat: none through one she retired or
 * one that asks her first (its requests wait), at most its own limit through one with a limit.
 * Journey by journey, then inviter by inviter.
 */
import {
  INVITE_LIMIT_SHARDS_COLLECTION,
  shardCapacity,
  shardJoins,
  type InviteControlsRecord,
  type LimitShardRecord,
} from '@dayfocus/contracts/invite-controls';
import { linkControls, type LinkLeversRecord } from '@dayfocus/contracts/invite-links';
import { collections } from '@dayfocus/contracts/records';
import { CLOSED_LIMIT } from './closed-journeys.js';
import type { Invariant } from './invariant.js';
import { friendships } from './journey-invariants.js';
import type { ClosedWay, Inviter, JourneyOutcome } from './journeys.js';
import { adminDb } from './store.js';

/** For the report: the closed journeys' answers by way, and the friends each way's inviters made. */
export type ClosedFigures = Record<ClosedWay, { journeys: number; answers: Record<string, number>; friends: number }>;

/** Checks every closed journey of the run and their inviters; returns the report's figures. */
export async function checkClosed(outcomes: readonly JourneyOutcome[], closed: Invariant): Promise<ClosedFigures> {
  const figures = {} as ClosedFigures;
  const inviters = new Map<string, { inviter: Inviter; way: ClosedWay }>();
  for (const outcome of outcomes) {
    const way = outcome.plan.closed;
    if (!way) continue;
    const figure = (figures[way] ??= { journeys: 0, answers: {}, friends: 0 });
    figure.journeys++;
    for (const answer of outcome.closedAnswers ?? []) figure.answers[answer] = (figure.answers[answer] ?? 0) + 1;
    if (!outcome.finished) figure.answers['unfinished'] = (figure.answers['unfinished'] ?? 0) + 1;
    inviters.set(outcome.plan.inviter.userId, { inviter: outcome.plan.inviter, way });
    await checkClosedJourney(outcome, way, closed);
  }
  for (const { inviter, way } of inviters.values()) {
    (figures[way] as ClosedFigures[ClosedWay]).friends += await checkClosedInviter(inviter, way, closed);
  }
  return figures;
}

async function checkClosedJourney(outcome: JourneyOutcome, way: ClosedWay, closed: Invariant): Promise<void> {
  const { plan, inviteeId } = outcome;
  if (!inviteeId) return;
  const inviterId = plan.inviter.userId;
  const label = `journey ${plan.index} (${plan.kind}, her invitation ${way}, invitee ${inviteeId})`;
  const answers = outcome.closedAnswers ?? [];
  const count = await friendships(inviterId, inviteeId);
  const join = (await adminDb.collection(collections.friendJoins).doc(`${inviterId}_${inviteeId}`).get()).data();
  const made = join?.['friendship'] === 'created';
  if (way === 'limited' || way === 'link-limited') {
    // Her limit decides which of them join: each at most once, and none that every answer refused.
    const passed = answers.includes('joined');
    closed.check(
      count <= 1 && (passed || (count === 0 && !made)),
      () => `${label}: ${count} friendships, join ${String(join?.['friendship'])}, answers ${answers.join(', ')}`,
    );
    return;
  }
  closed.check(
    count === 0 && !made && !answers.includes('joined'),
    () => `${label}: ${count} friendships, join ${String(join?.['friendship'])}, answers ${answers.join(', ')}`,
  );
  if (way === 'link-asks' && outcome.finished) {
    // A link that asks her first: the journey's join waits for her, never decided in the run.
    closed.check(
      join?.['friendship'] === 'requested' && answers.every((answer) => answer === 'requested'),
      () => `${label}: join ${String(join?.['friendship'])}, answers ${answers.join(', ')}`,
    );
  }
  if (way === 'paused-after-sign-up' && outcome.finished) {
    // Begun before the pause and confirmed after: a real person keeps an active account, with no friend.
    const user = (await adminDb.collection('Users').doc(inviteeId).get()).data();
    closed.check(
      answers[0] === 'activated-closed' && user?.['isActive'] === true,
      () => `${label}: answered ${answers.join(', ')}, account active ${String(user?.['isActive'])}`,
    );
  }
}

/** Her friends and join records; for her limit, its shards. Returns the friendships she has. */
async function checkClosedInviter(inviter: Inviter, way: ClosedWay, closed: Invariant): Promise<number> {
  const { userId } = inviter;
  const friends = (await adminDb.collection('Friends').where('userId', '==', userId).get()).size;
  const joins = await adminDb.collection(collections.friendJoins).where('inviterId', '==', userId).get();
  const created = joins.docs.filter((doc) => doc.data()['friendship'] === 'created').length;
  if (way !== 'limited' && way !== 'link-limited') {
    closed.check(
      friends === 0 && created === 0,
      () => `inviter ${userId} (${way}): ${friends} friends, ${created} joins made`,
    );
    return friends;
  }
  // Her invitation's levers and shards, or her link's own (kept as hers are: linkControls).
  const levers = await leversOf(inviter, way);
  const { controls } = levers;
  const shards = await levers.ref.collection(INVITE_LIMIT_SHARDS_COLLECTION).get();
  const counts = shards.docs.map((doc) => ({
    index: Number(doc.id),
    joins: shardJoins(controls, doc.data() as LimitShardRecord),
  }));
  const counted = counts.reduce((sum, shard) => sum + shard.joins, 0);
  const over = counts.filter((shard) => shard.joins > shardCapacity(CLOSED_LIMIT, shard.index));
  closed.check(
    friends <= CLOSED_LIMIT && created === friends && counted === created && over.length === 0,
    () =>
      `inviter ${userId} (a limit of ${CLOSED_LIMIT}): ${friends} friends, ${created} joins made, ` +
      `${counted} counted, shards over their share: ${over.map((shard) => shard.index).join(', ') || 'none'}`,
  );
  return friends;
}

/** The record whose limit holds the door, as the join reads it, and where its count's shards are. */
async function leversOf(inviter: Inviter, way: 'limited' | 'link-limited') {
  if (way === 'limited') {
    const ref = adminDb.collection(collections.inviteControls).doc(inviter.userId);
    return { ref, controls: (await ref.get()).data() as InviteControlsRecord | undefined };
  }
  const ref = adminDb.collection(collections.appLinks).doc(inviter.chatLink ?? '-');
  const link = (await ref.get()).data() as LinkLeversRecord | undefined;
  return { ref, controls: link && linkControls(inviter.userId, link) };
}
