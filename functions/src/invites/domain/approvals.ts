/**
 * A link that asks her first (docs/inviter-view.md, "A link that asks her first"): a join through
 * it makes no friendship yet. Its record (`_friendJoins/{inviterId}_{inviteeId}`, the join's own)
 * says `requested`, owes her the request's history entry and push, and waits for her decision
 * (`decideJoin`) for REQUEST_LAPSE_MS. Approved, the record becomes the join it would have been,
 * owing her the join's entry and push; declined, it owes nothing and the person is not told. Pure:
 * the stores read, these functions decide.
 */
import type { JoinRequestRefusal } from '@dayfocus/contracts/join-approvals';
import { definedFields } from '../../platform/domain/defined-fields.js';
import { FlowError } from '../../platform/domain/errors.js';
import { NOTHING_OWED, owedToBatch } from '../../owed-work/domain/join-batch.js';
import { withDueAt, withOwedDropped, type FriendJoin } from '../../owed-work/domain/friend-join.js';

/** A request she has not decided in this time lapses: it leaves her list and can be asked again. */
export const REQUEST_LAPSE_MS = 30 * 24 * 60 * 60 * 1000;

/** Her pending joins answer at most this many, newest first: far beyond what she decides in a sitting. */
export const PENDING_JOINS_PAGE = 100;

/**
 * Where a pair's record stands: `joined` (a friendship made, or one that existed), `waiting` for her,
 * `declined`, or `lapsed` undecided.
 */
export type RequestStanding = 'joined' | 'waiting' | 'declined' | 'lapsed';

export function requestStanding(join: Pick<FriendJoin, 'friendship' | 'lapsesAt'>, now: Date): RequestStanding {
  if (join.friendship === 'declined') return 'declined';
  if (join.friendship !== 'requested') return 'joined';
  return join.lapsesAt !== undefined && Date.parse(join.lapsesAt) <= now.getTime() ? 'lapsed' : 'waiting';
}

/** A new request's record: the request's entry and push owed to her next batch. */
export function requestRecord(
  base: Pick<FriendJoin, 'inviterId' | 'inviteeId' | 'inviteeName' | 'pushAttempts' | 'createdAt' | 'updatedAt'>,
  link: string,
  now: Date,
): FriendJoin {
  return definedFields(
    withDueAt({
      ...base,
      friendship: 'requested' as const,
      link,
      requestedAt: now.toISOString(),
      lapsesAt: new Date(now.getTime() + REQUEST_LAPSE_MS).toISOString(),
      ...owedToBatch(now),
    }),
  );
}

export type RequestDecision =
  /** The record to write whole, and whether a friendship is made with it. */
  | { kind: 'decided'; record: FriendJoin; friendship: boolean }
  /** Decided so before (a replay): nothing to write. */
  | { kind: 'unchanged' };

/** A decision on what one transaction read of the pair (the store runs it: flows/ports.ts, ApprovalStore). */
export type DecideRequest = (
  join: FriendJoin | undefined,
  facts: { friendsAlready: boolean; inviteeGone: boolean },
) => RequestDecision;

const REQUEST_DETAILS = {
  decided: { request: 'decided' },
  lapsed: { request: 'lapsed' },
} as const satisfies Record<string, JoinRequestRefusal>;

/**
 * Her decision on a request. Approved: the record becomes the join (its entry and push owed anew,
 * dated now); a pair who became friends meanwhile owe nothing. Declined: nothing owed stays owed.
 * A decision already taken answers the same again; the other one is refused, as is a lapsed
 * request and one whose person is gone.
 */
export function decideRequest(
  join: FriendJoin | undefined,
  input: { approve: boolean; friendsAlready: boolean; inviteeGone: boolean },
  now: Date,
): RequestDecision {
  if (!join || input.inviteeGone || join.inviteeDeletedAt !== undefined) {
    throw new FlowError('not-found', 'Nobody asks to join you with this id');
  }
  const standing = requestStanding(join, now);
  if (standing === 'lapsed')
    throw new FlowError('failed-precondition', 'This request has lapsed', REQUEST_DETAILS.lapsed);
  if (standing !== 'waiting') {
    if ((standing === 'joined') === input.approve) return { kind: 'unchanged' };
    throw new FlowError('failed-precondition', 'This request was decided before', REQUEST_DETAILS.decided);
  }
  const at = now.toISOString();
  // A claim of the request's push in flight no longer holds (push-claims.ts, holdsPushClaim).
  const { pushClaimedAt: _c, pushSender: _s, pushDueAt: _d, pushLastError: _e, retryAskedAt: _r, ...kept } = join;
  const decided = { ...kept, decidedAt: at, updatedAt: at };
  if (!input.approve) {
    // The request's push and entry are no longer owed; one already settled stays as it was. A push
    // being sent lost its claim above, so it is no longer owed either.
    const push = join.push === 'sending' ? ('not-owed' as const) : join.push;
    const record = withOwedDropped({ ...decided, friendship: 'declined', push });
    return { kind: 'decided', record: definedFields(record), friendship: false };
  }
  if (input.friendsAlready) {
    const record = { ...decided, friendship: 'existed' as const, ...NOTHING_OWED, historyDueAt: undefined };
    return { kind: 'decided', record: definedFields(withDueAt(record)), friendship: false };
  }
  const record = withDueAt({
    ...decided,
    friendship: 'created' as const,
    createdAt: at,
    ...owedToBatch(now),
    pushAttempts: 0,
  });
  return { kind: 'decided', record: definedFields(record), friendship: true };
}
