import { callable, requireCaller } from '../platform/functions/callable.js';
import { inviteFlow, inviterFlow, verificationMailFlow } from '../composition/wiring/invites.js';
import { mailCodeKeySecret } from '../invites/adapters/mail-code-params.js';

/** Public: the inviter's name and picture for the invitation page. */
export const getInviter = callable('getInviter', (input) => inviterFlow.getInviter(input.inviterId));

/** Signed in with email and password, right after the account was made. */
export const registerInvitee = callable(
  'registerInvitee',
  (input, request) => inviteFlow.registerInvitee(requireCaller(request), input),
  { consumesBesideReads: true },
);

/** Signed in with email and password: our verification e-mail, within the address's limits. */
export const sendVerificationEmail = callable(
  'sendVerificationEmail',
  (input, request) => verificationMailFlow.send(requireCaller(request), input),
  { secrets: [mailCodeKeySecret] },
);
