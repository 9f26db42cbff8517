/**
 * The inviter's own levers on her invitation (docs/app-contract.md): a pause, a limit on the
 * friends it makes and an expiry, kept in `_inviteControls/{inviterId}` (ours), and the one rule
 * that says whether her invitation is closed. The join, the sign-up and her invitation page all
 * decide by `invitationClosure`, so that they never disagree on what "closed" means.
 */

/**
 * The shards of a limit's count (`_inviteControls/{inviterId}/limitShards/{n}`): a join under a
 * limit writes one of them, so that a viral inviter's joins do not queue on one document's write
 * rate (about one a second in production); the limit is split among them, so that the sum of
 * their counts never passes it.
 */
export const LIMIT_SHARDS = 10;

export const INVITE_LIMIT_SHARDS_COLLECTION = 'limitShards';

/** The largest limit an inviter may set, and the furthest expiry (in days from the call). */
export const MAX_JOINS_LIMIT = 1_000_000;
export const MAX_EXPIRY_DAYS = 366 * 5;

export interface InviteControlsRecord {
  inviterId: string;
  paused: boolean;
  /** The most friends her invitation makes from `limitSetAt` on; absent: no limit. */
  maxJoins?: number;
  /** When `maxJoins` was last set: the generation of the shards' counts (a shard of another counts 0). */
  limitSetAt?: string;
  /** ISO; from then on her invitation is closed. Absent: never. */
  expiresAt?: string;
  updatedAt: string;
}

/** One shard of a limit's count: the friends made through it since the limit of `limitSetAt`. */
export interface LimitShardRecord {
  limitSetAt: string;
  joins: number;
}

export type InvitationClosure = 'paused' | 'expired' | 'exhausted';

/** The shard's share of the limit: the limit split as evenly as whole joins allow. */
export function shardCapacity(maxJoins: number, shard: number): number {
  return Math.floor(maxJoins / LIMIT_SHARDS) + (shard < maxJoins % LIMIT_SHARDS ? 1 : 0);
}

/** A shard's count under the limit now set: a shard left from an earlier limit counts nothing. */
export function shardJoins(controls: InviteControlsRecord | undefined, shard: LimitShardRecord | undefined): number {
  return controls?.limitSetAt && shard?.limitSetAt === controls.limitSetAt ? shard.joins : 0;
}

/**
 * Why her invitation makes no new friend now, or null when it is open. `joins`: the friends made
 * under the limit, when it is known (the page and the sign-up sum the shards; the join decides a
 * limit by its shard, invites/domain/invite-limits.ts).
 */
export function invitationClosure(
  controls: InviteControlsRecord | undefined,
  now: Date,
  joins?: number,
): InvitationClosure | null {
  if (!controls) return null;
  if (controls.paused) return 'paused';
  if (controls.expiresAt && Date.parse(controls.expiresAt) <= now.getTime()) return 'expired';
  if (controls.maxJoins !== undefined && joins !== undefined && joins >= controls.maxJoins) return 'exhausted';
  return null;
}

/** What the inviter's levers answer: her invitation's state as it now is. */
export interface InvitationControls {
  paused: boolean;
  /** Null: no limit. */
  maxJoins: number | null;
  /** The friends made since the limit was set; null without a limit. */
  joinsSinceLimit: number | null;
  /** ISO, or null: no expiry. */
  expiresAt: string | null;
  /** Why it is closed now, or null when it is open. */
  closed: InvitationClosure | null;
}

/**
 * The refusal's details of a join or sign-up through a closed invitation (`failed-precondition`):
 * one answer whether she paused it, it expired or its limit was reached, which the web app and the
 * mobile app tell from every other refusal by this field.
 */
export const INVITATION_CLOSED_DETAILS = { invitation: 'closed' } as const;

export function isInvitationClosedRefusal(error: unknown): boolean {
  const details = (error as { details?: { invitation?: unknown } } | null)?.details;
  return details?.invitation === INVITATION_CLOSED_DETAILS.invitation;
}

/**
 * The refusal's details (`failed-precondition`) of a sign-up, or of "I already have an account",
 * through a page that names only her uid after she replaced her link (renewInviteLink): her old
 * link's pages admit nobody (docs/inviter-view.md, "A renewal closes the door").
 */
export const INVITATION_REPLACED_DETAILS = { invitation: 'replaced' } as const;

export function isInvitationReplacedRefusal(error: unknown): boolean {
  const details = (error as { details?: { invitation?: unknown } } | null)?.details;
  return details?.invitation === INVITATION_REPLACED_DETAILS.invitation;
}
