/**
 * What must hold after a soak, read back from Firestore and the FCM stand-in's outbox: the
 * promises of docs/joins.md, journey by journey (journey-invariants.ts) and inviter by inviter
 * (inviter-invariants.ts), and those through a closed invitation (closed-invariants.ts). Each
 * invariant counts its violations, with an example of each.
 */
import { checkClosed, type ClosedFigures } from './closed-invariants.js';
import { readInboxes, type Outbox } from './inbox.js';
import { soakInvariants, type InvariantResult } from './invariant.js';
import { checkInviter } from './inviter-invariants.js';
import { checkJourney } from './journey-invariants.js';
import type { Inviter, JourneyOutcome } from './journeys.js';

export interface Checked {
  invariants: InvariantResult[];
  duplicates: number;
  /** The journeys through a closed invitation: their answers and their inviters' friends. */
  closed: ClosedFigures;
}

/** Checks every journey and every inviter of the run. */
export async function checkInvariants(
  outcomes: readonly JourneyOutcome[],
  inviters: readonly Inviter[],
  /** When the journeys stopped and the sweep began standing at later times. */
  journeysEnded: string,
): Promise<Checked> {
  const invariants = soakInvariants();
  const inboxes = await readInboxes(inviters);
  /** inviter → sign-ups the journeys made, as their records show */
  const signUps = new Map<string, number>();
  let duplicates = 0;
  for (const outcome of outcomes) duplicates += await checkJourney(outcome, invariants, inboxes, signUps);
  for (const inviter of inviters) {
    await checkInviter(inviter, invariants, {
      signUps: signUps.get(inviter.userId) ?? 0,
      outbox: inboxes.get(inviter.userId)?.outbox as Outbox,
      journeysEnded,
    });
  }
  const closed = await checkClosed(outcomes, invariants.closed);
  return { invariants: Object.values(invariants).map((invariant) => invariant.result()), duplicates, closed };
}
