/**
 * The invariants of one journey, read back from Firestore and the inviter's inbox: the pair it
 * joined (once, with its join record, history entry and push), the pairs the rules refuse (never),
 * an app user's record (every field kept), and the sign-in handoff's (handoff-invariants.ts).
 */
import { friendJoinCollapseId } from '@dayfocus/functions/owed-work/domain/push';
import { collections } from '@dayfocus/contracts/records';
import { checkHandoff } from './handoff-invariants.js';
import type { Inbox } from './inbox.js';
import type { SoakInvariants } from './invariant.js';
import { signUpsCounted, type JourneyOutcome } from './journeys.js';
import { adminDb } from './store.js';

const DELIVERED = new Set(['sent', 'no-token', 'token-removed', 'not-owed', 'summarized']);

/** What Firestore says when a document takes more writes than it sustains (or a transaction lost a race). */
const CONTENTION = /aborted|too much contention/i;

/** One journey under check: its outcome, the invitee it made, and how examples name it. */
interface Journey {
  outcome: JourneyOutcome;
  invitee: string;
  label: string;
}

/** The friendships between two people, in either direction (one, once they are friends). */
export async function friendships(a: string, b: string): Promise<number> {
  const [one, other] = await Promise.all([
    adminDb.collection('Friends').where('userId', '==', a).where('friendId', '==', b).get(),
    adminDb.collection('Friends').where('userId', '==', b).where('friendId', '==', a).get(),
  ]);
  return one.size + other.size;
}

/**
 * Checks one journey, and adds its sign-up to `signUps` (inviter → sign-ups the journeys made, as
 * their records show) for the funnel's check. Returns the duplicate deliveries of its join's push.
 */
export async function checkJourney(
  outcome: JourneyOutcome,
  invariants: SoakInvariants,
  inboxes: ReadonlyMap<string, Inbox>,
  signUps: Map<string, number>,
): Promise<number> {
  checkEnding(outcome, invariants);
  const invitee = outcome.inviteeId;
  if (!invitee) {
    const { index, kind } = outcome.plan;
    if (kind === 'viral')
      invariants.viral.check(false, () => `journey ${index} (viral): no account (${outcome.error})`);
    return 0;
  }
  const journey = {
    outcome,
    invitee,
    label: `journey ${outcome.plan.index} (${outcome.plan.kind}, invitee ${invitee})`,
  };
  const signUp = (await adminDb.collection(collections.signUps).doc(invitee).get()).data();
  for (const inviterId of signUpsCounted(outcome.plan, signUp?.['invitedBy'])) {
    signUps.set(inviterId, (signUps.get(inviterId) ?? 0) + 1);
  }
  const duplicates = outcome.joins ? await checkJoinedPair(journey, outcome.joins, invariants, inboxes) : 0;
  for (const refused of outcome.never) await checkRefusedPair(journey, refused, invariants);
  if (outcome.before) await checkRecordKept(journey, outcome.before, invariants);
  if (outcome.handoff) await checkHandoff({ ...journey, kind: outcome.plan.kind }, outcome.handoff, invariants);
  return duplicates;
}

/** The pair the journey joined: once, with its join record, history entry and push. */
async function checkJoinedPair(
  { outcome, invitee, label }: Journey,
  inviterId: string,
  invariants: SoakInvariants,
  inboxes: ReadonlyMap<string, Inbox>,
): Promise<number> {
  const count = await friendships(inviterId, invitee);
  const join = (await adminDb.collection('_friendJoins').doc(`${inviterId}_${invitee}`).get()).data();
  // A journey that never finished may still have joined (its last answer lost): at most once.
  invariants.friendships.check(
    outcome.finished ? count === 1 : count <= 1,
    () => `${label}: ${count} friendships with ${inviterId}`,
  );
  invariants.joinRecord.check(
    outcome.finished ? join !== undefined : count === 0 || join !== undefined,
    () => `${label}: no join record`,
  );
  const entries = (inboxes.get(inviterId)?.history ?? []).filter(
    (entry) => entry['userId'] === invitee || entry['friendId'] === invitee,
  );
  const owesHistory = join?.['friendship'] === 'created';
  invariants.history.check(
    owesHistory ? entries.length === 1 : entries.length === 0,
    () => `${label}: ${entries.length} history entries`,
  );
  if (outcome.plan.kind === 'viral') {
    invariants.viral.check(
      outcome.finished && count === 1 && join?.['history'] === 'written' && entries.length === 1,
      () =>
        `${label}: ${outcome.finished ? 'finished' : `unfinished (${outcome.error})`}, ${count} friendships,` +
        ` history ${String(join?.['history'])}, ${entries.length} entries`,
    );
  }
  if (!join) return 0;
  const deliveries = inboxes.get(inviterId)?.outbox.byCollapseId.get(friendJoinCollapseId(invitee)) ?? 0;
  checkJoinPush(label, join, deliveries, invariants);
  return deliveries > 1 ? deliveries - 1 : 0;
}

/**
 * How the journey ended: never on contention (a join's commit writes no document shared with the
 * inviter's other joins, so a crowd on one link must not make people fail), and a finished journey
 * with no error left (run-journey.ts clears the error of one that came back and finished).
 */
function checkEnding(outcome: JourneyOutcome, invariants: SoakInvariants): void {
  const { error, finished, plan } = outcome;
  invariants.ending.check(
    finished ? error === undefined : !CONTENTION.test(error ?? ''),
    () => `journey ${plan.index} (${plan.kind}): ${finished ? 'finished' : 'ended'} with ${error}`,
  );
}

/** The join's push: delivered if it was owed, and nothing claimed or due any more. */
function checkJoinPush(
  label: string,
  join: Record<string, unknown>,
  deliveries: number,
  invariants: SoakInvariants,
): void {
  const push = String(join['push']);
  const owed = push !== 'not-owed' && push !== 'summarized' && push !== 'no-token';
  invariants.delivered.check(
    DELIVERED.has(push) && (!owed || deliveries >= 1),
    () => `${label}: push ${push}, ${deliveries} deliveries`,
  );
  invariants.leases.check(
    push !== 'sending' && join['dueAt'] === undefined,
    () => `${label}: push ${push}, due ${String(join['dueAt'])}`,
  );
}

/**
 * A pair the rules refuse: no friendship, no join record; but for a request through a link that asks
 * her first, which waits for her (`requested`: closed-invariants.ts holds those to their link).
 */
async function checkRefusedPair(
  { invitee, label }: Journey,
  refused: string,
  invariants: SoakInvariants,
): Promise<void> {
  const count = await friendships(refused, invitee);
  invariants.friendships.check(count === 0, () => `${label}: friends with ${refused}, which the rules refuse`);
  const join = await adminDb.collection('_friendJoins').doc(`${refused}_${invitee}`).get();
  invariants.joinRecord.check(
    !join.exists || join.get('friendship') === 'requested',
    () => `${label}: a join record with ${refused} (${String(join.get('friendship'))})`,
  );
}

/** An app user's record: every field it had before the journey, unchanged (but `updatedAt`). */
async function checkRecordKept(
  { invitee, label }: Journey,
  before: Record<string, unknown>,
  invariants: SoakInvariants,
): Promise<void> {
  const now = (await adminDb.collection('Users').doc(invitee).get()).data() ?? {};
  const lost = Object.keys(before).filter(
    (field) => field !== 'updatedAt' && JSON.stringify(now[field]) !== JSON.stringify(before[field]),
  );
  invariants.kept.check(lost.length === 0, () => `${label}: changed or lost ${lost.join(', ')}`);
}
