/**
 * The documents the invite flow writes, built from plain values (docs/data-written.md).
 * Timestamps are ISO strings, as the mobile app reads them.
 */
import { brand } from './brand.js';
import { APP_VERSION, DEFAULT_COUNTRY, DEFAULT_LANGUAGE } from './limits.js';
import { cleanDisplayName } from './names.js';

export const collections = {
  users: 'Users',
  notifications: 'Notifications',
  friends: 'Friends',
  notificationHistory: 'NotificationHistory',
  /** One per (inviter, invitee) join: the friendship made, the history entry and push it owes (ours). */
  friendJoins: '_friendJoins',
  /** One per inviter: the friend-join pushes of the last hour and the summary owed (ours; push-budget.ts). */
  pushBudgets: '_pushBudgets',
  /** Short links by code: target, inviter, open counts (ours, in place of Dynamic Links). */
  appLinks: '_appLinks',
  /** One per inviter: the code (or provider link) that inviter's links resolve to. */
  appLinkOwners: '_appLinkOwners',
  /**
   * One per account that came through an invitation: the inviter its sign-up chose and what
   * proved that choice (ours; docs/joins.md, B). Never in `Users`, which the app's rules may let
   * the account's owner write.
   */
  signUps: '_signUps',
  /** One per inviter: its invite funnel, in day shards `shards/{day}_{n}` (ours; funnel.ts). */
  inviteFunnels: '_inviteFunnels',
  /**
   * The outbox of the Trigger Email extension (its MAIL_COLLECTION, docs/deploying.md): one
   * document a mail, `{ to, message: { subject, text, html } }`. Underscored as every collection
   * of ours: a verification link must be no client's to read, whatever the app's rules allow.
   */
  mail: '_mail',
  /** One per address (a SHA-256 of it): the verification mails sent to it in the last day (mail-limits.ts). */
  mailLogs: '_mailLogs',
  /**
   * One per request for the link that finishes a sign-up (mailSignUpLink): what was asked, written
   * before anything is looked up, and removed once a trigger has mailed it or turned it down.
   */
  signUpLinkRequests: '_signUpLinkRequests',
  /**
   * One per account: the keyed digest of its newest verification mail's short code, its tries, and
   * the account's wrong tries of the hour (functions/src/invites/domain/mail-codes.ts).
   */
  mailCodes: '_mailCodes',
  /**
   * One per proof of an address by its id (a kind and a digest, never the secret): the account and
   * the address it was made for, when, and once spent or voided, when (functions/src/invites/domain/
   * proofs.ts). A mail's link is written with the mail, the others when they are spent.
   */
  addressProofs: '_addressProofs',
  /**
   * The e-mail proof's nonces by a SHA-256 of the nonce, never the nonce: a digest of the holder
   * (the tab that asked), the expiry, and once spent, when (functions/src/email-proof/).
   */
  emailProofNonces: '_emailProofNonces',
  /** One per holder and per address asking for e-mail proof nonces: the stamps of the last hour. */
  emailProofLimits: '_emailProofLimits',
  /** One per client address making e-mail accounts through signUpWithEmail: the stamps of the last hour. */
  signUpLimits: '_signUpLimits',
  /** Sign-in handoff codes by their digest, never the code. */
  signInHandoffs: '_signInHandoffs',
  /** One per account: the digest of its live handoff code, which a new code replaces. */
  signInHandoffOwners: '_signInHandoffOwners',
  /** One per code prefix: the redemption attempts of the last minutes (a guesser's limit). */
  handoffAttempts: '_handoffAttempts',
  /** One per account locked because a handoff code was redeemed twice (account-locks.ts). */
  accountLocks: '_accountLocks',
  /** One per invite card drawn, by its address, so that the next instance asked for it draws nothing. */
  inviteCards: '_inviteCards',
  /** One per challenge of the App Check fallback, with its redemption: a solved challenge mints once. */
  attestationChallenges: '_attestationChallenges',
  /** One per address and per client asking the fallback for challenges: the stamps of the last hour. */
  attestationLimits: '_attestationLimits',
  /**
   * The fallback's figures per UTC day and arrival context, in shards `{day}_{context}_{n}`:
   * `challenges` (a page whose first attestation failed asked one) and `tokens` (one was redeemed).
   */
  attestationCounts: '_attestationCounts',
  /**
   * One per inviter who used her levers: her pause, limit and expiry, and under it her limit's
   * count in shards `limitShards/{n}` (invite-controls.ts).
   */
  inviteControls: '_inviteControls',
  /**
   * One per code she can say (spoken-codes.ts), by the code: the link it names, so that every
   * spoken code is one link's (ours; invite-links.ts).
   */
  spokenCodes: '_spokenCodes',
} as const;

export interface TaskCategory {
  id: number;
  category: string;
  selected: boolean;
  color: string;
}

export function defaultTaskCategories(): TaskCategory[] {
  return [
    { id: 1, category: 'work', selected: true, color: '#FC2769' },
    { id: 2, category: 'Finances', selected: false, color: '#29D5AB' },
    { id: 3, category: 'Relationships', selected: false, color: '#229BDF' },
    { id: 4, category: 'Personal Growth', selected: false, color: '#2047F9' },
    { id: 5, category: 'Mindfulness', selected: false, color: '#FC613E' },
    { id: 6, category: 'Health', selected: false, color: '#BF5AFF' },
  ];
}

