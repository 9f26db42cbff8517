import { callable, requireCaller } from '../platform/functions/callable.js';
import { emailSignUpFlow, inviteFlow, inviterFlow, verificationMailFlow } from '../composition/wiring/invites.js';
import { clientOf } from '../platform/functions/client-address.js';
import { mailCodeKeySecret } from '../invites/adapters/mail-code-params.js';

/** Public: the inviter's name and picture for the invitation page. */
export const getInviter = callable('getInviter', (input) => inviterFlow.getInviter(input.inviterId, input.link));

/**
 * Public: the e-mail sign-up's one call (invites/flows/email-sign-up-flow.ts), the account made
 * here, within its client's limit. Its token is consumed beside the invitation's reads.
 */
export const signUpWithEmail = callable(
  'signUpWithEmail',
  (input, request) => emailSignUpFlow.start(input, clientOf(request.rawRequest)),
  { consumesBesideReads: true, secrets: [mailCodeKeySecret] },
);

/** Signed in with email and password, after the page resumed a sign-up left half-way through Auth. */
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
