/**
 * The invariants of one inviter, over all the journeys on their links: the invite funnel's counts,
 * no summary left due, and the push budget (docs/joins-inviter-side.md H).
 */
import { friendJoinCollapseId } from '@dayfocus/functions/owed-work/domain/push';
import { FRIEND_JOIN_PUSHES_PER_HOUR } from '@dayfocus/functions/owed-work/domain/push-budget';
import type { Outbox } from './inbox.js';
import type { Invariant, SoakInvariants } from './invariant.js';
import type { Inviter } from './journeys.js';
import { adminDb } from './store.js';

type JoinRecord = Record<string, unknown>;

/**
 * Checks one inviter, given the sign-ups the journeys made on their links, what their phone
 * received, and when the journeys stopped and the sweep began standing at later times.
 */
export async function checkInviter(
  inviter: Inviter,
  invariants: SoakInvariants,
  made: { signUps: number; outbox: Outbox; journeysEnded: string },
): Promise<void> {
  const snapshot = await adminDb.collection('_friendJoins').where('inviterId', '==', inviter.userId).get();
  const joins = snapshot.docs.map((doc) => doc.data());
  await checkFunnel(inviter, joins, made.signUps, invariants.funnel);
  const pushBudget = (await adminDb.collection('_pushBudgets').doc(inviter.userId).get()).data();
  invariants.leases.check(
    pushBudget?.['dueAt'] === undefined,
    () => `inviter ${inviter.userId}: a summary still due at ${String(pushBudget?.['dueAt'])}`,
  );
  checkPushBudget(inviter, joins, made.outbox, made.journeysEnded, invariants.budget);
}

/** The funnel's joins are the joins whose friendship was made; its sign-ups those the journeys made. */
async function checkFunnel(inviter: Inviter, joins: JoinRecord[], signUps: number, funnel: Invariant): Promise<void> {
  const created = joins.filter((join) => join['friendship'] === 'created').length;
  const shards = await adminDb.collection('_inviteFunnels').doc(inviter.userId).collection('shards').get();
  const counted = (event: string) => shards.docs.reduce((sum, doc) => sum + Number(doc.data()[event] ?? 0), 0);
  funnel.check(
    counted('joins') === created,
    () => `inviter ${inviter.userId}: funnel says ${counted('joins')} joins, ${created} made`,
  );
  funnel.check(
    counted('signUps') === signUps,
    () => `inviter ${inviter.userId}: funnel says ${counted('signUps')} sign-ups, ${signUps} made`,
  );
}

/**
 * H, in the journeys' real time (well under an hour): each join's own push has its collapse key;
 * any other key of this inviter's outbox is a summary's.
 */
function checkPushBudget(
  inviter: Inviter,
  joins: JoinRecord[],
  outbox: Outbox,
  journeysEnded: string,
  budget: Invariant,
): void {
  const ownKeys = new Set(joins.map((join) => friendJoinCollapseId(String(join['inviteeId']))));
  const ownDuringJourneys = [...outbox.firstSent].filter(([key, at]) => ownKeys.has(key) && at < journeysEnded);
  budget.check(
    ownDuringJourneys.length <= FRIEND_JOIN_PUSHES_PER_HOUR,
    () => `inviter ${inviter.userId}: ${ownDuringJourneys.length} friend-join pushes within the journeys' hour`,
  );
  const summarized = joins.filter((join) => join['push'] === 'summarized').length;
  const summaries = [...outbox.byCollapseId.keys()].filter((key) => !ownKeys.has(key)).length;
  budget.check(
    summarized === 0 || summaries > 0,
    () => `inviter ${inviter.userId}: ${summarized} joins summed up, no summary push delivered`,
  );
}
