import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import { callable, requireCaller } from '../platform/functions/callable.js';
import { inviteFlow, inviterFlow, verificationMailFlow, welcomeFlow } from '../composition/wiring.js';
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

/** Public: the verification link may be opened on a device where nobody is signed in. */
export const activateAccount = callable(
  'activateAccount',
  (input, request): Promise<ActivationAnswer> =>
    welcomeFlow.activate(input, request.auth ? requireCaller(request) : null),
  { consumesBesideReads: true },
);

/**
 * Signed in with email and password, in the tab that signed up: the code of the verification mail,
 * typed instead of opening its link. Answers as activation does.
 */
export const confirmEmailWithCode = callable(
  'confirmEmailWithCode',
  (input, request): Promise<ActivationAnswer> => welcomeFlow.confirmMailCode(requireCaller(request), input),
  { consumesBesideReads: true, secrets: [mailCodeKeySecret] },
);

/**
 * Signed in with Apple or Google. Answers as activation does, so that the welcome page greets
 * at once with the inviter now a friend and has her link for the stores.
 */
export const completeSocialSignUp = callable(
  'completeSocialSignUp',
  (input, request): Promise<ActivationAnswer> => welcomeFlow.completeSocialSignUp(requireCaller(request), input),
  { consumesBesideReads: true },
);
