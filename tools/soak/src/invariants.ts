/**
 * What must hold after a soak, read back from Firestore and the FCM stand-in's outbox: the
 * promises of docs/joins.md, journey by journey and inviter by inviter. Each invariant counts
 * its violations, with an example of each.
 */
import { friendJoinCollapseId } from '@dayfocus/functions/owed-work/domain/push';
import { FRIEND_JOIN_PUSHES_PER_HOUR } from '@dayfocus/functions/owed-work/domain/push-budget';
import { signUpsCounted, type Inviter, type JourneyOutcome } from './journeys.js';
import { adminDb } from './store.js';
import { collections } from '@dayfocus/contracts/records';

export interface InvariantResult {
  name: string;
  checked: number;
  violations: number;
  examples: string[];
}

class Invariant {
  checked = 0;
  violations = 0;
  readonly examples: string[] = [];
  constructor(readonly name: string) {}
  check(holds: boolean, example: () => string): void {
    this.checked++;
    if (holds) return;
    this.violations++;
    if (this.examples.length < 5) this.examples.push(example());
  }
  result(): InvariantResult {
    return { name: this.name, checked: this.checked, violations: this.violations, examples: this.examples };
  }
}

interface Outbox {
  /** collapse id → deliveries */
  byCollapseId: Map<string, number>;
  /** collapse id → the first delivery's real time */
  firstSent: Map<string, string>;
}

async function outboxOf(token: string): Promise<Outbox> {
  const snapshot = await adminDb.collection('_devPushOutbox').where('token', '==', token).get();
  const byCollapseId = new Map<string, number>();
  const firstSent = new Map<string, string>();
  for (const doc of snapshot.docs) {
    const data = doc.data() as { sentAt?: string; message?: { android?: { notification?: { tag?: string } } } };
    const tag = data.message?.android?.notification?.tag;
    if (!tag) continue;
    byCollapseId.set(tag, (byCollapseId.get(tag) ?? 0) + 1);
    const first = firstSent.get(tag);
    if (data.sentAt && (!first || data.sentAt < first)) firstSent.set(tag, data.sentAt);
  }
  return { byCollapseId, firstSent };
}

async function friendships(a: string, b: string): Promise<number> {
  const [one, other] = await Promise.all([
    adminDb.collection('Friends').where('userId', '==', a).where('friendId', '==', b).get(),
    adminDb.collection('Friends').where('userId', '==', b).where('friendId', '==', a).get(),
  ]);
  return one.size + other.size;
}

const DELIVERED = new Set(['sent', 'no-token', 'token-removed', 'not-owed', 'summarized']);

export interface Checked {
  invariants: InvariantResult[];
  duplicates: number;
}

