/**
 * The invariants of a sign-in handoff journey (handoff-steps.ts), from what its apps met and from
 * Auth afterwards: the app signed in as the person with the handoff claim, the first redeemer let
 * in again within two minutes (its retry key), and a second installation refused with the account
 * locked:
 * disabled, every session ended, and its lock recorded for its owner's recovery, whatever fault
 * fell between the lock's steps. (The friendship is the journey's joined pair,
 * journey-invariants.ts.)
 */
import { collections } from '@dayfocus/contracts/records';
import type { HandoffOutcome } from './journeys.js';
import type { SoakInvariants } from './invariant.js';
import { adminAuth, adminDb } from './store.js';

/** The journey under check: its kind, the invitee it made, and how examples name it. */
interface HandoffJourney {
  kind: string;
  invitee: string;
  label: string;
}

/** A session's state as Auth tells it now: `valid for {uid}`, or why not (`auth/id-token-revoked`). */
async function sessionState(idToken: string): Promise<string> {
  try {
    return `valid for ${(await adminAuth.verifyIdToken(idToken, true)).uid}`;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

export async function checkHandoff(
  { kind, invitee, label }: HandoffJourney,
  handoff: HandoffOutcome,
  invariants: SoakInvariants,
): Promise<void> {
  const { first } = handoff;
  // A journey that never got that far (unfinished) has nothing of the handoff to check.
  if (!first) return;
  const session = first.session;
  invariants.handoffSignIn.check(session?.uid === invitee && session.claim === true, () =>
    session
      ? `${label}: the app signed in as ${session.uid}, handoff claim ${String(session.claim)}`
      : `${label}: the app was refused (${first.answer})`,
  );
  if (first.retried > 0) {
    invariants.handoffRetry.check(
      first.answer === 'ok',
      () => `${label}: refused (${first.answer}) after ${first.retried} transient failures of the same installation`,
    );
  }
  if (handoff.replay !== undefined) {
    const replay = handoff.replay;
    invariants.handoffRetry.check(replay === 'ok', () => `${label}: the same installation asking again got ${replay}`);
  }
  const state = session ? await sessionState(session.idToken) : 'never made';
  if (kind === 'redeems') {
    invariants.handoffSignIn.check(
      !session || state === `valid for ${invitee}`,
      () => `${label}: the app's session is ${state}`,
    );
  }
  if (kind === 'redeems-twice' && handoff.second.length > 0) {
    const { disabled } = await adminAuth.getUser(invitee);
    const lock = (await adminDb.collection(collections.accountLocks).doc(invitee).get()).data();
    invariants.handoffReuse.check(
      handoff.second.every((answer) => answer === 'permission-denied') &&
        state === 'auth/user-disabled' &&
        disabled &&
        typeof lock?.recoveryDigest === 'string',
      () =>
        `${label}: the second installation got ${handoff.second.join(', ')}; the first session ${state};` +
        ` the account ${disabled ? 'disabled' : 'enabled'}; ${lock ? 'a lock' : 'no lock'} recorded`,
    );
  }
}
