/**
 * Who may join whom, decided from what a join's transaction read: the invitee's record, the
 * inviter the request names (the hint), and the account as Auth has it. One function per way
 * a join is asked for (an Apple or Google sign-up, the activation link, the app's "accept"),
 * each pure: it answers what to write on the invitee's record and which inviter to join, or
 * throws the FlowError the caller sees (nothing is written then). docs/joins.md has the rules.
 */
import type { SignUpRecord, UserRecord } from '@dayfocus/contracts/records';
import type { InviteWay } from '@dayfocus/contracts/invite-ways';
import { acceptsInvitees } from '@dayfocus/contracts/records';
import { FlowError } from '../../platform/domain/errors.js';
import { accountProved, recordedInviterCounts, type AccountFacts } from './inviter-choice.js';
import { activationUpdate, companionRecord, recordedLink, recordedWay, socialSignUpUpdate } from './sign-up-updates.js';
import type { JoinRequest } from './join-requests.js';
import { checkSession, disabledAccount } from '../../platform/domain/session.js';

export interface JoinFacts {
  user: Partial<UserRecord> | undefined;
  /** The server's own record of the sign-up: the inviter chosen and its proof (never the app's `Users`). */
  signUp: SignUpRecord | undefined;
  hintedInviter: UserRecord | null;
  account: AccountFacts | null;
}

export interface JoinDecision {
  /** Merged into the invitee's record; may be empty. */
  userUpdate: Partial<UserRecord>;
  /** Merged into the invitee's sign-up record; may be empty. */
  signUpUpdate: Partial<SignUpRecord>;
  inviterId: string | undefined;
  /** The invitee's name as it goes into the friendship, the history entry and the push. */
  inviteeName: string;
  /** A sign-up through the invitation: counted in the inviter's funnel with a new join. */
  countsSignUp: boolean;
  /** Its address proved by the sign-up itself (Apple, Google): counted once per account. */
  countsConfirmed: boolean;
  /** How the invitee came to the inviter joined, when known: counted with her funnel's events. */
  way: InviteWay | undefined;
  /** The code of the link the join came through, when known: its door holds the join (link-door.ts). */
  link?: string | undefined;
  /** The companion made this record (companionRecord): notification defaults are created if absent. */
  notificationDefaults: boolean;
  /** Why an inviter was not taken as named, for the logs. */
  note?: { message: string; fields: Record<string, unknown> };
}

const deletedAccount = () => new FlowError('failed-precondition', 'This account has been deleted');
const noInviter = () => new FlowError('not-found', 'No inviter with this id');

export function decideJoin(request: JoinRequest, facts: JoinFacts, now: Date): JoinDecision {
  switch (request.kind) {
    case 'social-sign-up':
      return decideSocialSignUp(request, facts, now);
    case 'activation':
      return decideActivation(request, facts, now);
    case 'accept-invite':
      return decideAcceptInvite(request, facts);
  }
}

/**
 * Apple or Google sign-up, by a new person or by someone who already uses the app: the record
 * is completed (never overwritten) and the inviter of the link they used is joined.
 */
function decideSocialSignUp(
  request: Extract<JoinRequest, { kind: 'social-sign-up' }>,
  { user, signUp, hintedInviter }: JoinFacts,
  now: Date,
): JoinDecision {
  const { inviteeId, inviterId, account } = request;
  if (user?.isDeleted) throw deletedAccount();
  if (!acceptsInvitees(hintedInviter)) throw noInviter();
  const update = socialSignUpUpdate(user, signUp, {
    userId: inviteeId,
    email: request.address,
    name: request.name,
    provider: request.provider,
    inviterId,
    way: request.way,
    link: request.link,
    // None is recorded, or the recorded one no longer counts (an email sign-up's inviter
    // after the address's owner took the account over): the link's inviter is recorded.
    recordedCounts: recordedInviterCounts(signUp, account),
    now: now.toISOString(),
  });
  return {
    userUpdate: update.user,
    signUpUpdate: update.signUp,
    inviterId,
    inviteeName: String(user?.name || update.user.name || ''),
    // A sign-up in the funnel when the account names this inviter for the first time (not an
    // email sign-up of the same inviter finished with Google or Apple, not a replay).
    countsSignUp: update.signUp.invitedBy === inviterId && signUp?.invitedBy !== inviterId,
    // The provider proved the address: confirmed with the inviter it records, unless a mail's
    // proof confirmed the sign-up before (the door counted that one).
    countsConfirmed: update.signUp.invitedBy === inviterId && !signUp?.signUpProvedAt,
    way: recordedWay(signUp, inviterId, request.way) ?? undefined,
    link: recordedLink(signUp, inviterId, request.link) ?? undefined,
    notificationDefaults: companionRecord(user, signUp),
  };
}

