/**
 * The functions' manifest's rows (functions.ts, which holds them to its rules) of the inviter's own
 * view: her invitation's numbers and the people who joined through it, for the mobile app
 * (functions/src/invites/flows/my-invitations-flow.ts). A web app's App Check token is refused
 * (functions/src/platform/functions/mobile-app.ts).
 */
import { answer } from './function-answer.js';
import type { InviteWay } from './invite-ways.js';
import type { RequestFields } from './requests.js';

/** The days an answer covers: today (UTC) and the 29 before it. */
export const MY_INVITATIONS_DAYS = 30;
/** The people an answer lists at most; the next ones come with `nextCursor`. */
export const MY_INVITATIONS_PAGE = 50;

export interface InvitationCounts {
  /** The invitation page shown in a person's browser (the funnel's beacon). */
  views: number;
  /** Accounts that named her at sign-up for the first time. */
  signUps: number;
  /** Of those, accounts whose address was then proved (once per account). */
  confirmed: number;
  /** Friendships made with her through the invitation. */
  joins: number;
}

/**
 * `all` counts every event; `byWay` those whose way in was known. Events of a sign-up made before
 * ways were recorded (or by a page that did not say) are in `all` only.
 */
export interface InvitationFigures {
  all: InvitationCounts;
  byWay: Record<InviteWay, InvitationCounts>;
}

export interface InvitationDay extends InvitationFigures {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
}

/** Someone who became her friend through her invitation (a join the server made). */
export interface InvitedPerson {
  userId: string;
  /** The name the join recorded. */
  name: string;
  /** ISO time of the join. */
  joinedAt: string;
  /** Null for a join made before ways were recorded, or by a page that did not say. */
  way: InviteWay | null;
}

export interface MyInvitations {
  /**
   * The last MY_INVITATIONS_DAYS days, oldest first, every day present, and their total. Null on
   * a page asked for with a cursor: the app has them from the first page.
   */
  numbers: { days: InvitationDay[]; total: InvitationFigures } | null;
  /** Newest first, at most MY_INVITATIONS_PAGE. */
  people: InvitedPerson[];
  /** The cursor of the next page, or null when there is none. */
  nextCursor: string | null;
}

export const inviterViewRows = {
  myInvitations: {
    trigger: 'callable',
    maxInstances: 10,
    why: "the app, when an inviter opens her invitation's numbers, and once per further page of people",
    caller: 'app',
    // Signed in: her own numbers only (the caller's uid); no field names anyone.
    request: (fields: RequestFields) => fields.object({ cursor: fields.pageCursor() }),
    answer: answer<MyInvitations>(),
  },
} as const;
