/** What each step of a sign-up sets on the app's record and on the server's sign-up record. */
import {
  emailSignUpRecord,
  socialSignUpRecord,
  type SignUpRecord,
  type UserRecord,
  missingFields,
} from '@dayfocus/contracts/records';
import type { InviteWay } from '@dayfocus/contracts/invite-ways';
import { PASSWORD_PROVIDER } from '../../platform/domain/errors.js';

/**
 * A record the companion made or completes, as it was before this call: none yet, one without
 * `isActive` (the base record the account trigger makes), or one whose inviter a companion
 * sign-up recorded. Only such records get notification defaults: an app user who never came
 * through an invitation keeps the app's own settings (the app always sets `isActive`).
 */
export function companionRecord(user: Partial<UserRecord> | undefined, signUp: SignUpRecord | undefined): boolean {
  return user === undefined || user.isActive === undefined || typeof signUp?.invitedBy === 'string';
}

export interface SignUpUpdates {
  user: Partial<UserRecord>;
  signUp: Partial<SignUpRecord>;
}

/**
 * What activation sets on the record: the flags where it has none (an email sign-up's), never
 * `false` to `true` (an account the app switched off stays off), and the time. The sign-up's proof
 * of its address is the door's to record (proofs.ts).
 */
export function activationUpdate(user: Partial<UserRecord>, input: { now: string }): SignUpUpdates {
  const update: Partial<UserRecord> = { updatedAt: input.now };
  if (user.isActive === undefined) update.isActive = true;
  if (user.isVerified === undefined) update.isVerified = true;
  return { user: update, signUp: {} };
}

/**
 * The way recorded with `inviterId`: the one recorded before for the same inviter (a sign-up
 * resumed or finished another way keeps how she first came), else the page's; null when the page
 * did not say, so that no other inviter's way stays beside her.
 */
export function recordedWay(
  signUp: Pick<SignUpRecord, 'invitedBy' | 'inviteWay'> | undefined,
  inviterId: string,
  way: InviteWay | undefined,
): InviteWay | null {
  return (signUp?.invitedBy === inviterId ? signUp.inviteWay : undefined) ?? way ?? null;
}

/** The link recorded with `inviterId`, as recordedWay: the first one, else the page's, else null. */
export function recordedLink(
  signUp: Pick<SignUpRecord, 'invitedBy' | 'inviteLink'> | undefined,
  inviterId: string,
  link: string | undefined,
): string | null {
  return (signUp?.invitedBy === inviterId ? signUp.inviteLink : undefined) ?? link ?? null;
}

export function emailSignUpUpdate(
  existing: Partial<UserRecord> | undefined,
  signUp: SignUpRecord | undefined,
  input: {
    userId: string;
    email: string;
    name: string;
    inviterId: string;
    way?: InviteWay | undefined;
    link?: string | undefined;
    now: string;
  },
): SignUpUpdates {
  return {
    user: {
      ...missingFields(existing, emailSignUpRecord(input), companionRecord(existing, signUp)),
      updatedAt: input.now,
    },
    signUp: signUp?.invitedBy
      ? {}
      : {
          invitedBy: input.inviterId,
          invitedVia: PASSWORD_PROVIDER,
          inviteWay: recordedWay(signUp, input.inviterId, input.way),
          inviteLink: recordedLink(signUp, input.inviterId, input.link),
        },
  };
}

/** A recorded inviter that still counts (`recordedCounts`, decided in join-decisions.ts) stays. */
export function socialSignUpUpdate(
  existing: Partial<UserRecord> | undefined,
  signUp: SignUpRecord | undefined,
  input: {
    userId: string;
    email: string;
    name: string | undefined;
    provider: string;
    inviterId: string;
    way?: InviteWay | undefined;
    link?: string | undefined;
    recordedCounts: boolean;
    now: string;
  },
): SignUpUpdates {
  const defaults = socialSignUpRecord({ userId: input.userId, email: input.email, name: input.name, now: input.now });
  // The flags only where the record has none: an account the app switched off stays off.
  return {
    user: { ...missingFields(existing, defaults, companionRecord(existing, signUp)), updatedAt: input.now },
    signUp: input.recordedCounts
      ? {}
      : {
          invitedBy: input.inviterId,
          invitedVia: input.provider,
          inviteWay: recordedWay(signUp, input.inviterId, input.way),
          inviteLink: recordedLink(signUp, input.inviterId, input.link),
        },
  };
}
