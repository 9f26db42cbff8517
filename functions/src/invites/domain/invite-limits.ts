/**
 * The inviter's levers on her invitation, decided (the record and its rule are the contracts'
 * invite-controls.ts): what a pause or a limit writes, what the levers answer, and the gate a new
 * join passes. Pure: the stores read, these decide, the stores write.
 *
 * A limit's count is split over LIMIT_SHARDS shards, each with its share of the limit: a join
 * under a limit looks at one shard (picked at random, in the join's first round of reads) and, when
 * it has room, writes its new count in the join's own commit on the condition that the shard is
 * still as seen, so that the count is exact under any concurrency and a viral inviter's joins spread
 * over the shards' write rates instead of queueing on one.
 *
 * Looked at, not read in the transaction: production's transactions lock what they read until they
 * commit (Google's emulator too), so joins that read the shard they meant to write waited on each
 * other; the last places of a limit drew every join to the same shard, and under Google's emulator,
 * which ends a deadlock only by a lock's time-out, 40 joins at once against a limit of 10 ran one
 * past its function's minute. A commit whose shard moved on fails on its condition alone, at once,
 * and the join runs again on a fresh look (adapters/limit-shards.ts). A shard seen full stays full
 * under its limit (a count only grows), so a look that sees every place taken is the limit reached.
 */
import {
  INVITATION_CLOSED_DETAILS,
  invitationClosure,
  LIMIT_SHARDS,
  MAX_EXPIRY_DAYS,
  shardCapacity,
  shardJoins,
  type InvitationControls,
  type InviteControlsRecord,
  type LimitShardRecord,
} from '@dayfocus/contracts/invite-controls';
import type { InviteLinkClosure } from '@dayfocus/contracts/invite-links';
import { FlowError } from '../../platform/domain/errors.js';

/** Whose limit: her invitation's, or a link's of hers for one chat. */
export type LimitOwner = { inviterId: string } | { code: string };

/**
 * A shard of a limit's count as a join looked at it, beside its transaction: `version` names the
 * state seen (the store's token; null: no shard written yet).
 */
export interface SeenShard {
  index: number;
  record: LimitShardRecord | undefined;
  version: string | null;
}

/** What a join's first round read of the inviter's levers: her record (in it), and one shard looked at. */
export interface JoinLimitState {
  controls: InviteControlsRecord | undefined;
  shard: SeenShard;
}

/** A shard's new count, written in the join's commit only if the shard is still at `version`. */
export interface ShardCount {
  index: number;
  record: LimitShardRecord;
  version: string | null;
}

export type JoinGate =
  | { kind: 'open'; count?: ShardCount }
  | { kind: 'closed'; closure: InviteLinkClosure }
  /** Her limit is set and the shard read has no room: the others decide (pickShard). */
  | { kind: 'shard-full' };

/** The one refusal of a join or a sign-up through a closed invitation, whatever closed it. */
export function closedInvitation(): FlowError {
  return new FlowError(
    'failed-precondition',
    'This person is not adding friends through this invitation right now',
    INVITATION_CLOSED_DETAILS,
  );
}

/** A new friend through her invitation: open, closed, or counted on the shard the join read. */
export function gateJoin(state: JoinLimitState, now: Date): JoinGate {
  const { controls, shard } = state;
  const closure = invitationClosure(controls, now);
  if (closure) return { kind: 'closed', closure };
  if (controls?.maxJoins === undefined || !controls.limitSetAt) return { kind: 'open' };
  const joins = shardJoins(controls, shard.record);
  if (joins >= shardCapacity(controls.maxJoins, shard.index)) return { kind: 'shard-full' };
  const record = { limitSetAt: controls.limitSetAt, joins: joins + 1 };
  return { kind: 'open', count: { index: shard.index, record, version: shard.version } };
}

/**
 * With every shard looked at (the join's shard was full): the next one with room after `from`, or
 * `exhausted` when the limit is reached. Walking on from the join's random shard keeps the
 * concurrent joins of a nearly full limit spread.
 */
export function pickShard(controls: InviteControlsRecord, shards: readonly SeenShard[], from: number): JoinGate {
  const { maxJoins, limitSetAt } = controls;
  if (maxJoins === undefined || !limitSetAt) return { kind: 'open' };
  for (let step = 1; step <= LIMIT_SHARDS; step++) {
    const index = (from + step) % LIMIT_SHARDS;
    const shard = shards[index];
    const joins = shardJoins(controls, shard?.record);
    if (joins < shardCapacity(maxJoins, index)) {
      const record = { limitSetAt, joins: joins + 1 };
      return { kind: 'open', count: { index, record, version: shard?.version ?? null } };
    }
  }
  return { kind: 'closed', closure: 'exhausted' };
}

/** The friends made under her limit: the shards of this limit summed. */
export function joinsUnderLimit(
  controls: InviteControlsRecord | undefined,
  shards: readonly (LimitShardRecord | undefined)[],
): number {
  return shards.reduce((sum, shard) => sum + shardJoins(controls, shard), 0);
}

export function controlsAnswer(
  controls: InviteControlsRecord | undefined,
  joins: number,
  now: Date,
): InvitationControls {
  const limited = controls?.maxJoins !== undefined;
  return {
    paused: controls?.paused ?? false,
    maxJoins: controls?.maxJoins ?? null,
    joinsSinceLimit: limited ? joins : null,
    expiresAt: controls?.expiresAt ?? null,
    closed: invitationClosure(controls, now, joins),
  };
}

function base(current: InviteControlsRecord | undefined, inviterId: string, now: Date): InviteControlsRecord {
  return { ...(current ?? { paused: false }), inviterId, updatedAt: now.toISOString() };
}

export function pausedControls(
  current: InviteControlsRecord | undefined,
  inviterId: string,
  paused: boolean,
  now: Date,
): InviteControlsRecord {
  return { ...base(current, inviterId, now), paused };
}

/**
 * A field left out stays; `null` clears it. A limit set (even to the same number) starts a new
 * count: its shards' earlier counts belong to another `limitSetAt` and count nothing.
 */
export function limitedControls(
  current: InviteControlsRecord | undefined,
  inviterId: string,
  change: { maxJoins?: number | null | undefined; expiresAt?: string | null | undefined },
  now: Date,
): InviteControlsRecord {
  const next = base(current, inviterId, now);
  if (change.maxJoins === null) {
    delete next.maxJoins;
    delete next.limitSetAt;
  } else if (change.maxJoins !== undefined) {
    next.maxJoins = change.maxJoins;
    next.limitSetAt = now.toISOString();
  }
  if (change.expiresAt === null) delete next.expiresAt;
  else if (change.expiresAt !== undefined) {
    const at = Date.parse(change.expiresAt);
    if (at > now.getTime() + MAX_EXPIRY_DAYS * 24 * 60 * 60 * 1000) {
      throw new FlowError('invalid-argument', `expiresAt must be within ${MAX_EXPIRY_DAYS} days`);
    }
    next.expiresAt = new Date(at).toISOString();
  }
  return next;
}
