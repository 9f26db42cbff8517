/**
 * The functions' manifest's rows (functions.ts joins them) of the inviter's levers on her own
 * invitation, for the mobile app signed in as her: a pause, a limit and an expiry, and a new short
 * link in place of the old (invite-controls.ts; docs/app-contract.md). No field names an inviter:
 * each acts on the caller's own invitation, so nobody can act on someone else's.
 * A web app's App Check token is refused (functions/src/platform/functions/mobile-app.ts).
 */
import type { AppLinkAnswer } from './answers.js';
import { answer } from './function-answer.js';
import type { InvitationControls } from './invite-controls.js';
import type { RequestFields } from './requests.js';

export const inviterControlRows = {
  pauseInvitations: {
    trigger: 'callable',
    maxInstances: 5,
    why: 'the app, when an inviter pauses her invitation or opens it again: rare',
    caller: 'app',
    request: (fields: RequestFields) => fields.object({ paused: fields.paused() }),
    answer: answer<InvitationControls>(),
  },
  setInvitationLimits: {
    trigger: 'callable',
    maxInstances: 5,
    why: 'the app, when an inviter sets or clears a limit on her invitation: rare',
    caller: 'app',
    // A field left out stays as it is; `null` clears it; a new maxJoins starts a new count.
    request: (fields: RequestFields) => fields.object({ maxJoins: fields.joinLimit(), expiresAt: fields.expiry() }),
    answer: answer<InvitationControls>(),
  },
  renewInviteLink: {
    trigger: 'callable',
    maxInstances: 5,
    why: 'the app, when an inviter replaces her short link after it travelled too far: rare',
    caller: 'app',
    request: (fields: RequestFields) => fields.object({}),
    answer: answer<AppLinkAnswer>(),
  },
} as const;
