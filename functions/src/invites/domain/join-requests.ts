/**
 * A join as asked for (an Apple or Google sign-up, the activation link, the app's "accept"),
 * and what holds of it before anything is read: its invitee, the inviter it names, and the
 * refusals of a wrong provider or a self-invite. Who may then join whom is join-decisions.ts's.
 */
import type { InviteWay } from '@dayfocus/contracts/invite-ways';
import type { Caller } from '../../platform/domain/caller.js';
import { FlowError, SOCIAL_PROVIDERS } from '../../platform/domain/errors.js';
import type { AccountFacts } from './inviter-choice.js';

/**
 * The activation door's joins (functions/src/activation/flows/door.ts) carry the account it read
 * and checked: the join reads it no more, and takes no caller. The app's "accept" is the app's own
 * call, its session checked here against the account the join reads.
 */
export type JoinRequest =
  | {
      kind: 'social-sign-up';
      inviteeId: string;
      account: JoinAccount;
      provider: string;
      /** The address the provider proved (the door bound it to the account). */
      address: string;
      name: string | undefined;
      inviterId: string;
      way?: InviteWay | undefined;
      /** The link whose page the sign-up came through, when it said. */
      link?: string | undefined;
    }
  | {
      kind: 'activation';
      inviteeId: string;
      account: JoinAccount;
      /** Nobody signed in: an account that never came through an invitation is refused. */
      anonymous: boolean;
      linkInviterId?: string | undefined;
    }
  | {
      kind: 'accept-invite';
      caller: Caller;
      inviterId: string;
      /** The code of the link the app read: its door holds the join, and it counts for it. */
      link?: string | undefined;
    };

/** The account as the door read it, with what the join decides on. */
export type JoinAccount = AccountFacts & { uid: string; email: string | undefined };

export function inviteeOf(request: JoinRequest): string {
  return request.kind === 'accept-invite' ? request.caller.uid : request.inviteeId;
}

/** The inviter the request names: read in the first round, and most often the one joined. */
export function inviterHintOf(request: JoinRequest): string | undefined {
  return request.kind === 'activation' ? request.linkInviterId : request.inviterId;
}

export function checkJoinRequest(request: JoinRequest): void {
  if (request.kind === 'social-sign-up' && !SOCIAL_PROVIDERS.has(request.provider)) {
    throw new FlowError('failed-precondition', 'completeSocialSignUp is for accounts signed in with Apple or Google');
  }
  if (request.kind !== 'activation' && request.inviterId === inviteeOf(request)) {
    throw new FlowError('invalid-argument', 'You cannot invite yourself');
  }
}
