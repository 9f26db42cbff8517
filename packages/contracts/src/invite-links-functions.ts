/**
 * The functions' manifest's rows (functions.ts joins them) of her invite links, one per chat
 * (invite-links.ts; docs/inviter-view.md, "Her links"), for the mobile app signed in as her. No
 * field names an inviter: each acts on the caller's own links, and a code of someone else's is
 * answered as a code nobody has. A web app's App Check token is refused.
 */
import { answer } from './function-answer.js';
import type { CreatedInviteLink, InviteLink, MyInviteLinks } from './invite-links.js';
import type { JoinDecisionAnswer, PendingJoins } from './join-approvals.js';
import type { RequestFields } from './requests.js';

export const inviteLinkRows = {
  createInviteLink: {
    trigger: 'callable',
    maxInstances: 5,
    why: 'the app, when an inviter makes a link for one chat: rare',
    caller: 'app',
    request: (fields: RequestFields) =>
      fields.object({
        name: fields.linkName(),
        maxJoins: fields.joinLimit(),
        expiresAt: fields.expiry(),
        approval: fields.approval(),
      }),
    answer: answer<CreatedInviteLink>(),
  },
  myInviteLinks: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'the app, when an inviter opens her links',
    caller: 'app',
    request: (fields: RequestFields) => fields.object({}),
    answer: answer<MyInviteLinks>(),
  },
  updateInviteLink: {
    trigger: 'callable',
    maxInstances: 5,
    why: 'the app, when an inviter renames a link or changes its limit, expiry or approval: rare',
    caller: 'app',
    // A field left out stays as it is; `null` clears a limit or an expiry.
    request: (fields: RequestFields) =>
      fields.object({
        code: fields.linkCode(),
        name: fields.linkNameIfAny(),
        maxJoins: fields.joinLimit(),
        expiresAt: fields.expiry(),
        approval: fields.approval(),
      }),
    answer: answer<InviteLink>(),
  },
  retireInviteLink: {
    trigger: 'callable',
    maxInstances: 5,
    why: 'the app, when an inviter closes a link for good: rare',
    caller: 'app',
    request: (fields: RequestFields) => fields.object({ code: fields.linkCode() }),
    answer: answer<InviteLink>(),
  },
  /** The people waiting for her through a link that asks her first (join-approvals.ts). */
  pendingJoins: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'the app, when an inviter opens the people waiting for her',
    caller: 'app',
    request: (fields: RequestFields) => fields.object({}),
    answer: answer<PendingJoins>(),
  },
  decideJoin: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'the app, when an inviter approves or declines a person waiting for her',
    caller: 'app',
    request: (fields: RequestFields) => fields.object({ userId: fields.userId(), approve: fields.approve() }),
    answer: answer<JoinDecisionAnswer>(),
  },
} as const;