/** Checks every journey and every inviter of the run. */
export async function checkInvariants(
  outcomes: readonly JourneyOutcome[],
  inviters: readonly Inviter[],
  /** When the journeys stopped and the sweep began standing at later times. */
  journeysEnded: string,
): Promise<Checked> {
  const one = new Invariant('exactly the friendships docs/joins.md says: one per pair, none where refused');
  const joinRecord = new Invariant('exactly one join record per joined pair, none where refused');
  const history = new Invariant("exactly one history entry per joined pair in the inviter's history");
  const delivered = new Invariant('every owed push delivered at least once');
  const kept = new Invariant('no record lost a field it had');
  const leases = new Invariant('no claim left past its lease, nothing left owed');
  const funnel = new Invariant("the funnel's sign-ups and joins equal those made");
  const budget = new Invariant(
    `at most ${FRIEND_JOIN_PUSHES_PER_HOUR} friend-join pushes an hour per inviter; the rest summed up in a summary push`,
  );
  let duplicates = 0;

  const outboxes = new Map<string, Outbox>();
  const historyOf = new Map<string, Record<string, unknown>[]>();
  for (const inviter of inviters) {
    outboxes.set(inviter.userId, await outboxOf(inviter.token));
    const data = (await adminDb.collection('NotificationHistory').doc(inviter.userId).get()).data();
    historyOf.set(inviter.userId, (data?.['history'] as Record<string, unknown>[] | undefined) ?? []);
  }

  /** inviter → sign-ups the journeys made, as their records show */
  const signUps = new Map<string, number>();
  for (const outcome of outcomes) {
    const invitee = outcome.inviteeId;
    if (!invitee) continue;
    const label = `journey ${outcome.plan.index} (${outcome.plan.kind}, invitee ${invitee})`;
    const signUp = (await adminDb.collection(collections.signUps).doc(invitee).get()).data();
    for (const inviterId of signUpsCounted(outcome.plan, signUp?.['invitedBy'])) {
      signUps.set(inviterId, (signUps.get(inviterId) ?? 0) + 1);
    }
    if (outcome.joins) {
      const inviterId = outcome.joins;
      const count = await friendships(inviterId, invitee);
      const join = (await adminDb.collection('_friendJoins').doc(`${inviterId}_${invitee}`).get()).data();
      // A journey that never finished may still have joined (its last answer lost): at most once.
      one.check(outcome.finished ? count === 1 : count <= 1, () => `${label}: ${count} friendships with ${inviterId}`);
      joinRecord.check(
        outcome.finished ? join !== undefined : count === 0 || join !== undefined,
        () => `${label}: no join record`,
      );
      const entries = (historyOf.get(inviterId) ?? []).filter(
        (entry) => entry['userId'] === invitee || entry['friendId'] === invitee,
      );
      const owesHistory = join?.['friendship'] === 'created';
      history.check(
        owesHistory ? entries.length === 1 : entries.length === 0,
        () => `${label}: ${entries.length} history entries`,
      );
      if (join) {
        const push = String(join['push']);
        const collapseId = friendJoinCollapseId(invitee);
        const deliveries = outboxes.get(inviterId)?.byCollapseId.get(collapseId) ?? 0;
        if (deliveries > 1) duplicates += deliveries - 1;
        const owed = push !== 'not-owed' && push !== 'summarized' && push !== 'no-token';
        delivered.check(
          DELIVERED.has(push) && (!owed || deliveries >= 1),
          () => `${label}: push ${push}, ${deliveries} deliveries`,
        );
        leases.check(
          push !== 'sending' && join['dueAt'] === undefined,
          () => `${label}: push ${push}, due ${String(join['dueAt'])}`,
        );
      }
    }
    for (const refused of outcome.never) {
      const count = await friendships(refused, invitee);
      one.check(count === 0, () => `${label}: friends with ${refused}, which the rules refuse`);
      const join = await adminDb.collection('_friendJoins').doc(`${refused}_${invitee}`).get();
      joinRecord.check(!join.exists, () => `${label}: a join record with ${refused}`);
    }
    if (outcome.before) {
      const now = (await adminDb.collection('Users').doc(invitee).get()).data() ?? {};
      const lost = Object.keys(outcome.before).filter(
        (field) => field !== 'updatedAt' && JSON.stringify(now[field]) !== JSON.stringify(outcome.before?.[field]),
      );
      kept.check(lost.length === 0, () => `${label}: changed or lost ${lost.join(', ')}`);
    }
  }

  for (const inviter of inviters) {
    const joins = await adminDb.collection('_friendJoins').where('inviterId', '==', inviter.userId).get();
    const created = joins.docs.filter((doc) => doc.data()['friendship'] === 'created').length;
    const shards = await adminDb.collection('_inviteFunnels').doc(inviter.userId).collection('shards').get();
    const counted = (event: string) => shards.docs.reduce((sum, doc) => sum + Number(doc.data()[event] ?? 0), 0);
    funnel.check(
      counted('joins') === created,
      () => `inviter ${inviter.userId}: funnel says ${counted('joins')} joins, ${created} made`,
    );
    const made = signUps.get(inviter.userId) ?? 0;
    funnel.check(
      counted('signUps') === made,
      () => `inviter ${inviter.userId}: funnel says ${counted('signUps')} sign-ups, ${made} made`,
    );
    const pushBudget = (await adminDb.collection('_pushBudgets').doc(inviter.userId).get()).data();
    leases.check(
      pushBudget?.['dueAt'] === undefined,
      () => `inviter ${inviter.userId}: a summary still due at ${String(pushBudget?.['dueAt'])}`,
    );
    // H, in the journeys' real time (well under an hour): each join's own push has its collapse
    // key; any other key of this inviter's outbox is a summary's.
    const outbox = outboxes.get(inviter.userId) as Outbox;
    const ownKeys = new Set(joins.docs.map((doc) => friendJoinCollapseId(String(doc.data()['inviteeId']))));
    const ownDuringJourneys = [...outbox.firstSent].filter(([key, at]) => ownKeys.has(key) && at < journeysEnded);
    budget.check(
      ownDuringJourneys.length <= FRIEND_JOIN_PUSHES_PER_HOUR,
      () => `inviter ${inviter.userId}: ${ownDuringJourneys.length} friend-join pushes within the journeys' hour`,
    );
    const summarized = joins.docs.filter((doc) => doc.data()['push'] === 'summarized').length;
    const summaries = [...outbox.byCollapseId.keys()].filter((key) => !ownKeys.has(key)).length;
    budget.check(
      summarized === 0 || summaries > 0,
      () => `inviter ${inviter.userId}: ${summarized} joins summed up, no summary push delivered`,
    );
  }

  return {
    invariants: [one, joinRecord, history, delivered, kept, leases, funnel, budget].map((invariant) =>
      invariant.result(),
    ),
    duplicates,
  };
}
