/**
 * What a join writes: the friendship, the notification defaults and the join's record, which
 * carries what the join owes the inviter (her history entry, her push) to her next batch
 * (owed-work/domain/join-batch.ts). Planned from what one transaction read (planJoin). Pure: the
 * store reads the state once, these functions decide, the store writes once. No document the
 * inviter's other joins write is in a join's commit, the funnel's shards aside.
 *
 * A join is remembered per (inviter, invitee) in `_friendJoins/{inviterId}_{inviteeId}`
 * (owed-work/domain/friend-join.ts), apart from the Friends document (which the app may delete
 * on an unfriending), so that it happens once per pair however often a call is replayed.
 */
import { cleanDisplayName } from '@dayfocus/contracts/names';
import {
  defaultNotifications,
  friendDocumentId,
  friendRecord,
  acceptsInvitees,
  type FriendRecord,
  type UserRecord,
} from '@dayfocus/contracts/records';
import { withDueAt, type FriendJoin } from '../../owed-work/domain/friend-join.js';
import { NOTHING_OWED, owedToBatch } from '../../owed-work/domain/join-batch.js';
import { replayAsks } from '../../owed-work/domain/push-claims.js';
import { definedFields } from '../../platform/domain/defined-fields.js';
import { requestRecord, requestStanding } from './approvals.js';

/** Read in one transaction. */
export interface JoinState {
  inviteeId: string;
  inviterId: string | undefined;
  inviter: UserRecord | null;
  join: FriendJoin | undefined;
  /** A friendship in either direction exists already (made by the app, say). */
  friendsAlready: boolean;
  /** Notification defaults are owed: the companion made the record (companionRecord) and none exist. */
  notificationsOwed: boolean;
}

export interface JoinWrites {
  notifications?: ReturnType<typeof defaultNotifications>;
  friend?: { id: string; record: FriendRecord };
  /**
   * The join's record in full (a new join; `replaces`: a request lapsed, declined or not asked by
   * this door, made anew), or a replayed call's ask for owed work that is due.
   */
  join?: { create: FriendJoin; replaces?: true } | { update: Pick<FriendJoin, 'retryAskedAt' | 'updatedAt'> };
}

/** `requested`: through a link that asks her first, the pair waits for her (approvals.ts). */
export type JoinOutcome = 'joined' | 'already-friends' | 'joined-before' | 'requested' | 'no-inviter' | 'inviter-gone';

export interface JoinPlan {
  outcome: JoinOutcome;
  writes: JoinWrites;
}

export interface JoinInput {
  inviteeName: string;
  now: Date;
  /** The door asks her first (a link of hers with approval): the code of that link. */
  asksThrough?: string | undefined;
}

/**
 * A new join's record owes the inviter its history entry and an undecided push, which her next
 * batch delivers; through a door that asks her first, it is a request that owes her its own
 * (approvals.ts). A pair that has joined gets nothing new: a replay only asks for owed work that is due.
 */
export function planJoin(state: JoinState, input: JoinInput): JoinPlan {
  const writes: JoinWrites = {};
  if (state.notificationsOwed) writes.notifications = defaultNotifications(state.inviteeId, input.now.toISOString());
  const { inviterId, inviteeId } = state;
  if (!inviterId || inviterId === inviteeId) return { outcome: 'no-inviter', writes };
  const standing = state.join && requestStanding(state.join, input.now);
  // A request waiting for her, or one she declined, stays as it is through a door that asks her
  // (the person is not told of a no); any other door, or a lapsed request, joins anew.
  if (input.asksThrough && (standing === 'waiting' || standing === 'declined')) return { outcome: 'requested', writes };
  const replaces = standing !== undefined && standing !== 'joined';
  const join = replaces ? undefined : state.join;
  if (!join && !acceptsInvitees(state.inviter)) return { outcome: 'inviter-gone', writes };
  const now = input.now.toISOString();
  if (join) {
    const asks = replayAsks(join, input.now);
    return {
      outcome: 'joined-before',
      writes: asks ? { ...writes, join: { update: { retryAskedAt: now, updatedAt: now } } } : writes,
    };
  }
  const inviteeName = cleanDisplayName(input.inviteeName);
  const base = { inviterId, inviteeId, inviteeName, pushAttempts: 0, createdAt: now, updatedAt: now };
  const made = (record: FriendJoin): NonNullable<JoinWrites['join']> =>
    replaces ? { create: record, replaces: true } : { create: record };
  if (state.friendsAlready) {
    // Nothing is owed to a pair that were friends already: the record has no due time.
    writes.join = made(definedFields({ ...base, friendship: 'existed', ...NOTHING_OWED }));
    return { outcome: 'already-friends', writes };
  }
  if (input.asksThrough) {
    writes.join = made(requestRecord(base, input.asksThrough, input.now));
    return { outcome: 'requested', writes };
  }
  writes.join = made(definedFields(withDueAt({ ...base, friendship: 'created' as const, ...owedToBatch(input.now) })));
  writes.friend = {
    id: friendDocumentId(inviterId, inviteeId),
    record: friendRecord({ inviterId, inviteeId, inviteeName, now }),
  };
  return { outcome: 'joined', writes };
}