/** Fields of a User record that the web companion writes or reads. */
export interface UserRecord {
  userId: string;
  appVersion: string;
  email: string;
  name: string;
  isDeleted: boolean;
  isActive?: boolean;
  isVerified?: boolean;
  language?: string;
  country?: string;
  typeOfTask: TaskCategory[];
  fcmToken?: string | null;
  /** Picture: an https URL, or a path in the default Storage bucket. Set by the app. */
  profileImage?: string | null;
  createdAt: string;
  updatedAt: string;
}

export type { SignUpRecord } from './sign-up-record.js';

function isBlank(value: unknown): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The fields of `defaults` that `existing` lacks. Sign-up steps write only these (plus the
 * flags and updatedAt their flow sets): a value the app or the person stored is never
 * overwritten, including fields this code does not know about. A field is lacking when it is
 * absent; a blank one (`null`, `''`) too, but only in a record the companion made (`ours`: the
 * account trigger's base record, a sign-up's), where a blank is a placeholder of ours. In a
 * record the app made, `null` and `''` are the app's values (docs/joins.md, A).
 */
export function missingFields<T extends object>(
  existing: Record<string, unknown> | undefined,
  defaults: T,
  ours: boolean,
): Partial<T> {
  const lacks = (value: unknown) => value === undefined || (ours && isBlank(value));
  return Object.fromEntries(Object.entries(defaults).filter(([key]) => lacks(existing?.[key]))) as Partial<T>;
}

/** A user record that exists and was not retired by the account-deletion trigger. */
export function isLiveUser(user: UserRecord | null): user is UserRecord {
  return user !== null && user.isDeleted !== true;
}

/**
 * An inviter people may join: a live record that the app has not switched off (`isActive:
 * false`). Anything else (`null`, absent) is not a switch. Whether Auth disabled the account is
 * told by Auth, not the record: the flows ask it too.
 */
export function acceptsInvitees(user: UserRecord | null): user is UserRecord {
  return isLiveUser(user) && user.isActive !== false;
}

export function emailSignUpRecord(input: { userId: string; email: string; name: string; now: string }): UserRecord {
  return {
    userId: input.userId,
    appVersion: APP_VERSION,
    email: input.email,
    name: input.name,
    isDeleted: false,
    typeOfTask: defaultTaskCategories(),
    createdAt: input.now,
    updatedAt: input.now,
  };
}

export function socialSignUpRecord(input: {
  userId: string;
  email: string;
  name: string | null | undefined;
  now: string;
}): UserRecord {
  return {
    ...emailSignUpRecord({
      userId: input.userId,
      email: input.email,
      name: cleanDisplayName(input.name),
      now: input.now,
    }),
    isActive: true,
    isVerified: true,
    language: DEFAULT_LANGUAGE,
    country: DEFAULT_COUNTRY,
  };
}

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

function reminderTime(hour: number, minute: number) {
  const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return { hour, minute, selectedDays: [...ALL_DAYS], time };
}

/** Default notification settings of a new user (docs/data-written.md). */
export function defaultNotifications(userId: string, now: string) {
  return {
    userId,
    appNotification: true,
    chat: { digestEmail: true, mentioned: true, newMessage: true, notification: true },
    conversation: true,
    dailyReview: { notification: true, notificationTime: reminderTime(21, 0) },
    dailyTaskReminder: { notification: true, notificationTime: reminderTime(9, 0) },
    [brand.eveningReviewFlag]: true,
    [brand.morningSetupFlag]: true,
    motivation: true,
    myFriends: { completedTasks: true, messageFriends: true, newTasks: true, notification: true },
    createdAt: now,
    updatedAt: now,
  };
}

export interface FriendRecord {
  userId: string;
  friendId: string;
  friendName: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The inviter (userId) gains the invitee (friendId) as a friend. */
export function friendRecord(input: {
  inviterId: string;
  inviteeId: string;
  inviteeName: string;
  now: string;
}): FriendRecord {
  return {
    userId: input.inviterId,
    friendId: input.inviteeId,
    friendName: input.inviteeName,
    isActive: true,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/**
 * Friends documents made by this flow have a deterministic id, so that two racing
 * activations can never both create one. (Records made elsewhere keep generated ids;
 * the friendship check queries by field and so finds both kinds.)
 */
export function friendDocumentId(inviterId: string, inviteeId: string): string {
  return `${inviterId}_${inviteeId}`;
}

export const FRIEND_JOIN = 'friend_join';

/** The history entry's text, in English whatever the inviter's language (the app renders it). */
export function friendJoinMessage(inviteeName: string): string {
  return `${inviteeName} has accepted your invitation`;
}

/** A join through a link of hers that asks her first: the entry and push of its request. */
export const JOIN_REQUEST = 'join_request';

/** The request's entry, in English as the join's (the app renders it, and opens her pending joins). */
export function joinRequestMessage(inviteeName: string): string {
  return `${inviteeName} asks to join you`;
}

export interface HistoryEntry {
  userId: string;
  type: typeof FRIEND_JOIN | typeof JOIN_REQUEST;
  userName: string;
  message: string;
  createdAt: string;
  updatedAt: string;
}

export function friendJoinHistoryEntry(input: { inviteeId: string; inviteeName: string; now: string }): HistoryEntry {
  return {
    userId: input.inviteeId,
    type: FRIEND_JOIN,
    userName: input.inviteeName,
    message: friendJoinMessage(input.inviteeName),
    createdAt: input.now,
    updatedAt: input.now,
  };
}

export function joinRequestHistoryEntry(input: { inviteeId: string; inviteeName: string; now: string }): HistoryEntry {
  return { ...friendJoinHistoryEntry(input), type: JOIN_REQUEST, message: joinRequestMessage(input.inviteeName) };
}
