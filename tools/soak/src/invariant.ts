/**
 * One promise of the soak, counted: how often it was checked and how often it failed, with the
 * first few failures as examples. And the promises a soak checks, named as its report prints
 * them (docs/reliability.md).
 */
import { FRIEND_JOIN_PUSHES_PER_HOUR } from '@dayfocus/functions/owed-work/domain/push-budget';

export interface InvariantResult {
  name: string;
  checked: number;
  violations: number;
  examples: string[];
}

export class Invariant {
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

/** A soak's invariants, unchecked yet, in the order its report lists them. */
export function soakInvariants() {
  return {
    friendships: new Invariant('exactly the friendships docs/joins.md says: one per pair, none where refused'),
    joinRecord: new Invariant('exactly one join record per joined pair, none where refused'),
    history: new Invariant("exactly one history entry per joined pair in the inviter's history"),
    delivered: new Invariant('every owed push delivered at least once'),
    kept: new Invariant('no record lost a field it had'),
    leases: new Invariant('no claim left past its lease, nothing left owed'),
    funnel: new Invariant("the funnel's sign-ups and joins equal those made"),
    budget: new Invariant(
      `at most ${FRIEND_JOIN_PUSHES_PER_HOUR} friend-join pushes an hour per inviter; the rest summed up in a summary push`,
    ),
    ending: new Invariant(
      'no journey ended on ABORTED or "Too much contention"; a journey that finished has no error left',
    ),
    closed: new Invariant(
      'no friendship through a paused, expired or exhausted invitation, nor a retired, exhausted or unapproved link; each limit makes at most its friends',
    ),
    viral: new Invariant("every viral journey finished, joined once, its entry in the viral inviter's history"),
    handoffSignIn: new Invariant(
      'a sign-in handoff signs the app in as the person who made it, with the handoff claim, for a session that lasts',
    ),
    handoffRetry: new Invariant(
      'the first redeemer asking again within two minutes, with its retry key, is let in (a retry, a replay)',
    ),
    handoffReuse: new Invariant(
      'a second installation is refused and locks the account: disabled, its sessions ended, its lock recorded',
    ),
  };
}

export type SoakInvariants = ReturnType<typeof soakInvariants>;