/**
 * Activation, signed in (the account itself) or not, once the account has proved its address (the
 * door has spent whatever proof the call brought: activation/flows/door.ts). The inviter is the one recorded at sign-up, and only while
 * it counts; the link's inviter is only a hint. Only a record the companion made is switched
 * on, and an anonymous call about an account that never came through an invitation is refused.
 */
function decideActivation(
  request: Extract<JoinRequest, { kind: 'activation' }>,
  { user, signUp }: JoinFacts,
  now: Date,
): JoinDecision {
  const { account } = request;
  if (account.disabled) throw disabledAccount();
  if (!accountProved(account)) throw new FlowError('failed-precondition', 'The email address is not verified yet');
  if (!user) throw new FlowError('failed-precondition', 'Sign-up has not been completed for this account');
  if (user.isDeleted) throw deletedAccount();
  if (request.anonymous && !signUp?.invitedBy)
    throw new FlowError('failed-precondition', 'No invitation was recorded for this account');
  const counts = recordedInviterCounts(signUp, account);
  const update = activationUpdate(user, { now: now.toISOString() });
  return {
    userUpdate: update.user,
    signUpUpdate: update.signUp,
    inviterId: counts ? signUp?.invitedBy : undefined,
    inviteeName: String(user.name ?? ''),
    countsSignUp: false,
    countsConfirmed: false,
    way: (counts ? signUp?.inviteWay : undefined) ?? undefined,
    link: (counts ? signUp?.inviteLink : undefined) ?? undefined,
    notificationDefaults: companionRecord(user, signUp),
    note: activationNote(request, signUp, counts),
  };
}

function activationNote(
  request: Extract<JoinRequest, { kind: 'activation' }>,
  signUp: SignUpRecord | undefined,
  counts: boolean,
): JoinDecision['note'] {
  const uid = request.inviteeId;
  const recorded = signUp?.invitedBy;
  if (recorded && !counts) {
    return {
      message: 'The inviter recorded at sign-up does not count (no proof by its own sign-up); no join',
      fields: { uid, recordedInviterId: recorded, invitedVia: signUp.invitedVia },
    };
  }
  if (request.linkInviterId && recorded && request.linkInviterId !== recorded) {
    return {
      message: 'Activation link names another inviter than the one recorded at sign-up; using the recorded one',
      fields: { uid, linkInviterId: request.linkInviterId, recordedInviterId: recorded },
    };
  }
  return undefined;
}

/**
 * "Add Asha as a friend?" accepted in the app, by a signed-in account that has proved its
 * address: the same join as a sign-up's, the invitee's record kept as it is.
 */
function decideAcceptInvite(
  request: Extract<JoinRequest, { kind: 'accept-invite' }>,
  { user, hintedInviter, account: found }: JoinFacts,
): JoinDecision {
  const account = checkSession(request.caller, found);
  if (!accountProved(account)) {
    throw new FlowError(
      'failed-precondition',
      'Confirm your email address (or sign in with Apple or Google) before accepting an invitation',
    );
  }
  if (!user) throw new FlowError('failed-precondition', 'Finish signing up in the app before accepting an invitation');
  if (user.isDeleted) throw deletedAccount();
  if (!acceptsInvitees(hintedInviter)) throw noInviter();
  return {
    userUpdate: {},
    signUpUpdate: {},
    inviterId: request.inviterId,
    inviteeName: String(user.name ?? ''),
    countsSignUp: false,
    countsConfirmed: false,
    // The app accepts a code of her short link: the link is the way, whichever source opened it.
    way: 'link',
    link: request.link,
    notificationDefaults: false,
  };
}

export function checkEmailSignUp(user: Partial<UserRecord> | undefined, inviter: UserRecord | null): void {
  if (user?.isDeleted) throw deletedAccount();
  if (!acceptsInvitees(inviter)) throw noInviter();
}
