/**
 * A join as asked for (an Apple or Google sign-up, the activation link, the app's "accept"),
 * and what holds of it before anything is read: its invitee, the inviter it names, and the
 * refusals of a wrong provider or a self-invite. Who may then join whom is join-decisions.ts's.
 */
import type { InviteWay } from '@dayfocus/contracts/invite-ways';
import type { Caller } from '../../platform/domain/caller.js';
import { FlowError, SOCIAL_PROVIDERS } from '../../platform/domain/errors.js';

export type JoinRequest =
  | { kind: 'social-sign-up'; caller: Caller; provider: string; inviterId: string; way?: InviteWay | undefined }
  | { kind: 'activation'; caller: Caller | null; inviteeId: string; linkInviterId?: string | undefined }
  | { kind: 'accept-invite'; caller: Caller; inviterId: string };

export function inviteeOf(request: JoinRequest): string {
  return request.kind === 'activation' ? request.inviteeId : request.caller.uid;
}

/** The inviter the request names: read in the first round, and most often the one joined. */
export function inviterHintOf(request: JoinRequest): string | undefined {
  return request.kind === 'activation' ? request.linkInviterId : request.inviterId;
}

export function checkJoinRequest(request: JoinRequest): void {
  if (request.kind === 'social-sign-up' && !SOCIAL_PROVIDERS.has(request.provider)) {
    throw new FlowError('failed-precondition', 'completeSocialSignUp is for accounts signed in with Apple or Google');
  }
  if (request.kind !== 'activation' && request.inviterId === request.caller.uid) {
    throw new FlowError('invalid-argument', 'You cannot invite yourself');
  }
}
